#include <gtest/gtest.h>

#include "memory/AdaptiveTopK.h"

using grove::memory::adaptiveTopK;

TEST(AdaptiveTopK, CutsAtTheFirstLargeGap) {
  // Gaps 0.02 0.02 0.36 0.02: mean 0.105, population std 0.14722, cut 0.8 * std = 0.11778.
  // The first gap above the cut is the third -> keep 3.
  EXPECT_EQ(adaptiveTopK({0.90, 0.88, 0.86, 0.50, 0.48}), 3u);
  // A larger factor (cut 2 * 0.14722 = 0.294) still cuts there; factor 3 (0.44) keeps all.
  EXPECT_EQ(adaptiveTopK({0.90, 0.88, 0.86, 0.50, 0.48}, 2.0), 3u);
  EXPECT_EQ(adaptiveTopK({0.90, 0.88, 0.86, 0.50, 0.48}, 3.0), 5u);
}

TEST(AdaptiveTopK, TakesTheFirstOfSeveralLargeGaps) {
  // Gaps 0.3 0.01 0.3 0.01: mean 0.155, std 0.145, cut 0.116 -> first gap already large: keep 1.
  EXPECT_EQ(adaptiveTopK({1.0, 0.7, 0.69, 0.39, 0.38}), 1u);
  // ...unless minK asks for more.
  EXPECT_EQ(adaptiveTopK({1.0, 0.7, 0.69, 0.39, 0.38}, 0.8, 2), 2u);
}

TEST(AdaptiveTopK, EdgeCases) {
  EXPECT_EQ(adaptiveTopK({}), 0u);
  EXPECT_EQ(adaptiveTopK({0.4}), 1u);
  EXPECT_EQ(adaptiveTopK({0.5, 0.5, 0.5, 0.5}), 4u);  // equal scores: no gap beats std 0
  EXPECT_EQ(adaptiveTopK({0.5, 0.5, 0.5, 0.5}, 0.8, 1, 3), 3u);  // capped at maxK
  EXPECT_EQ(adaptiveTopK({0.9, 0.1}), 2u);  // a single gap has no spread: nothing stands out
  std::vector<double> flat(30);
  for (size_t i = 0; i < flat.size(); ++i) flat[i] = 1.0 - 0.01 * double(i);
  EXPECT_EQ(adaptiveTopK(flat), 10u);  // evenly spaced: no cut, default maxK 10
  EXPECT_EQ(adaptiveTopK({0.3}, 0.8, 5, 10), 1u);  // minK never exceeds the list
}
