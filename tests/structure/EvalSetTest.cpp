// The labelled evaluation set (tests/data/structure): its shape, and a
// regression floor on the detectors' F1 — held-out figures at what the
// shipped thresholds achieve minus a small margin, so a change that makes
// them worse fails CI. See tests/bench/structure_eval.cpp for the full report.
#include <gtest/gtest.h>

#include <set>

#include "EvalReplay.h"

using namespace grove::structure;

namespace {

const std::vector<eval::Conversation>& evalSet() {
  static const auto set = eval::loadEvalSet(GROVE_STRUCTURE_DATA_DIR);
  return set;
}

}  // namespace

TEST(EvalSet, ShapeAndFixedSplit) {
  const auto& set = evalSet();
  ASSERT_GE(set.size(), 45u);
  std::set<std::string> ids;
  int branches = 0, returns = 0, extracts = 0;
  for (size_t i = 0; i < set.size(); ++i) {
    const auto& c = set[i];
    EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id " << c.id;
    // The split is fixed by position: every third conversation is held out.
    // The conversations after the first 60 (conversations-9-terse-offdomain)
    // were written once the chit-chat misreading was known, to train its fix:
    // all tune, never held out.
    EXPECT_EQ(c.split, i < 60 && i % 3 == 2 ? "heldout" : "tune") << c.id;
    bool onBranch = false;
    for (const auto& t : c.turns) {
      EXPECT_FALSE(t.user.empty());
      EXPECT_FALSE(t.assistant.empty());
      if (t.label == "branch") {
        EXPECT_FALSE(onBranch) << c.id << ": branches do not nest";
        EXPECT_FALSE(t.title.empty()) << c.id;
        onBranch = true;
        ++branches;
      } else if (t.label == "return") {
        EXPECT_TRUE(onBranch) << c.id << ": return without a branch";
        onBranch = false;
        ++returns;
      }
      if (t.extract) {
        EXPECT_EQ(t.label, "return") << c.id;
        ++extracts;
      }
    }
  }
  EXPECT_GE(branches, 40);
  EXPECT_GE(returns, 40);
  EXPECT_GE(extracts, 4);
}

TEST(EvalSet, HeldOutF1StaysAboveTheFloor) {
  eval::Score s = eval::evaluate(evalSet(), "heldout", Thresholds{});
  // Achieved with the shipped models (issue 13, retrained with the
  // programming-vocabulary fix of chit-chat detection; grove_quality_eval):
  // branch P 0.889 R 0.842 F1 0.865, return P 1.000 R 0.737 F1 0.848 (the first
  // trained models: 0.824 and 0.848; the hand-fitted rules before them: 0.788
  // and 0.813 on the same split). Floors: one message less.
  EXPECT_GE(s.branch.f1(), 0.83) << "branch P " << s.branch.precision() << " R " << s.branch.recall();
  EXPECT_GE(s.branch.precision(), 0.85) << "cards interrupt: precision first";
  EXPECT_GE(s.ret.f1(), 0.80) << "return P " << s.ret.precision() << " R " << s.ret.recall();
  EXPECT_GE(s.ret.precision(), 0.85);
}

TEST(EvalSet, TuneF1StaysAboveTheFloor) {
  eval::Score s = eval::evaluate(evalSet(), "tune", Thresholds{});
  // Achieved (trained on this split, which since the chit-chat fix also holds
  // the terse and off-domain conversations of conversations-9): branch 0.840,
  // return 0.935, extract 0.857.
  EXPECT_GE(s.branch.f1(), 0.82) << "branch P " << s.branch.precision() << " R " << s.branch.recall();
  EXPECT_GE(s.ret.f1(), 0.90) << "return P " << s.ret.precision() << " R " << s.ret.recall();
  EXPECT_GE(s.extract.f1(), 0.8);
}
