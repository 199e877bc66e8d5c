// grove_engine_retrieval_eval: issue 13's retrieval figures measured through
// the product, not through the evaluation harness. Every conversation of a
// set becomes a project of a real Engine (an in-memory SQLite store, memolets
// indexed as answers land, exactly as a chat makes them); every query goes
// through Engine::searchMemolets, what grove/memolet/search calls, over all
// projects. Beside it, in the same run: the harness's granular ranking
// (tests/memory/eval/GranularEval) and the chunked-BM25 anchors.
//
//   grove_engine_retrieval_eval [--benchmarks DIR] [--no-shared] [--sweep]
//                               [--exchange-weight W] [--window-weight W] [--rrf-k K] [--unit-depth N]
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
#include "eval/GranularEval.h"
#include "eval/RetrievalEval.h"
#include "eval/SharedData.h"
#include "store/SqliteStore.h"

using namespace grove;
namespace ev = grove::memory::eval;

namespace {

struct Where {
  size_t conversation = 0;
  size_t exchange = 0;
};

struct EngineScores {
  size_t queries = 0;
  double recallAt5 = 0, mrr = 0, memoletHolds = 0;
  double medianMs = 0, p95Ms = 0;
  std::map<size_t, size_t> hitSpan;  // exchanges in the span of each hit -> hits
};

/// The search settings under test (the shipped ones unless a flag says otherwise).
MemoletConfig searchConfig;

EngineScores runEngine(const ev::Dataset& data, const std::string& split, size_t maxHit) {
  Engine engine(std::make_unique<SqliteStore>(SqliteStore::Options{":memory:", false}));
  MemoletConfig c = engine.memoletConfig();
  c.exchangeWeight = searchConfig.exchangeWeight;
  c.windowWeight = searchConfig.windowWeight;
  c.rrfK = searchConfig.rrfK;
  c.unitDepth = searchConfig.unitDepth;
  engine.setMemoletConfig(c);
  std::unordered_map<std::string, Where> unitAt;
  std::unordered_map<std::string, size_t> conversationIndex;
  for (size_t ci = 0; ci < data.conversations.size(); ++ci) {
    const ev::Conversation& c = data.conversations[ci];
    conversationIndex[c.id] = ci;
    Project p = engine.createProject(c.title.empty() ? c.id : c.title, std::nullopt);
    std::optional<std::string> parent;
    for (size_t e = 0; e < c.exchanges.size(); ++e) {
      AppendRequest q;
      q.projectId = p.id;
      q.parentId = parent;
      q.content = c.exchanges[e].user.empty() ? "(no question)" : c.exchanges[e].user;
      Unit question = engine.append(q);
      AppendRequest a;
      a.projectId = p.id;
      a.parentId = question.id;
      a.role = Role::Assistant;
      a.content = c.exchanges[e].assistant.empty() ? "(no answer)" : c.exchanges[e].assistant;
      Unit answer = engine.append(a);
      unitAt[question.id] = {ci, e};
      unitAt[answer.id] = {ci, e};
      parent = answer.id;
    }
  }
  EngineScores out;
  std::vector<double> times;
  double hits = 0, rr = 0, holds = 0;
  for (const auto& q : data.queries) {
    if (!split.empty() && q.split != split) continue;
    out.queries += 1;
    std::set<std::pair<size_t, size_t>> answers;
    for (const auto& [conv, e] : q.answers) answers.insert({conversationIndex.at(conv), e});
    MemoletQuery mq;
    mq.query = q.text;
    mq.limit = 5;
    auto t0 = std::chrono::steady_clock::now();
    auto found = engine.searchMemolets(mq);
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    bool held = false;
    for (size_t i = 0; i < found.size(); ++i) {
      const MemoletHit& h = found[i];
      auto exchangesOf = [&](const std::vector<std::string>& ids) {
        std::set<std::pair<size_t, size_t>> out;
        for (const auto& id : ids)
          if (auto it = unitAt.find(id); it != unitAt.end()) out.insert({it->second.conversation, it->second.exchange});
        return out;
      };
      auto whole = exchangesOf(h.memolet.sourceUnitIds);
      bool inMemolet = std::any_of(whole.begin(), whole.end(), [&](auto& x) { return answers.count(x) > 0; });
      held = held || inMemolet;
      auto span = h.focusUnitIds.empty() ? whole : exchangesOf(h.focusUnitIds);
      bool inSpan = std::any_of(span.begin(), span.end(), [&](auto& x) { return answers.count(x) > 0; });
      if (inSpan && span.size() <= maxHit) {
        hits += 1;
        rr += 1.0 / double(i + 1);
        out.hitSpan[span.size()] += 1;
        break;
      }
    }
    holds += held;
  }
  double n = std::max<double>(1, double(out.queries));
  out.recallAt5 = hits / n;
  out.mrr = rr / n;
  out.memoletHolds = holds / n;
  std::sort(times.begin(), times.end());
  if (!times.empty()) {
    out.medianMs = times[times.size() / 2];
    out.p95Ms = times[std::min(times.size() - 1, times.size() * 95 / 100)];
  }
  return out;
}

void rows(const char* title, const ev::Dataset& data, const std::string& split, size_t maxHit, bool locomo) {
  auto t0 = std::chrono::steady_clock::now();
  EngineScores e = runEngine(data, split, maxHit);
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
        double a = runEngine(own, "tune", 3).recallAt5, b = runEngine(real, "", 3).recallAt5,
               l = runEngine(locomo, "", 4).recallAt5;
        std::printf("  k %2d exchange %.1f window %.1f: own-tune %.3f real-dev %.3f locomo-dev %.3f mean %.3f\n", k, ew,
                    ww, a, b, l, (a + b + l) / 3);
        std::fflush(stdout);
      }
}

}  // namespace

int main(int argc, char** argv) {
  std::string bench = std::string(GROVE_SOURCE_DIR) + "/../shared/benchmarks";
  bool shared = true, sweeping = false;
  searchConfig = Engine(std::make_unique<SqliteStore>(SqliteStore::Options{":memory:", false})).memoletConfig();
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool value = i + 1 < argc;
    if (a == "--benchmarks" && value) bench = argv[++i];
    else if (a == "--no-shared") shared = false;
    else if (a == "--sweep") sweeping = true;
    else if (a == "--exchange-weight" && value) searchConfig.exchangeWeight = std::atof(argv[++i]);
    else if (a == "--window-weight" && value) searchConfig.windowWeight = std::atof(argv[++i]);
    else if (a == "--rrf-k" && value) searchConfig.rrfK = std::atoi(argv[++i]);
    else if (a == "--unit-depth" && value) searchConfig.unitDepth = static_cast<size_t>(std::atoi(argv[++i]));
    else {
      std::fprintf(stderr,
                   "usage: grove_engine_retrieval_eval [--benchmarks DIR] [--no-shared] [--sweep] "
                   "[--exchange-weight W] [--window-weight W] [--rrf-k K] [--unit-depth N]\n");
      return 2;
    }
  }
  if (sweeping) {
    sweep(bench);
    return 0;
  }
  std::printf("Search settings: rrfK %d, exchange weight %.2f, window weight %.2f, unit depth %zu\n",
              searchConfig.rrfK, searchConfig.exchangeWeight, searchConfig.windowWeight, searchConfig.unitDepth);
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
