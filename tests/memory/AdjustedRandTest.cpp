#include <gtest/gtest.h>

#include <stdexcept>

#include "eval/AdjustedRand.h"

using grove::memory::eval::adjustedRandIndex;

// Hand-computed: contingency {(0,0):2, (1,1):1, (1,2):1}; sum C(nij,2) = 1,
// rows C(2,2)+C(2,2) = 2, columns C(2,2) = 1, C(4,2) = 6; expected 2*1/6,
// maximum 1.5: (1 - 1/3) / (1.5 - 1/3) = 4/7.
TEST(AdjustedRandTest, HandComputedSplitOfOneGroup) {
  EXPECT_NEAR(adjustedRandIndex({0, 0, 1, 1}, {0, 0, 1, 2}), 4.0 / 7.0, 1e-12);
}

// {(0,0):2, (0,1):1, (1,1):1, (1,2):2}: index 2, rows 3+3 = 6, columns
// 1+1+1 = 3, C(6,2) = 15, expected 6*3/15 = 1.2, maximum 4.5:
// (2 - 1.2) / (4.5 - 1.2) = 0.8 / 3.3.
TEST(AdjustedRandTest, HandComputedOverlap) {
  EXPECT_NEAR(adjustedRandIndex({0, 0, 0, 1, 1, 1}, {0, 0, 1, 1, 2, 2}), 0.8 / 3.3, 1e-12);
}

// Every pair together in one is apart in the other: index 0, expected 4/6,
// maximum 2: -(2/3) / (4/3) = -0.5.
TEST(AdjustedRandTest, WorseThanChanceIsNegative) {
  EXPECT_NEAR(adjustedRandIndex({0, 0, 1, 1}, {0, 1, 0, 1}), -0.5, 1e-12);
}

TEST(AdjustedRandTest, SamePartitionUnderRenamingIsOne) {
  EXPECT_DOUBLE_EQ(adjustedRandIndex({0, 0, 1, 2, 2}, {7, 7, 3, 9, 9}), 1.0);
}

TEST(AdjustedRandTest, OneGroupAgainstSeveralIsZero) {
  EXPECT_DOUBLE_EQ(adjustedRandIndex({0, 0, 1, 1, 2}, {5, 5, 5, 5, 5}), 0.0);
}

TEST(AdjustedRandTest, SymmetricInItsArguments) {
  std::vector<int> a{0, 0, 1, 1, 1, 2, 2}, b{0, 1, 1, 1, 2, 2, 0};
  EXPECT_DOUBLE_EQ(adjustedRandIndex(a, b), adjustedRandIndex(b, a));
}

TEST(AdjustedRandTest, DegenerateCases) {
  EXPECT_DOUBLE_EQ(adjustedRandIndex({1, 1, 1}, {4, 4, 4}), 1.0);  // both one group
  EXPECT_DOUBLE_EQ(adjustedRandIndex({0, 1, 2}, {2, 0, 1}), 1.0);  // both all singletons
  EXPECT_DOUBLE_EQ(adjustedRandIndex({0, 1, 2}, {0, 0, 0}), 0.0);
  EXPECT_DOUBLE_EQ(adjustedRandIndex({}, {}), 1.0);
  EXPECT_THROW(adjustedRandIndex({0, 1}, {0}), std::invalid_argument);
}
