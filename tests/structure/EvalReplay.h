// EvalReplay: loads the labelled conversations of tests/data/structure and
// replays them through structure::analyze(), following the gold labels for
// the path (see tests/data/structure/README.md), and counts hits and misses
// of the branch, return and extract detectors. Shared by the benchmark
// (grove_structure_eval) and the regression test.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "structure/Analysis.h"

namespace grove::structure::eval {

struct Turn {
  std::string user, assistant;
  std::string label;  // "none" | "branch" | "return"
  bool extract = false;
  std::string title, note;
  bool scored = true;  // false: either label is fair ("unclear" in the shared sets); replayed, not counted
};

struct Conversation {
  std::string id, split, topic;
  std::vector<Turn> turns;
};

/// Every conversations-*.json in `dir`, files sorted by name. Throws
/// std::runtime_error on a missing directory or malformed data.
std::vector<Conversation> loadEvalSet(const std::string& dir);

struct Counts {
  int tp = 0, fp = 0, fn = 0;
  double precision() const { return tp + fp == 0 ? 0.0 : static_cast<double>(tp) / (tp + fp); }
  double recall() const { return tp + fn == 0 ? 0.0 : static_cast<double>(tp) / (tp + fn); }
  double f1() const {
    double p = precision(), r = recall();
    return p + r == 0 ? 0.0 : 2 * p * r / (p + r);
  }
};

struct Score {
  Counts branch, ret, extract;
  int messages = 0;
};

/// Called for every replayed message (for error analysis).
using Observer = std::function<void(const Conversation&, size_t turn, const AnalysisInput&,
                                    const std::vector<Signal>&)>;

/// Replays the conversations of `split` ("tune", "heldout", or "" for all).
Score evaluate(const std::vector<Conversation>& set, const std::string& split, const Thresholds& thresholds,
               const Observer& observer = {});

/// The input analyze() sees for `turn` of `c` (the gold path up to it).
AnalysisInput inputAt(const Conversation& c, size_t turn);

}  // namespace grove::structure::eval
