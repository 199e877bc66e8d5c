// WindowScore: BM25 of a query over a few candidate windows of a
// conversation, each read as one document of all its words. The store ranks
// single messages a query term at a time (memory/ExchangeRanking), which
// finds the windows cheaply but scores each term at its best message; read
// whole, a window that holds more of the question's words outranks one that
// merely holds its rarest word once.
//
// A window is scored from its messages' TermCounts: how often each query
// term begins a word (as the store's prefix queries match it, so "adopt"
// counts "adoption") and the message's length in bytes. Counting scans the
// text once without tokenizing it: a search scores dozens of messages, and
// tokenizing them cost more than the rest of a project-scoped search.
// Pure: the caller brings the texts and the document frequencies.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "memory/Bm25.h"

namespace grove::memory {

struct TermCounts {
  std::vector<double> tf;  // per query term
  double length = 0;       // bytes

  TermCounts& operator+=(const TermCounts& other);
};

/// A query's terms (lowercase tokens, as text::tokenize gives them) made
/// ready once for counting in many texts: each term's other spelling
/// (text::otherSpelling) and the bytes a term can begin a word with.
class CountedTerms {
 public:
  explicit CountedTerms(std::vector<std::string> terms);
  const std::vector<std::string>& terms() const { return terms_; }

 private:
  friend TermCounts countTerms(std::string_view text, const CountedTerms& terms);
  std::vector<std::string> terms_;
  std::vector<std::string> others_;  // per term, "" when it has none
  bool opens_[256] = {};             // either case
};

/// How often each term begins a word of `text` in either spelling,
/// ignoring case, and the text's length.
TermCounts countTerms(std::string_view text, const CountedTerms& terms);

/// BM25's IDF of each of `terms` (kept positive, Lucene's form: a word in
/// most documents still counts a little rather than against a window).
std::vector<double> inverseDocumentFrequencies(const std::vector<std::string>& terms,
                                               const std::function<size_t(std::string_view)>& df,
                                               size_t documents);

/// Each window's BM25 from its counts, lengths normalised by the windows'
/// mean length. A window matching no term scores 0.
std::vector<double> windowBm25(const std::vector<TermCounts>& windows, const std::vector<double>& idf,
                               Bm25Params params = {});

}  // namespace grove::memory
