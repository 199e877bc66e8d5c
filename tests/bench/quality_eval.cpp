// grove_quality_eval: every figure of issue 13's table that can be computed
// here, each beside its anchor computed in the same run.
//
//   grove_quality_eval [--benchmarks DIR] [--runs N] [--no-retrieval] [--sweep-retrieval 1|2|3]
//
// DIR defaults to <source>/../shared/benchmarks (development splits of LoCoMo,
// TIAGE and real programming conversations); without it only the project's
// own sets are scored. Rows:
//  - branch / return P/R/F1 on the project's own sets (tune, held-out) and on
//    real-dev: the shipped models, the hand-fitted rules they replaced, and a
//    TF-IDF cosine threshold (tuned on tune for own, on real-dev itself there);
//  - TIAGE dev topic shift as a branch card, vs TF-IDF cosine to the previous
//    turn with its threshold tuned on dev;
//  - recall@5 (hits <= 4 exchanges; a LoCoMo exchange is a pair of turns) on
//    LoCoMo dev vs FTS5 BM25 over overlapping 4-turn windows and over single
//    turns; recall@5 (hits <= 3 exchanges) on the programming retrieval sets
//    vs BM25 over single turns crediting a neighbour; the memolet-only search
//    before; and the same queries through the product (Engine::searchMemolets
//    on every set loaded into a real Engine, tests/memolet/eval/EngineRetrieval);
//  - analyze() on a 1,000-unit path and search time.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>

#include "EvalReplay.h"
#include "SharedSets.h"
#include "Stats.h"
#include "eval/EngineRetrieval.h"
#include "eval/GranularEval.h"
#include "eval/RetrievalEval.h"
#include "eval/SharedData.h"
#include "structure/Analysis.h"
#include "structure/Context.h"
#include "structure/Cues.h"
#include "structure/Drift.h"
#include "structure/Return.h"
#include "text/Tokenizer.h"

using namespace grove;
using namespace grove::structure;

namespace {

void row(const char* what, const eval::Counts& c) {
  std::printf("    %-44s P %.3f  R %.3f  F1 %.3f  (tp %d fp %d fn %d)\n", what, c.precision(), c.recall(), c.f1(),
              c.tp, c.fp, c.fn);
}

void count(eval::Counts& c, bool pred, bool gold) {
  if (pred && gold) c.tp++;
  else if (pred) c.fp++;
  else if (gold) c.fn++;
}

// The rules the models replaced (issue 7's hand-fitted thresholds on the
// detectors' scores), replayed for the before column.
eval::Score handFitted(const std::vector<eval::Conversation>& set, const std::string& split) {
  eval::Score s;
  eval::evaluate(set, split, Thresholds{}, [&](const eval::Conversation& c, size_t i, const AnalysisInput& in,
                                               const std::vector<Signal>&) {
    const eval::Turn& t = c.turns[i];
    if (!t.scored) return;
    bool branch = false, ret = false;
    if (!in.path.empty()) {
      Context ctx = contextOf(in);
      if (in.onBranch) {
        ReturnEstimate r = estimateReturn(ctx);
        ret = r.score >= 0.52;
        branch = !ret && !shiftCueOf(ctx.messageText).empty() && r.parentCoverage < 0.3 && estimateDrift(ctx).score >= 0.64;
      } else {
        branch = ctx.userTurns >= 1 && estimateDrift(ctx).score >= 0.64;
      }
    }
    count(s.branch, branch, t.label == "branch");
    count(s.ret, ret, t.label == "return");
  });
  return s;
}

// TF-IDF anchor: branch when 1 - cosine(message, recent units) reaches a
// threshold; return when the message is closer to the parent than to the branch.
struct Point {
  bool onBranch, branchGold, returnGold;
  double value;
};

std::vector<Point> tfidfPoints(const std::vector<eval::Conversation>& set, const std::string& split) {
  std::vector<Point> out;
  eval::evaluate(set, split, Thresholds{}, [&](const eval::Conversation& c, size_t i, const AnalysisInput& in,
                                               const std::vector<Signal>&) {
    const eval::Turn& t = c.turns[i];
    if (in.path.empty() || !t.scored) return;
    Context ctx = contextOf(in);
    double v = in.onBranch ? hashedCosine(ctx.message, ctx.parent, ctx.idf) - hashedCosine(ctx.message, ctx.recent, ctx.idf)
                           : 1.0 - hashedCosine(ctx.message, ctx.recent, ctx.idf);
    out.push_back({in.onBranch, t.label == "branch", t.label == "return", v});
  });
  return out;
}

eval::Counts tfidfScore(const std::vector<Point>& pts, bool branch, double t) {
  eval::Counts k;
  for (const auto& p : pts)
    if (p.onBranch != branch) count(k, p.value >= t, branch ? p.branchGold : p.returnGold);
  return k;
}

double tfidfBest(const std::vector<Point>& pts, bool branch) {
  double best = -1, bestT = 0;
  for (int i = -100; i <= 100; ++i)
    if (double f = tfidfScore(pts, branch, i / 100.0).f1(); f > best) best = f, bestT = i / 100.0;
  return bestT;
}

void structureRows(const char* title, const std::vector<eval::Conversation>& set, const std::string& split,
                   const std::vector<Point>& tuneOn) {
  std::printf("  %s\n", title);
  eval::Score m = eval::evaluate(set, split, Thresholds{});
  eval::Score h = handFitted(set, split);
  auto pts = tfidfPoints(set, split);
  double tb = tfidfBest(tuneOn, true), tr = tfidfBest(tuneOn, false);
  row("branch: model (shipped threshold)", m.branch);
  row("branch: hand-fitted rules (before)", h.branch);
  row((std::string("branch: TF-IDF cosine anchor, threshold ") + bench::fmt("%.2f", tb)).c_str(),
      tfidfScore(pts, true, tb));
  row("return: model (shipped threshold)", m.ret);
  row("return: hand-fitted rules (before)", h.ret);
  row((std::string("return: TF-IDF cosine anchor, threshold ") + bench::fmt("%.2f", tr)).c_str(),
      tfidfScore(pts, false, tr));
}

// TIAGE: exact TF-IDF cosine between a turn and the one before it.
double tfidfCosine(const std::vector<std::string>& a, const std::vector<std::string>& b,
                   const std::unordered_map<std::string, double>& idf) {
  std::unordered_map<std::string, double> va, vb;
  for (const auto& t : a) va[t] += 1;
  for (const auto& t : b) vb[t] += 1;
  double dot = 0, na = 0, nb = 0;
  auto w = [&](const std::string& t) { auto it = idf.find(t); return it == idf.end() ? 1.0 : it->second; };
  for (auto& [t, f] : va) na += std::pow(f * w(t), 2);
  for (auto& [t, f] : vb) nb += std::pow(f * w(t), 2);
  for (auto& [t, f] : va)
    if (auto it = vb.find(t); it != vb.end()) dot += f * it->second * w(t) * w(t);
  return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0.0;
}

void tiageRows(const std::string& bench) {
  auto dev = eval::loadTiage(bench, "dev");
  eval::Counts model;
  std::vector<std::pair<double, bool>> pts;  // (1 - cosine to the previous turn, shift)
  std::unordered_map<std::string, double> idf;
  size_t docs = 0;
  for (const auto& d : dev)
    for (const auto& t : d.turns) {
      ++docs;
      auto toks = text::tokenize(t);
      std::sort(toks.begin(), toks.end());
      toks.erase(std::unique(toks.begin(), toks.end()), toks.end());
      for (const auto& x : toks) idf[x] += 1;
    }
  for (auto& [t, df] : idf) df = std::log(double(docs) / df);
  for (const auto& d : dev)
    for (size_t i = 1; i < d.turns.size(); ++i) {
      auto got = analyze(eval::dialogueInput(d, i));
      bool card = std::any_of(got.begin(), got.end(), [](const Signal& s) { return s.kind == SignalKind::Branch; });
      count(model, card, d.shift[i]);
      pts.push_back({1.0 - tfidfCosine(text::tokenize(d.turns[i]), text::tokenize(d.turns[i - 1]), idf), d.shift[i]});
    }
  double bestT = 0;
  eval::Counts best;
  for (int i = 0; i <= 100; ++i) {
    eval::Counts k;
    for (auto& [v, g] : pts) count(k, v >= i / 100.0, g);
    if (k.f1() > best.f1()) best = k, bestT = i / 100.0;
  }
  std::printf("  TIAGE dev (%zu dialogues): topic shift as a branch card\n", dev.size());
  row("model (shipped threshold)", model);
  row((std::string("TF-IDF cosine to previous turn, tuned on dev ") + bench::fmt("%.2f", bestT)).c_str(), best);
}

void retrievalRows(const char* title, const memory::eval::Dataset& data, const std::string& split, size_t maxHit,
                   bool locomo) {
  memory::eval::GranularConfig cfg;
  cfg.maxHit = maxHit;
  auto g = memory::eval::runGranular(data, cfg, split);
  memory::eval::EvalConfig before;
  before.maxHitSpan = maxHit;
  auto r = memory::eval::runEval(data, before);
  std::string key = (split.empty() ? std::string("all") : split) + "/all";
  auto& fusion = r.metrics.at("fusion");
  double old = fusion.count(key) ? fusion.at(key).recallAt5 : 0.0;
  std::printf("  %s: %zu queries, hits <= %zu exchanges\n", title, g.queries, maxHit);
  std::printf("    %-52s recall@5 %.3f  MRR %.3f  (median %.1f ms/query)\n", "granular search (exchanges+windows+memolets)",
              g.recallAt5, g.mrr, g.medianSearchMs);
  auto engine = test::runEngineRetrieval(data, split, maxHit, MemoletConfig::granularSearch());
  std::printf("    %-52s recall@5 %.3f  MRR %.3f  (median %.1f ms/query)\n", "the product: Engine::searchMemolets", engine.recallAt5,
              engine.mrr, engine.medianMs);
  std::printf("    %-52s recall@5 %.3f\n", "memolet-only fusion (before)", old);
  if (locomo) {
    std::printf("    %-52s recall@5 %.3f\n", "anchor: BM25 over overlapping 4-turn windows", g.anchorWindows);
    std::printf("    %-52s recall@5 %.3f\n", "anchor: BM25 over single turns", g.anchorSingle);
  } else {
    std::printf("    %-52s recall@5 %.3f\n", "anchor: BM25 over single turns, neighbour credited",
                g.anchorSingleNeighbour);
  }
  std::printf("    size of the memolet holding each hit (exchanges: hits):");
  for (auto [size, n] : g.hitMemoletSize) std::printf(" %zu: %zu", size, n);
  std::printf("\n");
}

template <class... Args>
std::string sweepLabel(const char* format, Args... args) {
  char out[120];
  std::snprintf(out, sizeof out, format, args...);
  return out;
}

// --sweep-retrieval: the grid the retrieval defaults were chosen from, on
// the development data only (own tune split, real-dev, LoCoMo dev).
void sweepRetrieval(const std::string& bench, const std::string& stage) {
  auto own = memory::eval::loadDataset(std::string(GROVE_SOURCE_DIR) + "/tests/data/retrieval");
  auto real = memory::eval::loadRealDevRetrieval(bench);
  auto locomo = memory::eval::loadLocomo(bench);
  auto run = [&](const memory::eval::GranularConfig& base, const std::string& label) {
    auto c = base;
    c.maxHit = 3;
    double a = memory::eval::runGranular(own, c, "tune").recallAt5;
    double b = memory::eval::runGranular(real, c).recallAt5;
    c.maxHit = 4;
    auto lg = memory::eval::runGranular(locomo, c);  // a LoCoMo exchange is two turns
    double l = lg.recallAt5;
    std::printf("  %-60s own-tune %.3f  real-dev %.3f  locomo-dev %.3f  mean %.3f  (locomo %.1f ms/query)\n", label.c_str(), a,
                b, l, (a + b + l) / 3, lg.medianSearchMs);
    std::fflush(stdout);
  };
  memory::eval::GranularConfig base;
  if (stage == "1") {
    for (auto windows : std::vector<std::vector<size_t>>{{2}, {2, 3}, {2, 4}, {4}, {3}, {2, 3, 4}})
      for (bool select : {true, false})
        for (size_t variants : {1, 5}) {
          auto c = base;
          c.windows = windows;
          c.selectTerms = select;
          c.variants = variants;
          std::string w;
          for (auto x : windows) w += std::to_string(x) + " ";
          run(c, "windows " + w + "select " + std::to_string(select) + " variants " + std::to_string(variants));
        }
  } else if (stage == "3") {
    // Issue 13's second round (the defaults now): exchange rankings lifting the
    // centred window, query expansion from the best windows, the weights around them.
    for (size_t windows : {2, 3})
      for (bool centred : {false, true})
        for (size_t docs : {0, 3, 5})
          for (double ex : {0.5, 1.0}) {
            auto c = base;
            c.windows = {windows}, c.centred = centred, c.feedbackDocs = docs, c.exchangeWeight = ex;
            run(c, sweepLabel("windows %zu centred %d feedback %zu exchange %.1f", windows, centred, docs, ex));
          }
    // One knob at a time around the defaults.
    auto vary = [&](const std::string& label, auto set) {
      auto c = base;
      set(c);
      run(c, label);
    };
    for (int k : {5, 20, 40}) vary(sweepLabel("rrf k %d", k), [&](auto& c) { c.rrfK = k; });
    for (double ww : {1.0, 3.0}) vary(sweepLabel("window weight %.1f", ww), [&](auto& c) { c.windowWeight = ww; });
    for (double mem : {0.0, 0.5}) vary(sweepLabel("memolet %.1f", mem), [&](auto& c) { c.memoletWeight = mem; });
    for (size_t terms : {5, 10})
      vary(sweepLabel("feedback terms %zu", terms), [&](auto& c) { c.feedbackTerms = terms; });
    for (double vw : {0.0, 0.25, 0.5})
      for (size_t variants : {1, 5})
        for (double fw : {1.0, 2.0}) {
          auto c = base;
          c.vectorWeight = vw, c.variants = variants, c.feedbackWeight = fw;
          run(c, sweepLabel("vector %.2f variants %zu feedback weight %.1f", vw, variants, fw));
        }
  } else {
    for (double ww : {1.0, 2.0})
      for (double mw : {0.0, 0.5})
        for (double vw : {0.0, 0.5}) {
          auto c = base;
          c.windowWeight = ww, c.memoletWeight = mw, c.vectorWeight = vw;
          run(c, sweepLabel("window %.1f memolet %.1f vector %.1f", ww, mw, vw));
        }
  }
}

// A long realistic path: the eval set's exchanges one after another.
void timing(const std::vector<eval::Conversation>& set, int runs) {
  AnalysisInput in;
  std::vector<std::string> messages;
  for (const auto& c : set)
    for (const auto& t : c.turns) messages.push_back(t.user);
  for (size_t n = 0; in.path.size() < 1000; ++n) {
    const auto& t = set[(n / 8) % set.size()].turns[n % set[(n / 8) % set.size()].turns.size()];
    in.path.push_back({"u" + std::to_string(n), "user", t.user});
    in.path.push_back({"a" + std::to_string(n), "assistant", t.assistant});
  }
  size_t k = 0;
  auto mainline = bench::measure(50, runs, [&] {
    in.message = messages[k++ % messages.size()];
    volatile size_t n = analyze(in).size();
    (void)n;
  });
  AnalysisInput br = in;
  br.onBranch = true;
  br.branchHeadId = br.path[br.path.size() - 8].unitId;
  br.parentContext.assign(br.path.end() - 12, br.path.end() - 8);
  br.parentTipId = br.parentContext.back().unitId;
  auto branch = bench::measure(50, runs, [&] {
    br.message = messages[k++ % messages.size()];
    volatile size_t n = analyze(br).size();
    (void)n;
  });
  std::printf("  analyze() on a 1,000-unit path (%d runs): mainline median %.1f us (p95 %.1f), branch cursor "
              "median %.1f us (p95 %.1f); target < 1000 us\n",
              runs, mainline.median, mainline.p95, branch.median, branch.p95);
  // A pasted log as the message: 200 KB whose every line holds closing and
  // return words. Linear in the message, not quadratic (it took 2 s once).
  std::string log = "thanks, that works. here is the whole log:\n";
  for (int i = 0; log.size() < 200 * 1024; ++i)
    log += "WARN done: falling back to defaults, unrelated key " + std::to_string(i) + " is done, great\n";
  auto pasted = bench::measure(2, 10, [&] {
    br.message = log;
    volatile size_t n = analyze(br).size();
    (void)n;
  });
  std::printf("  analyze() with a %zu KB pasted log as the message, branch cursor: median %.1f ms\n", log.size() / 1024,
              pasted.median / 1000);
}

}  // namespace

int main(int argc, char** argv) {
  std::string given;
  int runs = 1000;
  bool retrieval = true;
  std::string sweep;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--benchmarks") && i + 1 < argc) given = argv[++i];
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--no-retrieval")) retrieval = false;
    else if (!std::strcmp(argv[i], "--sweep-retrieval") && i + 1 < argc) sweep = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--benchmarks DIR] [--runs N] [--no-retrieval] [--sweep-retrieval 1|2|3]\n", argv[0]);
      return 2;
    }
  }
  std::string bench = eval::benchmarksDir(given, GROVE_SOURCE_DIR);
  if (!sweep.empty()) {
    if (bench.empty()) return 1;
    sweepRetrieval(bench, sweep);
    return 0;
  }
  auto own = eval::loadEvalSet(std::string(GROVE_SOURCE_DIR) + "/tests/data/structure");
  std::printf("Structure cards (thresholds: branch %.2f, return %.2f)\n", Thresholds{}.branch, Thresholds{}.ret);
  auto tunePoints = tfidfPoints(own, "tune");
  structureRows("own set, tune split (trained on)", own, "tune", tunePoints);
  structureRows("own set, held-out split (never tuned on)", own, "heldout", tunePoints);
  if (!bench.empty()) {
    auto real = eval::loadRealDev(bench);
    structureRows("real-dev (shared dev split, trained on; anchor tuned on it too)", real, "", tfidfPoints(real, ""));
    tiageRows(bench);
  } else {
    std::printf("  (no shared benchmarks: pass --benchmarks DIR for real-dev, TIAGE and LoCoMo)\n");
  }
  if (retrieval) {
    std::printf("\nRetrieval\n");
    auto data = memory::eval::loadDataset(std::string(GROVE_SOURCE_DIR) + "/tests/data/retrieval");
    retrievalRows("own retrieval set, tune split", data, "tune", 3, false);
    retrievalRows("own retrieval set, held-out split", data, "heldout", 3, false);
    if (!bench.empty()) {
      retrievalRows("real-dev retrieval queries", memory::eval::loadRealDevRetrieval(bench), "", 3, false);
      retrievalRows("LoCoMo dev", memory::eval::loadLocomo(bench), "", 4, true);
    }
  }
  std::printf("\nSpeed\n");
  timing(own, runs);
  return 0;
}
