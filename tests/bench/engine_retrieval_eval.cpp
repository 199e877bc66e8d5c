// grove_engine_retrieval_eval: issue 13's retrieval figures measured through
// the product, not through the evaluation harness. Every conversation of a
// set becomes a project of a real Engine (an in-memory SQLite store, memolets
// indexed as answers land, exactly as a chat makes them); every query goes
// through Engine::searchMemolets, what grove/memolet/search calls, over all
// projects. Beside it, in the same run: the harness's granular ranking
// (tests/memory/eval/GranularEval) and the chunked-BM25 anchors.
//
//   grove_engine_retrieval_eval [--benchmarks DIR] [--no-shared] [--sweep] [--misses]
//                               [--exchange-weight W] [--window-weight W] [--rrf-k K] [--unit-depth N]
//                               [--window-saturation K] [--wordnet-senses N]
//                              
//
// --sweep: the grid MemoletConfig's search weights were chosen from, on the
// development data only (own tune split, real-dev, LoCoMo dev).
//
// A result hits when the span it points at (its focus, else the whole
// memolet) holds an answering exchange and spans at most maxHit exchanges:
// 3 on the programming sets, 4 on LoCoMo (issue 13's rules). "Memolet holds
// it" counts a memolet of any size, for comparison.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/Engine.h"
#include "support/WordNet.h"
#include "eval/EngineRetrieval.h"
#include "eval/GranularEval.h"
#include "eval/RetrievalEval.h"
#include "eval/SharedData.h"
#include "store/SqliteStore.h"

using namespace grove;
namespace ev = grove::memory::eval;

namespace {

/// The search settings under test (the shipped ones unless a flag says otherwise).
MemoletConfig searchConfig;
/// --misses: print each missed query of the development sets (never the held-out split).
bool printMisses = false;

void rows(const char* title, const ev::Dataset& data, const std::string& split, size_t maxHit, bool locomo) {
  auto t0 = std::chrono::steady_clock::now();
  test::EngineScores e = test::runEngineRetrieval(data, split, maxHit, searchConfig);
  double buildS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ev::GranularConfig cfg;
  cfg.maxHit = maxHit;
  auto g = ev::runGranular(data, cfg, split);
  std::printf("  %s: %zu queries, hits <= %zu exchanges\n", title, e.queries, maxHit);
  std::printf("    %-56s recall@5 %.3f  MRR %.3f  (median %.2f ms, p95 %.2f ms per query)\n",
              "Engine::searchMemolets (grove/memolet/search)", e.recallAt5, e.mrr, e.medianMs, e.p95Ms);
  std::printf("    %-56s recall@5 %.3f\n", "  its top 5 memolets hold an answer (any size)", e.memoletHolds);
  std::printf("    %-56s recall@5 %.3f  MRR %.3f\n", "harness: granular ranking (GranularEval)", g.recallAt5, g.mrr);
  if (locomo) {
    std::printf("    %-56s recall@5 %.3f\n", "anchor: BM25 over overlapping 4-turn windows", g.anchorWindows);
    std::printf("    %-56s recall@5 %.3f\n", "anchor: BM25 over single turns", g.anchorSingle);
  } else {
    std::printf("    %-56s recall@5 %.3f\n", "anchor: BM25 over single turns, neighbour credited", g.anchorSingleNeighbour);
  }
  std::printf("    engine hits by span (exchanges: hits):");
  for (auto [size, n] : e.hitSpan) std::printf(" %zu: %zu", size, n);
  std::printf("   (%.1f s with indexing)\n", buildS);
  if (printMisses && split != "heldout")
    for (const auto& m : e.misses) std::printf("      miss %s\n", m.c_str());
  std::fflush(stdout);
}

void sweep(const std::string& bench) {
  auto own = ev::loadDataset(std::string(GROVE_SOURCE_DIR) + "/tests/data/retrieval");
  auto real = ev::loadRealDevRetrieval(bench);
  auto locomo = ev::loadLocomo(bench);
  std::printf("Sweep on development data (own tune, real-dev, LoCoMo dev): recall@5\n");
  for (int k : {10, 60})
    for (double ew : {0.0, 1.0, 2.0})
      for (double ww : {1.0, 2.0, 4.0}) {
        searchConfig.rrfK = k;
        searchConfig.exchangeWeight = ew;
        searchConfig.windowWeight = ww;
        double a = test::runEngineRetrieval(own, "tune", 3, searchConfig).recallAt5, b = test::runEngineRetrieval(real, "", 3, searchConfig).recallAt5,
               l = test::runEngineRetrieval(locomo, "", 4, searchConfig).recallAt5;
        std::printf("  k %2d exchange %.1f window %.1f: own-tune %.3f real-dev %.3f locomo-dev %.3f mean %.3f\n", k, ew,
                    ww, a, b, l, (a + b + l) / 3);
        std::fflush(stdout);
      }
}

}  // namespace

int main(int argc, char** argv) {
  std::string bench = std::string(GROVE_SOURCE_DIR) + "/../shared/benchmarks";
  bool shared = true, sweeping = false;
  searchConfig = MemoletConfig::granularSearch();
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool value = i + 1 < argc;
    if (a == "--benchmarks" && value) bench = argv[++i];
    else if (a == "--no-shared") shared = false;
    else if (a == "--sweep") sweeping = true;
    else if (a == "--misses") printMisses = true;
    else if (a == "--exchange-weight" && value) searchConfig.exchangeWeight = std::atof(argv[++i]);
    else if (a == "--window-weight" && value) searchConfig.windowWeight = std::atof(argv[++i]);
    else if (a == "--rrf-k" && value) searchConfig.rrfK = std::atoi(argv[++i]);
    else if (a == "--unit-depth" && value) searchConfig.unitDepth = static_cast<size_t>(std::atoi(argv[++i]));
    else if (a == "--window-saturation" && value) searchConfig.windowSaturation = std::atof(argv[++i]);
    else if (a == "--wordnet-senses" && value) searchConfig.wordNetSenses = static_cast<size_t>(std::atoi(argv[++i]));
    else if (a == "--rescore-depth" && value) searchConfig.rescoreDepth = static_cast<size_t>(std::atoi(argv[++i]));
    else if (a == "--rescore-weight" && value) searchConfig.rescoreWeight = std::atof(argv[++i]);
    else if (a == "--rescore-shift" && value) searchConfig.rescoreShift = static_cast<size_t>(std::atoi(argv[++i]));
    else {
      std::fprintf(stderr,
                   "usage: grove_engine_retrieval_eval [--benchmarks DIR] [--no-shared] [--sweep] [--misses] "
                   "[--exchange-weight W] [--window-weight W] [--rrf-k K] [--unit-depth N] "
                   "[--window-saturation K] [--wordnet-senses N] [--rescore-depth N] [--rescore-weight W] "
                   "[--rescore-shift N]\n");
      return 2;
    }
  }
  if (sweeping) {
    sweep(bench);
    return 0;
  }
  std::printf("Search settings: rrfK %d, exchange weight %.2f, window weight %.2f, unit depth %zu, window saturation "
              "%.2f, WordNet senses %zu (%s), rescored %zu at weight %.2f, windows moved up to %zu exchanges\n",
              searchConfig.rrfK, searchConfig.exchangeWeight, searchConfig.windowWeight, searchConfig.unitDepth,
              searchConfig.windowSaturation, searchConfig.wordNetSenses,
              WordNet::system().available() ? "found" : "not installed: no WordNet expansion", searchConfig.rescoreDepth,
              searchConfig.rescoreWeight, searchConfig.rescoreShift);
  auto own = ev::loadDataset(std::string(GROVE_SOURCE_DIR) + "/tests/data/retrieval");
  std::printf("Retrieval through the Engine\n");
  rows("own retrieval set, tune split", own, "tune", 3, false);
  rows("own retrieval set, held-out split", own, "heldout", 3, false);
  if (shared && std::filesystem::exists(bench)) {
    rows("real-dev retrieval queries", ev::loadRealDevRetrieval(bench), "", 3, false);
    rows("LoCoMo dev", ev::loadLocomo(bench), "", 4, true);
  } else {
    std::printf("  (no shared benchmarks at %s: own sets only)\n", bench.c_str());
  }
  return 0;
}
