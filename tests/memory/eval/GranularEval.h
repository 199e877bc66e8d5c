// GranularEval: memolet search at the granularity people ask for (issue 13),
// scored against the anchors the issue names, over any Dataset (the project's
// retrieval set, or a shared benchmark read into the same shape).
//
// Our method: exchanges, overlapping windows and memolets (memory::Granularity)
// each ranked by FTS5 BM25 (and, when weighted, hashed vectors) for the query
// and its variants; an exchange ranking lifts the window centred on each
// exchange; the query expanded with terms of its own best windows
// (memory::feedbackTerms) is ranked again; all fused by weighted RRF; the top 5
// distinct units are the results.
// A result hits when it holds an answering exchange and spans at most maxHit
// exchanges.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "eval/RetrievalEval.h"

namespace grove::memory::eval {

struct GranularConfig {
  std::vector<size_t> windows = {3};  // exchanges per window unit, one index per size (chosen on dev, --sweep-retrieval 3)
  bool selectTerms = false;     // BM25 keeps only the rarest query terms (memory::selectQueryTerms); all is better on dev
  double exchangeWeight = 0.5;  // RRF weight of the exchange rankings
  double windowWeight = 2.0;    // chosen on dev (--sweep-retrieval 2): windows carry the context a question names
  double memoletWeight = 0.5;
  double vectorWeight = 0.0;    // hashed-vector rankings relative to BM25's: bag-of-words again, no gain on dev (--sweep-retrieval 3)
  size_t variants = 5;          // query variants (1 = the query alone)
  int rrfK = 10;
  bool centred = true;          // exchange rankings lift the window centred on each exchange (memory::centredWindowOf)
  size_t feedbackDocs = 5;      // > 0: query expansion from the first search's best windows (memory::feedbackTerms)
  size_t feedbackTerms = 10;    // expansion terms added to the query's own
  double feedbackWeight = 2.0;  // RRF weight of the expanded query's rankings (the original's is kOriginalQueryWeight)
  size_t maxHit = 3;            // the rule: a hit spans at most this many exchanges
  size_t depth = 50;
  size_t anchorWindow = 2;      // the chunked-BM25 anchor's window (exchanges: 4 turns), stride half of it
};

struct GranularScores {
  size_t queries = 0;
  double recallAt5 = 0, mrr = 0;
  double anchorSingleNeighbour = 0;  // BM25 over single turns (messages), its exchange's neighbour counts
  double anchorSingle = 0;           // the same, the turn's own exchange only
  double anchorWindows = 0;          // BM25 over overlapping windows of anchorWindow exchanges
  double medianSearchMs = 0;         // our method, per query (all variants and lists, fusion)
  std::map<size_t, size_t> hitMemoletSize;  // exchanges in the memolet holding each hit -> hits
};

/// Scores the queries of `split` ("" = all) of `data`.
GranularScores runGranular(const Dataset& data, const GranularConfig& config, const std::string& split = "");

}  // namespace grove::memory::eval
