// ExchangeRanking: memory search at the size people look things up (issue
// 13). The store ranks single messages by BM25, one query term at a time
// (Store::unitMatches); here they become two rankings of the memolets that
// hold them: by their best exchange, and by their best window of
// neighbouring exchanges in the conversation (a question often names its
// subject in the exchange before the one that answers it, which may sit in
// the memolet before).
//
// A window scores each term at its best message, lifted by the term's other
// matches in the window along BM25's saturating term-frequency curve:
// summing messages instead would let a word every message repeats (a
// speaker's name) outweigh the rare words the question is about, as BM25
// over the window's whole text does not, while a term the window comes
// back to is still more likely what it is about (LoCoMo dev recall@5 0.806
// counting the best message only, 0.817 saturated, the other dev sets
// unchanged). A window counts for every memolet holding its centre
// (a segmented memolet and one made by hand of the same message alike),
// which keeps the centre's place, so a hit inside a long memolet can point
// at the exchanges that matched. Pure: no store, no engine.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace grove::memory {

/// One message matching one query term.
struct ExchangeMatch {
  std::string memoletId;     // a memolet made from the message
  size_t inMemolet = 0;      // its exchange there (segmented sources are question, answer, ...: ord / 2)
  std::string conversation;  // the project
  size_t exchange = 0;       // its exchange in the conversation (append order: (seq - 1) / 2)
  size_t term = 0;           // the term's index in the query
  double score = 0;          // the message's BM25 for the term
};

struct ExchangeRankings {
  std::vector<std::string> byExchange;  // memolets by their best exchange
  std::vector<std::string> byWindow;    // memolets by the best window centred in them
  std::unordered_map<std::string, size_t> centre;  // memolet -> its exchange at the centre of that window
};

/// Rankings of the memolets `matches` fall in, best first, ties by first
/// appearance. An exchange scores the sum over terms of its best message's
/// score for the term; a window of `window` (odd, >= 1) exchanges of a
/// conversation centred on a matching exchange the sum over terms of the
/// best such score in the window, times x(k + 1)/(x + k) for x the sum of
/// the exchanges' scores for the term over the best and k `saturation`
/// (0: the best alone).
ExchangeRankings rankExchanges(const std::vector<ExchangeMatch>& matches, size_t window = 3, double saturation = 0);

/// The source units of the `window` exchanges centred on `centre`, kept
/// inside the memolet (a window at an end shifts inward), of a memolet whose
/// sources are question/answer pairs.
std::vector<std::string> windowUnits(const std::vector<std::string>& sourceUnitIds, size_t centre,
                                     size_t window = 3);

}  // namespace grove::memory
