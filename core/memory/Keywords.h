// TF-IDF keywords of a memolet or a cluster: terms frequent here and rare in
// the collection. Works on text::tokenize tokens (stemmed, stopwords dropped).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace grove::memory {

struct Keyword {
  std::string term;
  double score = 0.0;
};

/// Number of documents (of `documentCount`) containing `term`.
using DocumentFrequency = std::function<size_t(std::string_view term)>;

/// Top `n` terms by (1 + ln tf) * ln((1 + N) / (1 + df)) + 1, best first, ties
/// by term. Purely numeric tokens and one-letter tokens are skipped.
std::vector<Keyword> topKeywords(const std::vector<std::string>& tokens, size_t n,
                                 const DocumentFrequency& documentFrequency,
                                 size_t documentCount);

/// Convenience: just the terms.
std::vector<std::string> keywordTerms(const std::vector<std::string>& tokens, size_t n,
                                      const DocumentFrequency& documentFrequency,
                                      size_t documentCount);

}  // namespace grove::memory
