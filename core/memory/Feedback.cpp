#include "memory/Feedback.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace grove::memory {

std::vector<std::string> feedbackTerms(const std::vector<std::string>& queryTokens,
                                       const std::vector<std::vector<std::string>>& feedback, const TermStats& stats,
                                       size_t maxTerms, size_t minDocuments) {
  std::unordered_set<std::string> query(queryTokens.begin(), queryTokens.end());
  struct Term {
    double weight = 0;
    size_t documents = 0;
  };
  std::unordered_map<std::string, Term> terms;
  size_t used = 0;
  for (const auto& doc : feedback) {
    if (doc.empty()) continue;
    ++used;
    std::unordered_map<std::string, size_t> tf;
    for (const auto& t : doc)
      if (!query.count(t)) tf[t] += 1;
    for (const auto& [t, n] : tf) {
      Term& x = terms[t];
      x.weight += double(n) / double(doc.size()) * stats.idf(t);
      x.documents += 1;
    }
  }
  size_t floor = std::min(minDocuments, used);
  std::vector<std::pair<std::string, double>> ranked;
  for (const auto& [t, x] : terms)
    if (x.documents >= floor) ranked.push_back({t, x.weight});
  std::sort(ranked.begin(), ranked.end(),
            [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  std::vector<std::string> out;
  for (size_t i = 0; i < ranked.size() && out.size() < maxTerms; ++i) out.push_back(ranked[i].first);
  return out;
}

}  // namespace grove::memory
