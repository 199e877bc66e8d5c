#include <gtest/gtest.h>

#include <cmath>

#include "memory/Segmenter.h"

using namespace grove::memory;
using grove::text::HashedVector;

namespace {

// A unit vector mostly along axis `topic`, with a small per-exchange wobble
// along axis 10 + i so exchanges of one topic are similar but not identical.
HashedVector topicVector(int topic, int i) {
  std::vector<float> v(32, 0.0f);
  v[topic] = 1.0f;
  v[10 + i] = 0.35f;
  return HashedVector::fromValues(v);
}

std::vector<HashedVector> threeTopics() {
  // Exchanges 0-2 on topic 0, 3-5 on topic 1, 6-7 on topic 2.
  std::vector<HashedVector> xs;
  for (int i = 0; i < 3; ++i) xs.push_back(topicVector(0, i));
  for (int i = 3; i < 6; ++i) xs.push_back(topicVector(1, i));
  for (int i = 6; i < 8; ++i) xs.push_back(topicVector(2, i));
  return xs;
}

}  // namespace

TEST(Segmenter, PercentileInterpolatesLinearly) {
  EXPECT_DOUBLE_EQ(percentileOf({}, 0.5), 0.0);
  EXPECT_DOUBLE_EQ(percentileOf({0.4}, 0.9), 0.4);
  EXPECT_DOUBLE_EQ(percentileOf({0.3, 0.1, 0.2, 0.4}, 0.0), 0.1);
  EXPECT_DOUBLE_EQ(percentileOf({0.3, 0.1, 0.2, 0.4}, 1.0), 0.4);
  // Sorted 0.1 0.2 0.3 0.4: position 0.5 * 3 = 1.5 -> halfway between 0.2 and 0.3.
  EXPECT_NEAR(percentileOf({0.3, 0.1, 0.2, 0.4}, 0.5), 0.25, 1e-12);
  EXPECT_NEAR(percentileOf({0.3, 0.1, 0.2, 0.4}, 0.75), 0.325, 1e-12);
}

TEST(Segmenter, ShortHistoryUsesTheFallbackThreshold) {
  Segmenter s(0.5, 0.2, 0);
  EXPECT_DOUBLE_EQ(s.threshold({0.9, 0.9}), 0.2);
  EXPECT_TRUE(s.startsNew({0.9, 0.9}, 0.19));
  EXPECT_FALSE(s.startsNew({0.9, 0.9}, 0.21));
  // From kMinHistory values on, the percentile of the history decides.
  std::vector<double> h = {0.1, 0.2, 0.3, 0.4};
  ASSERT_GE(h.size(), Segmenter::kMinHistory);
  EXPECT_NEAR(s.threshold(h), 0.25, 1e-12);
  EXPECT_TRUE(s.startsNew(h, 0.24));
  EXPECT_FALSE(s.startsNew(h, 0.26));
  // A higher percentile makes splitting more likely for the same similarity.
  EXPECT_TRUE(Segmenter(0.9, 0.2, 0).startsNew(h, 0.3));
  EXPECT_FALSE(Segmenter(0.1, 0.2, 0).startsNew(h, 0.3));
}

TEST(Segmenter, LengthCapAndEmptyOpenSegment) {
  Segmenter s(0.5, 0.2, 3);
  EXPECT_TRUE(s.startsNewSegment({}, 1.0, 0));          // nothing open yet
  EXPECT_FALSE(s.startsNewSegment({0.9}, 0.95, 2));    // similar, room left
  EXPECT_TRUE(s.startsNewSegment({0.9}, 0.95, 3));     // similar, but full
  EXPECT_FALSE(Segmenter(0.5, 0.2, 0).startsNewSegment({0.9}, 0.95, 50));  // 0 = no cap
}

TEST(Segmenter, SplitsKnownTopicsAtTheirBoundaries) {
  auto xs = threeTopics();
  // Same-topic cosine is 1/(1+0.35^2) = 0.89, cross-topic 0: any threshold in between splits
  // exactly at the topic changes.
  auto segs = Segmenter(0.5, 0.3, 0).segment(xs);
  ASSERT_EQ(segs.size(), 3u);
  EXPECT_EQ(segs[0].begin, 0u);
  EXPECT_EQ(segs[0].end, 3u);
  EXPECT_EQ(segs[1].begin, 3u);
  EXPECT_EQ(segs[1].end, 6u);
  EXPECT_EQ(segs[2].begin, 6u);
  EXPECT_EQ(segs[2].end, 8u);
  // The cap splits a long topic: 3 exchanges with a cap of 2 -> 2 + 1.
  auto capped = Segmenter(0.5, 0.3, 2).segment(xs);
  ASSERT_EQ(capped.size(), 5u);
  EXPECT_EQ(capped[0].size(), 2u);
  EXPECT_EQ(capped[1].size(), 1u);
  EXPECT_EQ(capped[1].begin, 2u);
}

TEST(Segmenter, IsAppendOnlyClosedSegmentsNeverChange) {
  auto xs = threeTopics();
  // Add a few noisy exchanges so the percentile threshold moves as history grows.
  for (int i = 0; i < 6; ++i) {
    std::vector<float> v(32, 0.0f);
    v[i % 4] = 1.0f;
    v[(i * 7) % 4] += 0.6f;
    v[20 + i] = 0.5f;
    xs.push_back(HashedVector::fromValues(v));
  }
  Segmenter seg(0.6, 0.3, 4);
  auto full = seg.segment(xs);
  for (size_t n = 1; n <= xs.size(); ++n) {
    auto prefix = seg.segment(std::vector<HashedVector>(xs.begin(), xs.begin() + n));
    ASSERT_FALSE(prefix.empty());
    // Every segment closed in the prefix (all but its last) is identical in the full run.
    for (size_t i = 0; i + 1 < prefix.size(); ++i) {
      EXPECT_EQ(prefix[i].begin, full[i].begin) << "prefix " << n;
      EXPECT_EQ(prefix[i].end, full[i].end) << "prefix " << n;
    }
    // The open one starts where the full run's segment starts.
    EXPECT_EQ(prefix.back().begin, full[prefix.size() - 1].begin);
  }
}

TEST(Segmenter, TrackerMatchesBatchAndRecordsHistory) {
  auto xs = threeTopics();
  Segmenter seg(0.5, 0.3, 0);
  SegmentTracker t(seg);
  std::vector<bool> starts;
  for (auto& x : xs) starts.push_back(t.add(x));
  EXPECT_EQ(starts, (std::vector<bool>{true, false, false, true, false, false, true, false}));
  EXPECT_EQ(t.exchangeCount(), 8u);
  EXPECT_EQ(t.openSize(), 2u);
  ASSERT_EQ(t.history().size(), 7u);
  EXPECT_NEAR(t.history()[0], 1.0 / (1.0 + 0.35 * 0.35), 1e-6);  // same topic
  EXPECT_NEAR(t.history()[2], 0.0, 1e-6);                        // topic change
}

TEST(Segmenter, RealTextSplitsWhereTheTopicChanges) {
  std::vector<std::string> texts = {
      "docker compose postgres volume data lost after docker compose down",
      "named docker volume for postgres data survives compose down, bind mount permissions",
      "docker volume postgres data directory permissions uid",
      "git rebase interactive squash commits before the pull request",
      "git push force with lease after rebase of the feature branch commits",
  };
  std::vector<HashedVector> xs;
  for (auto& t : texts) xs.push_back(HashedVector::fromText(t));
  // Consecutive similarities here: 0.52 0.53 0.05 0.40. At the 25th percentile the threshold
  // after four of them is 0.31, so only the docker -> git change (0.05) splits; at the median
  // (0.46) the two git exchanges would split as well: the threshold is relative to the
  // conversation.
  auto segs = Segmenter(0.25, 0.15, 4).segment(xs);
  ASSERT_EQ(segs.size(), 2u);
  EXPECT_EQ(segs[0].end, 3u);
  EXPECT_EQ(segs[1].begin, 3u);
  EXPECT_EQ(Segmenter(0.5, 0.15, 4).segment(xs).size(), 3u);
}
