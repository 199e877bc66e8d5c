#include "memory/WindowScore.h"

#include <algorithm>
#include <cmath>

#include "text/Tokenizer.h"

namespace grove::memory {
namespace {

bool isWordByte(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char lower(unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c); }

bool beginsWith(std::string_view text, size_t at, const std::string& term) {
  if (term.empty() || static_cast<unsigned char>(term[0]) >= 0x80 || text.size() - at < term.size()) return false;
  for (size_t k = 0; k < term.size(); ++k)
    if (lower(static_cast<unsigned char>(text[at + k])) != term[k]) return false;
  return true;
}

}  // namespace

TermCounts& TermCounts::operator+=(const TermCounts& other) {
  tf.resize(std::max(tf.size(), other.tf.size()), 0.0);
  for (size_t i = 0; i < other.tf.size(); ++i) tf[i] += other.tf[i];
  length += other.length;
  return *this;
}

CountedTerms::CountedTerms(std::vector<std::string> terms) : terms_(std::move(terms)) {
  for (const auto& t : terms_) {
    // A term counts in either spelling ("agency" in "agencies"), once a word.
    others_.push_back(text::otherSpelling(t));
    if (t.empty()) continue;
    // Most words begin with none of these bytes and cost one lookup.
    const unsigned char c = static_cast<unsigned char>(t[0]);
    opens_[c] = true;
    if (c >= 'a' && c <= 'z') opens_[c - ('a' - 'A')] = true;
  }
}

TermCounts countTerms(std::string_view text, const CountedTerms& counted) {
  const std::vector<std::string>& terms = counted.terms_;
  TermCounts out;
  out.tf.assign(terms.size(), 0.0);
  out.length = static_cast<double>(text.size());
  // A term of Chinese, Japanese or Korean characters (text::tokenize's
  // bigrams) has no word boundaries to begin at: every occurrence counts.
  for (size_t t = 0; t < terms.size(); ++t)
    if (!terms[t].empty() && static_cast<unsigned char>(terms[t][0]) >= 0x80)
      for (size_t at = text.find(terms[t]); at != std::string_view::npos; at = text.find(terms[t], at + 1))
        out.tf[t] += 1;
  bool inWord = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const bool startsWord = isWordByte(c) && !inWord;
    inWord = isWordByte(c);
    if (!startsWord || !counted.opens_[c]) continue;
    for (size_t t = 0; t < terms.size(); ++t)
      if (beginsWith(text, i, terms[t]) || beginsWith(text, i, counted.others_[t])) out.tf[t] += 1;
  }
  return out;
}

std::vector<double> inverseDocumentFrequencies(const std::vector<std::string>& terms,
                                               const std::function<size_t(std::string_view)>& df,
                                               size_t documents) {
  std::vector<double> out;
  for (const auto& t : terms) {
    const double d = static_cast<double>(df(t));
    const double n = std::max(static_cast<double>(documents), d);
    out.push_back(std::log(1.0 + (n - d + 0.5) / (d + 0.5)));
  }
  return out;
}

std::vector<double> windowBm25(const std::vector<TermCounts>& windows, const std::vector<double>& idf,
                               Bm25Params params) {
  std::vector<double> out(windows.size(), 0.0);
  if (windows.empty()) return out;
  double meanLength = 0;
  for (const auto& w : windows) meanLength += w.length;
  meanLength = std::max(1.0, meanLength / static_cast<double>(windows.size()));
  for (size_t i = 0; i < windows.size(); ++i) {
    const double norm = bm25LengthNorm(windows[i].length, meanLength, params);
    for (size_t t = 0; t < idf.size() && t < windows[i].tf.size(); ++t)
      if (windows[i].tf[t] > 0) out[i] += bm25TermScore(idf[t], windows[i].tf[t], norm, params);
  }
  return out;
}

}  // namespace grove::memory
