// adjusted(): the user model's bias moves thresholds monotonically, and with
// them how many suggestions the detectors make.
#include <gtest/gtest.h>

#include "EvalReplay.h"
#include "structure/Analysis.h"

using namespace grove::structure;

TEST(Thresholds, ZeroBiasKeepsTheDefaults) {
  Thresholds base;
  Thresholds same = adjusted(base, Bias{});
  EXPECT_DOUBLE_EQ(same.branch, base.branch);
  EXPECT_DOUBLE_EQ(same.branchChat, base.branchChat);
  EXPECT_DOUBLE_EQ(same.ret, base.ret);
  EXPECT_DOUBLE_EQ(same.extract, base.extract);
}

TEST(Thresholds, MoveMonotonicallyAndStayInRange) {
  Thresholds base;
  Thresholds prev = adjusted(base, Bias{-1.5, -1.5, -1.5});  // clamped to -1
  for (int i = -10; i <= 10; ++i) {
    double b = i / 10.0;
    Thresholds t = adjusted(base, Bias{b, b, b});
    // More liking (higher bias) never raises a threshold.
    EXPECT_LE(t.branch, prev.branch + 1e-12) << b;
    EXPECT_LE(t.branchChat, prev.branchChat + 1e-12) << b;
    EXPECT_LE(t.ret, prev.ret + 1e-12) << b;
    EXPECT_LE(t.extract, prev.extract + 1e-12) << b;
    for (double v : {t.branch, t.ret, t.extract}) {
      EXPECT_GE(v, 0.05);
      EXPECT_LE(v, 0.98);
    }
    prev = t;
  }
  EXPECT_GT(adjusted(base, Bias{-1, 0, 0}).branch, base.branch);  // rejections make branching stricter
  EXPECT_LT(adjusted(base, Bias{1, 0, 0}).branch, base.branch);
  // Each bias moves only its own threshold.
  Thresholds onlyReturn = adjusted(base, Bias{0, -1, 0});
  EXPECT_DOUBLE_EQ(onlyReturn.branch, base.branch);
  EXPECT_GT(onlyReturn.ret, base.ret);
  EXPECT_DOUBLE_EQ(onlyReturn.extract, base.extract);
}

TEST(Thresholds, BiasChangesHowOftenTheDetectorsSpeak) {
  auto set = eval::loadEvalSet(GROVE_STRUCTURE_DATA_DIR);
  auto suggestions = [&](double bias) {
    eval::Score s = eval::evaluate(set, "tune", adjusted(Thresholds{}, Bias{bias, bias, 0}));
    return std::pair{s.branch.tp + s.branch.fp, s.ret.tp + s.ret.fp};
  };
  auto strict = suggestions(-1), normal = suggestions(0), eager = suggestions(1);
  EXPECT_LT(strict.first, normal.first);
  EXPECT_LT(normal.first, eager.first);
  EXPECT_LT(strict.second, normal.second);
  EXPECT_LE(normal.second, eager.second);
}
