#include <gtest/gtest.h>

#include "memory/Rrf.h"

using grove::memory::reciprocalRankFusion;

// Hand-computed with k = 60, ranks from 1 (second ranking: b=1, d=2, a=3, c=4):
//   b = 1/62 + 1/61 = 0.032522   a = 1/61 + 1/63 = 0.032266
//   c = 1/63 + 1/64 = 0.031498   d = 1/62 = 0.016129
TEST(Rrf, FusesKnownRankingsWithHandComputedScores) {
  auto fused = reciprocalRankFusion({{"a", "b", "c"}, {"b", "d", "a", "c"}}, 60);
  // Second ranking: b=1, d=2, a=3, c=4.
  const double a = 1.0 / 61 + 1.0 / 63, b = 1.0 / 62 + 1.0 / 61, c = 1.0 / 63 + 1.0 / 64,
               d = 1.0 / 62;
  ASSERT_EQ(fused.size(), 4u);
  EXPECT_EQ(fused[0].id, "b");
  EXPECT_NEAR(fused[0].score, b, 1e-12);
  EXPECT_EQ(fused[1].id, "a");
  EXPECT_NEAR(fused[1].score, a, 1e-12);
  EXPECT_EQ(fused[2].id, "c");
  EXPECT_NEAR(fused[2].score, c, 1e-12);
  EXPECT_EQ(fused[3].id, "d");
  EXPECT_NEAR(fused[3].score, d, 1e-12);
}

TEST(Rrf, KDecidesBetweenOneTopRankAndTwoMiddleRanks) {
  // x is 1st and 4th, y is 2nd and 2nd.
  // k = 1:  x = 1/2 + 1/5 = 0.7      y = 1/3 + 1/3 = 0.6667  -> x first
  // k = 60: x = 1/61 + 1/64 = 0.03202 y = 2/62 = 0.03226     -> y first
  const std::vector<std::vector<std::string>> rankings = {{"x", "y", "z"}, {"w", "y", "z", "x"}};
  auto k1 = reciprocalRankFusion(rankings, 1);
  ASSERT_EQ(k1.size(), 4u);
  EXPECT_EQ(k1[0].id, "x");
  EXPECT_NEAR(k1[0].score, 0.7, 1e-12);
  EXPECT_EQ(k1[1].id, "y");
  EXPECT_NEAR(k1[1].score, 2.0 / 3.0, 1e-12);
  auto k60 = reciprocalRankFusion(rankings, 60);
  EXPECT_EQ(k60[0].id, "y");
  EXPECT_NEAR(k60[0].score, 2.0 / 62, 1e-12);
  EXPECT_EQ(k60[1].id, "x");
}

TEST(Rrf, TiesBreakByIdAndDuplicatesCountOnce) {
  auto fused = reciprocalRankFusion({{"m", "m", "n"}, {"n", "m"}}, 60);
  ASSERT_EQ(fused.size(), 2u);
  // m: 1/61 (first list, duplicate ignored) + 1/62; n: 1/63 + 1/61.
  EXPECT_EQ(fused[0].id, "m");
  EXPECT_NEAR(fused[0].score, 1.0 / 61 + 1.0 / 62, 1e-12);
  EXPECT_NEAR(fused[1].score, 1.0 / 63 + 1.0 / 61, 1e-12);
  auto tie = reciprocalRankFusion({{"q", "p"}, {"p", "q"}}, 60);
  ASSERT_EQ(tie.size(), 2u);
  EXPECT_EQ(tie[0].id, "p");  // equal scores: id order
  EXPECT_DOUBLE_EQ(tie[0].score, tie[1].score);
}

TEST(Rrf, EmptyInputGivesEmptyOutput) {
  EXPECT_TRUE(reciprocalRankFusion({}, 60).empty());
  EXPECT_TRUE(reciprocalRankFusion({{}, {}}, 60).empty());
}

namespace grove::memory {
namespace {

TEST(Rrf, AddingARankingToAFusionEqualsFusingItWithTheOthers) {
  const std::vector<std::vector<std::string>> lists = {{"a", "b", "c", "d"}, {"c", "a", "e"}, {"e", "d"}};
  const std::vector<std::string> extra = {"d", "e", "b"};
  std::vector<Fused> added = weightedReciprocalRankFusion(lists, {1.0, 2.0, 0.5}, 10);
  ASSERT_EQ(added[0].id, "c");
  addToFusion(added, extra, 2.0, 10);
  auto all = lists;
  all.push_back(extra);
  std::vector<Fused> fused = weightedReciprocalRankFusion(all, {1.0, 2.0, 0.5, 2.0}, 10);
  ASSERT_EQ(added.size(), fused.size());
  for (size_t i = 0; i < fused.size(); ++i) {
    EXPECT_EQ(added[i].id, fused[i].id) << i;
    EXPECT_DOUBLE_EQ(added[i].score, fused[i].score) << i;
  }
  EXPECT_EQ(added[0].id, "e") << "the extra ranking changed the order";
}

}  // namespace
}  // namespace grove::memory
