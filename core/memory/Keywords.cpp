#include "memory/Keywords.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace grove::memory {

std::vector<Keyword> topKeywords(const std::vector<std::string>& tokens, size_t n,
                                 const DocumentFrequency& documentFrequency,
                                 size_t documentCount) {
  std::map<std::string, double> tf;  // ordered: ties resolve by term
  for (const auto& t : tokens) {
    if (t.size() < 2) continue;
    bool digits = std::all_of(t.begin(), t.end(),
                              [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (digits) continue;
    tf[t] += 1.0;
  }
  std::vector<Keyword> out;
  out.reserve(tf.size());
  double docs = static_cast<double>(documentCount);
  for (const auto& [term, count] : tf) {
    double df = documentFrequency ? static_cast<double>(documentFrequency(term)) : 0.0;
    double idf = std::log((1.0 + docs) / (1.0 + df)) + 1.0;
    out.push_back({term, (1.0 + std::log(count)) * idf});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Keyword& a, const Keyword& b) { return a.score > b.score; });
  if (out.size() > n) out.resize(n);
  return out;
}

std::vector<std::string> keywordTerms(const std::vector<std::string>& tokens, size_t n,
                                      const DocumentFrequency& documentFrequency,
                                      size_t documentCount) {
  std::vector<std::string> out;
  for (auto& k : topKeywords(tokens, n, documentFrequency, documentCount))
    out.push_back(std::move(k.term));
  return out;
}

}  // namespace grove::memory
