#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "memory/KMeans.h"
#include "memory/Layout.h"

using namespace grove::memory;

namespace {

// Three well-separated blobs in 8 dims, 10 points each, generated deterministically.
std::vector<std::vector<float>> blobs() {
  std::mt19937 rng(3);
  std::normal_distribution<float> noise(0.0f, 0.05f);
  std::vector<std::vector<float>> pts;
  for (int b = 0; b < 3; ++b)
    for (int i = 0; i < 10; ++i) {
      std::vector<float> p(8);
      for (auto& x : p) x = noise(rng);
      p[b] += 1.0f;
      pts.push_back(p);
    }
  return pts;
}

}  // namespace

TEST(KMeans, SeparatesWellSeparatedBlobs) {
  auto pts = blobs();
  auto r = kMeans(pts, 3);
  ASSERT_EQ(r.assignment.size(), 30u);
  ASSERT_EQ(r.centroids.size(), 3u);
  for (int b = 0; b < 3; ++b)
    for (int i = 1; i < 10; ++i) EXPECT_EQ(r.assignment[b * 10 + i], r.assignment[b * 10]);
  EXPECT_NE(r.assignment[0], r.assignment[10]);
  EXPECT_NE(r.assignment[10], r.assignment[20]);
  EXPECT_NE(r.assignment[0], r.assignment[20]);
}

TEST(KMeans, SameInputSameOutput) {
  auto pts = blobs();
  auto a = kMeans(pts, 4), b = kMeans(pts, 4);
  EXPECT_EQ(a.assignment, b.assignment);
  EXPECT_EQ(a.centroids, b.centroids);
}

TEST(KMeans, PermutedInputGivesSamePartitionAndClusterNumbers) {
  // Documented behaviour: seeding never depends on input position, so each point
  // keeps its cluster number whatever the order.
  auto pts = blobs();
  std::vector<size_t> order(pts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(11));
  std::vector<std::vector<float>> shuffled;
  for (size_t i : order) shuffled.push_back(pts[i]);
  auto a = kMeans(pts, 3), b = kMeans(shuffled, 3);
  for (size_t j = 0; j < order.size(); ++j) EXPECT_EQ(b.assignment[j], a.assignment[order[j]]);
}

TEST(KMeans, FewerDistinctPointsThanKAndEdgeCases) {
  std::vector<std::vector<float>> same = {{1, 0}, {1, 0}, {0, 1}, {1, 0}};
  auto r = kMeans(same, 5);
  EXPECT_EQ(r.centroids.size(), 2u);
  EXPECT_EQ(r.assignment[0], r.assignment[1]);
  EXPECT_NE(r.assignment[0], r.assignment[2]);
  EXPECT_TRUE(kMeans({}, 3).assignment.empty());
  EXPECT_TRUE(kMeans(same, 0).assignment.empty());
  EXPECT_EQ(defaultClusterCount(0), 0);
  EXPECT_EQ(defaultClusterCount(2), 2);
  EXPECT_EQ(defaultClusterCount(50), 5);
  EXPECT_EQ(defaultClusterCount(100000), 12);
}

TEST(Layout, DeterministicInUnitSquareAndKeepsNeighboursTogether) {
  auto pts = blobs();
  auto a = layout2d(pts), b = layout2d(pts);
  ASSERT_EQ(a.size(), pts.size());
  double minX = 1, maxX = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].x, b[i].x);
    EXPECT_EQ(a[i].y, b[i].y);
    EXPECT_GE(a[i].x, 0.0);
    EXPECT_LE(a[i].x, 1.0);
    EXPECT_GE(a[i].y, 0.0);
    EXPECT_LE(a[i].y, 1.0);
    minX = std::min(minX, a[i].x);
    maxX = std::max(maxX, a[i].x);
  }
  EXPECT_DOUBLE_EQ(minX, 0.0);
  EXPECT_DOUBLE_EQ(maxX, 1.0);
  // Points of one blob are closer to each other than to any other blob's.
  auto d2 = [&](size_t i, size_t j) {
    return (a[i].x - a[j].x) * (a[i].x - a[j].x) + (a[i].y - a[j].y) * (a[i].y - a[j].y);
  };
  double within = 0, between = 1e9;
  for (size_t i = 0; i < 30; ++i)
    for (size_t j = 0; j < 30; ++j) {
      if (i == j) continue;
      if (i / 10 == j / 10) within = std::max(within, d2(i, j));
      else between = std::min(between, d2(i, j));
    }
  EXPECT_LT(within, between);
}

TEST(Layout, PermutedInputGivesTheSamePositionPerPoint) {
  auto pts = blobs();
  std::vector<size_t> order(pts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(5));
  std::vector<std::vector<float>> shuffled;
  for (size_t i : order) shuffled.push_back(pts[i]);
  auto a = layout2d(pts), b = layout2d(shuffled);
  for (size_t j = 0; j < order.size(); ++j) {
    EXPECT_NEAR(b[j].x, a[order[j]].x, 1e-9);
    EXPECT_NEAR(b[j].y, a[order[j]].y, 1e-9);
  }
}

TEST(Layout, DegenerateInputs) {
  EXPECT_TRUE(layout2d({}).empty());
  auto one = layout2d({{1, 2, 3}});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].x, 0.5);
  auto same = layout2d({{1, 1}, {1, 1}});
  EXPECT_EQ(same[0].x, 0.5);
  EXPECT_EQ(same[1].y, 0.5);
}
