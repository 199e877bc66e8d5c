// EngineRetrieval: issue 13's retrieval evaluation through the product.
// Every conversation of a retrieval Dataset becomes a project of a real
// Engine (an in-memory SQLite store, memolets indexed as answers land, as a
// chat makes them); every query goes through Engine::searchMemolets (what
// grove/memolet/search calls) over all projects.
//
// A result hits when the span it points at (its focusUnitIds, else the whole
// memolet) holds an answering exchange and spans at most maxHit exchanges.
// Shared by tests/bench/engine_retrieval_eval.cpp and the held-out floor in
// tests/memolet/EngineRetrievalTest.cpp.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "engine/MemoletApi.h"
#include "eval/RetrievalEval.h"

namespace grove::test {

struct EngineScores {
  size_t queries = 0;
  double recallAt5 = 0, mrr = 0;
  double memoletHolds = 0;  // the top 5 memolets hold an answer, whatever their size
  double medianMs = 0, p95Ms = 0;
  std::map<size_t, size_t> hitSpan;  // exchanges in the span of each hit -> hits
  /// Each missed query, its answers and what came back (conversation:first-last
  /// exchange of each result's span), for engine_retrieval_eval --misses.
  std::vector<std::string> misses;
};

/// Scores the queries of `split` ("" = all) with the search settings of
/// `searchConfig` (rrfK, exchangeWeight, windowWeight, unitDepth,
/// windowSaturation, wordNetSenses).
EngineScores runEngineRetrieval(const memory::eval::Dataset& data, const std::string& split, size_t maxHit,
                                const MemoletConfig& searchConfig);

}  // namespace grove::test
