// grove_structure_eval: replays the labelled conversations of
// tests/data/structure through the native structure detectors and prints
// precision, recall and F1 of branch and return (and extract) on the tune and
// held-out splits. The anchors, the shared sets and the timings are in
// grove_quality_eval (tests/bench/quality_eval.cpp).
//
//   grove_structure_eval [--data DIR] [--dump tune|heldout] [--only tune|heldout]
//
// --dump prints every message of a split with its gold label and what the
// detectors said (for error analysis; tune on the tune split only).
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <string>

#include "EvalReplay.h"
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

}  // namespace

int main(int argc, char** argv) {
  std::string dir = GROVE_STRUCTURE_DATA_DIR;
  std::string dumpSplit, only;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--data") && i + 1 < argc) dir = argv[++i];
    else if (!std::strcmp(argv[i], "--dump") && i + 1 < argc) dumpSplit = argv[++i];
    else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--data DIR] [--dump tune|heldout] [--only tune|heldout]\n", argv[0]);
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
  return 0;
}
