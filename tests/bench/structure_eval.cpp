// grove_structure_eval: replays the labelled conversations of
// tests/data/structure through the native structure detectors and prints
// precision, recall and F1 of branch and return (and extract) on the tune and
// held-out splits, plus the time of one analyze() call on a 1,000-unit path.
//
//   grove_structure_eval [--data DIR] [--dump tune|heldout] [--only tune|heldout] [--runs N]
//
// --dump prints every message of a split with its gold label and what the
// detectors said (for error analysis; tune on the tune split only).
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <string>

#include "EvalReplay.h"
#include "Stats.h"
#include "structure/Analysis.h"
#include "structure/Context.h"
#include "structure/Drift.h"
#include "structure/Return.h"
#include "structure/Terms.h"

using namespace grove;
using namespace grove::structure;

namespace {

void printCounts(const char* what, const eval::Counts& c) {
  std::printf("    %-8s P %.3f  R %.3f  F1 %.3f   (tp %d, fp %d, fn %d)\n", what, c.precision(), c.recall(),
              c.f1(), c.tp, c.fp, c.fn);
}

void printSplit(const std::vector<eval::Conversation>& set, const std::string& split) {
  int convs = 0;
  for (const auto& c : set) convs += c.split == split;
  eval::Score s = eval::evaluate(set, split, Thresholds{});
  std::printf("  %s split: %d conversations, %d user messages\n", split.c_str(), convs, s.messages);
  printCounts("branch", s.branch);
  printCounts("return", s.ret);
  printCounts("extract", s.extract);
}

std::string label(const std::vector<Signal>& got) {
  std::string out;
  for (const auto& s : got) {
    if (!out.empty()) out += "+";
    out += std::string(toString(s.kind)) + (s.delegated ? "(d)" : "");
  }
  return out.empty() ? "none" : out;
}

void dump(const std::vector<eval::Conversation>& set, const std::string& split) {
  eval::evaluate(set, split, Thresholds{}, [](const eval::Conversation& c, size_t i, const AnalysisInput& in,
                                             const std::vector<Signal>& got) {
    const eval::Turn& t = c.turns[i];
    std::string gold = t.label + (t.extract ? "+extract" : "");
    std::string pred = label(got);
    bool ok = (t.label == "branch") == (pred.find("branch") != std::string::npos) &&
              (t.label == "return") == (pred.find("return") != std::string::npos);
    Context ctx = contextOf(in);
    char feats[200];
    if (in.onBranch) {
      ReturnEstimate r = estimateReturn(ctx);
      std::snprintf(feats, sizeof feats, "ret %.2f pc %.2f bc %.2f rc'%s' cl'%s' ct%d w%d", r.score,
                    r.parentCoverage, r.branchCoverage, r.returnCue.c_str(), r.closureCue.c_str(),
                    r.continuation, ctx.contentWords);
    } else {
      DriftEstimate d = estimateDrift(ctx);
      std::snprintf(feats, sizeof feats, "drift %.2f cov %.2f cos %.2f sc'%s' ct%d w%d", d.score, d.coverage,
                    d.cosine, d.shiftCue.c_str(), d.continuation, ctx.contentWords);
    }
    std::printf("%s %-9s %2zu %-7s %-14s %-62s | %.70s\n", ok ? "  " : "XX", c.id.c_str(), i, gold.c_str(),
                pred.c_str(), feats, t.user.c_str());
    for (const auto& s : got)
      std::printf("      -> %s [%.2f] title \"%s\": %s\n", std::string(toString(s.kind)).c_str(), s.confidence,
                  s.title.c_str(), s.reason.c_str());
  });
}

// The baseline the issue warns about: plain TF-IDF similarity with a
// threshold (branch when the message's cosine to the recent units is low;
// return when it is closer to the parent than to the branch), the threshold
// picked for the best F1 on the tune split and then applied to held-out.
struct BaselinePoint {
  std::string split, gold;
  bool onBranch;
  double value;  // branch: 1 - cosine; return: parent - branch similarity
};

void printBaseline(const std::vector<eval::Conversation>& set) {
  std::vector<BaselinePoint> points;
  for (const auto& c : set)
    for (size_t i = 0; i < c.turns.size(); ++i) {
      AnalysisInput in = eval::inputAt(c, i);
      if (in.path.empty()) continue;
      Context ctx = contextOf(in);
      double v = in.onBranch ? hashedCosine(ctx.message, ctx.parent, ctx.idf) - hashedCosine(ctx.message, ctx.recent, ctx.idf)
                             : 1.0 - hashedCosine(ctx.message, ctx.recent, ctx.idf);
      points.push_back({c.split, c.turns[i].label, in.onBranch, v});
    }
  auto score = [&](const std::string& split, bool branch, double t) {
    eval::Counts k;
    for (const auto& p : points) {
      if (p.split != split || p.onBranch == branch) continue;
      bool pred = p.value >= t, gold = p.gold == (branch ? "branch" : "return");
      if (pred && gold) k.tp++;
      else if (pred) k.fp++;
      else if (gold) k.fn++;
    }
    return k;
  };
  std::printf("  baseline: plain TF-IDF cosine with one threshold (best on tune, applied to held-out)\n");
  for (bool branch : {true, false}) {
    double best = 0, bestT = 0;
    for (int i = -100; i <= 100; ++i) {
      double f = score("tune", branch, i / 100.0).f1();
      if (f > best) best = f, bestT = i / 100.0;
    }
    eval::Counts t = score("tune", branch, bestT), h = score("heldout", branch, bestT);
    std::printf("    %-8s threshold %.2f   tune F1 %.3f   held-out P %.3f R %.3f F1 %.3f\n",
                branch ? "branch" : "return", bestT, t.f1(), h.precision(), h.recall(), h.f1());
  }
}

// A long realistic path: the eval set's exchanges one after another.
AnalysisInput longPath(const std::vector<eval::Conversation>& set, size_t units) {
  AnalysisInput in;
  size_t n = 0;
  while (in.path.size() < units)
    for (const auto& c : set)
      for (const auto& t : c.turns) {
        if (in.path.size() >= units) break;
        in.path.push_back({"u" + std::to_string(n), "user", t.user});
        in.path.push_back({"a" + std::to_string(n), "assistant", t.assistant});
        ++n;
      }
  in.path.resize(units);
  return in;
}

void timing(const std::vector<eval::Conversation>& set, int runs) {
  AnalysisInput in = longPath(set, 1000);
  std::vector<std::string> messages;
  for (const auto& c : set)
    for (const auto& t : c.turns) messages.push_back(t.user);
  size_t k = 0;
  auto mainline = bench::measure(50, runs, [&] {
    in.message = messages[k++ % messages.size()];
    volatile size_t n = analyze(in).size();
    (void)n;
  });
  // On a branch: the last 8 units are the branch, the parent context before it.
  AnalysisInput br = in;
  br.onBranch = true;
  br.branchHeadId = br.path[br.path.size() - 8].unitId;
  br.branchTitle = "Side topic";
  br.parentContext.assign(br.path.end() - 12, br.path.end() - 8);
  br.parentTipId = br.parentContext.back().unitId;
  auto branch = bench::measure(50, runs, [&] {
    br.message = messages[k++ % messages.size()];
    volatile size_t n = analyze(br).size();
    (void)n;
  });
  // The slowest single message on the branch cursor, to see what costs.
  double worst = 0;
  std::string worstMessage;
  for (const auto& m : messages) {
    br.message = m;
    double us = 1e18;
    for (int rep = 0; rep < 3; ++rep) {  // best of 3: the machine is shared
      auto t0 = bench::Clock::now();
      volatile size_t n = analyze(br).size();
      (void)n;
      us = std::min(us, bench::micros(bench::Clock::now() - t0));
    }
    if (us > worst) worst = us, worstMessage = m;
  }
  std::printf("  analyze() on a 1,000-unit path (%d runs, varied messages):\n", runs);
  bench::row("mainline cursor (branch detection), median / p95",
             bench::fmt("%.1f", mainline.median) + " / " + bench::fmt("%.1f us", mainline.p95), "target < 1000 us median");
  bench::row("branch cursor (return + extract detection), median / p95",
             bench::fmt("%.1f", branch.median) + " / " + bench::fmt("%.1f us", branch.p95), "target < 1000 us median");
  std::printf("  slowest message on the branch cursor: %.1f us: \"%.60s\"\n", worst, worstMessage.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = GROVE_STRUCTURE_DATA_DIR;
  std::string dumpSplit, only;
  int runs = 2000;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--data") && i + 1 < argc) dir = argv[++i];
    else if (!std::strcmp(argv[i], "--dump") && i + 1 < argc) dumpSplit = argv[++i];
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--data DIR] [--dump tune|heldout] [--only tune|heldout] [--runs N]\n", argv[0]);
      return 2;
    }
  }
  std::vector<eval::Conversation> set = eval::loadEvalSet(dir);
  if (!dumpSplit.empty()) {
    dump(set, dumpSplit);
    return 0;
  }
  std::printf("Native structure detectors on %zu labelled conversations (default thresholds)\n", set.size());
  if (only.empty() || only == "tune") printSplit(set, "tune");
  if (only.empty() || only == "heldout") printSplit(set, "heldout");
  if (only.empty()) {
    printBaseline(set);
    timing(set, runs);
  }
  return 0;
}
