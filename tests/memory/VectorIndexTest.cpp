#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "memory/VectorIndex.h"
#include "text/HashedVector.h"

using namespace grove::memory;

namespace {

std::vector<float> randomUnit(std::mt19937& rng, int dims) {
  std::normal_distribution<float> n;
  std::vector<float> v(static_cast<size_t>(dims));
  for (auto& x : v) x = n(rng);
  return grove::text::HashedVector::fromValues(v).values();
}

double dot(const std::vector<float>& a, const std::vector<float>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += double(a[i]) * b[i];
  return s;
}

}  // namespace

TEST(VectorIndex, TopKEqualsBruteForce) {
  std::mt19937 rng(42);
  VectorIndex idx(256);
  std::vector<std::vector<float>> rows;
  for (int i = 0; i < 3000; ++i) {
    rows.push_back(randomUnit(rng, 256));
    ASSERT_TRUE(idx.upsert("r" + std::to_string(i), rows.back()));
  }
  for (int t = 0; t < 20; ++t) {
    auto q = randomUnit(rng, 256);
    std::vector<std::pair<double, int>> truth;
    for (int i = 0; i < 3000; ++i) truth.push_back({dot(q, rows[i]), i});
    std::sort(truth.rbegin(), truth.rend());
    auto hits = idx.topK(q, 10);
    ASSERT_EQ(hits.size(), 10u);
    for (size_t j = 0; j < 10; ++j) {
      EXPECT_EQ(hits[j].id, "r" + std::to_string(truth[j].second)) << "query " << t << " rank " << j;
      EXPECT_NEAR(hits[j].score, truth[j].first, 1e-5);
    }
  }
}

// A hashed query of a few words is zero in most dimensions, and the first pass
// reads only the others: the ranking must still be the brute-force one, also
// after removals have moved rows (each dimension's codes move with their row).
TEST(VectorIndex, AQueryOfAFewWordsRanksLikeBruteForceAfterRemovals) {
  std::mt19937 rng(7);
  std::vector<std::string> words;
  for (int i = 0; i < 400; ++i) words.push_back("w" + std::to_string(i));
  auto sentence = [&](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += words[rng() % words.size()] + " ";
    return grove::text::HashedVector::fromText(s).values();
  };
  VectorIndex idx;
  std::vector<std::vector<float>> rows;
  for (int i = 0; i < 2000; ++i) {
    rows.push_back(sentence(12));
    ASSERT_TRUE(idx.upsert("r" + std::to_string(i), rows.back()));
  }
  std::vector<bool> gone(rows.size(), false);
  for (int i = 0; i < 2000; i += 3) {
    ASSERT_TRUE(idx.remove("r" + std::to_string(i)));
    gone[static_cast<size_t>(i)] = true;
  }
  for (int t = 0; t < 30; ++t) {
    auto q = sentence(3);
    ASSERT_LE(std::count_if(q.begin(), q.end(), [](float x) { return x != 0.0f; }), 16);  // scored by columns
    std::vector<std::pair<double, size_t>> truth;
    for (size_t i = 0; i < rows.size(); ++i)
      if (!gone[i]) truth.push_back({dot(q, rows[i]), i});
    std::sort(truth.rbegin(), truth.rend());
    auto hits = idx.topK(q, 10);
    ASSERT_EQ(hits.size(), 10u);
    for (size_t j = 0; j < 10; ++j) {
      EXPECT_NEAR(hits[j].score, truth[j].first, 1e-5) << "query " << t << " rank " << j;
      size_t row = std::stoul(hits[j].id.substr(1));  // a live row, scored as itself
      EXPECT_FALSE(gone[row]) << hits[j].id;
      EXPECT_NEAR(hits[j].score, dot(q, rows[row]), 1e-5) << hits[j].id;
    }
    // Scored beside a query of many dimensions (the rows' scan) in one pass:
    // each gets what it gets alone.
    auto dense = sentence(40);
    auto both = idx.topKMany({q, dense}, 10);
    auto alone = idx.topK(dense, 10);
    ASSERT_EQ(both.size(), 2u);
    ASSERT_EQ(both[0].size(), hits.size());
    ASSERT_EQ(both[1].size(), alone.size());
    for (size_t j = 0; j < hits.size(); ++j) EXPECT_EQ(both[0][j].id, hits[j].id);
    for (size_t j = 0; j < alone.size(); ++j) EXPECT_EQ(both[1][j].id, alone[j].id);
  }
}

TEST(VectorIndex, UpsertReplacesRemoveMovesTheLastRow) {
  VectorIndex idx(16);
  std::vector<float> a(16, 0.0f), b(16, 0.0f), c(16, 0.0f);
  a[0] = 1;
  b[1] = 1;
  c[2] = 1;
  idx.upsert("a", a);
  idx.upsert("b", b);
  idx.upsert("c", c);
  EXPECT_EQ(idx.size(), 3u);
  EXPECT_TRUE(idx.remove("a"));  // "c" moves into row 0
  EXPECT_FALSE(idx.remove("a"));
  EXPECT_EQ(idx.size(), 2u);
  auto hits = idx.topK(c, 1);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].id, "c");
  EXPECT_NEAR(hits[0].score, 1.0, 1e-6);
  idx.upsert("b", c);  // replace b's vector: now b and c tie, id order decides
  hits = idx.topK(c, 2);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].id, "b");
  EXPECT_EQ(hits[1].id, "c");
  EXPECT_TRUE(idx.contains("b"));
  EXPECT_FALSE(idx.upsert("bad", std::vector<float>(15, 0.0f)));
  EXPECT_TRUE(idx.topK(std::vector<float>(15, 0.0f), 3).empty());
  idx.clear();
  EXPECT_TRUE(idx.topK(c, 3).empty());
}

TEST(VectorIndex, FilterRestrictsTheScope) {
  std::mt19937 rng(1);
  VectorIndex idx(32);
  for (int i = 0; i < 200; ++i) idx.upsert((i % 2 ? "odd" : "even") + std::to_string(i), randomUnit(rng, 32));
  auto q = randomUnit(rng, 32);
  auto hits = idx.topK(q, 200, [](const std::string& id) { return id.rfind("odd", 0) == 0; });
  EXPECT_EQ(hits.size(), 100u);
  for (auto& h : hits) EXPECT_EQ(h.id.rfind("odd", 0), 0u);
  for (size_t i = 1; i < hits.size(); ++i) EXPECT_GE(hits[i - 1].score, hits[i].score);
}

TEST(VectorIndex, TopKManyEqualsTopKPerQuery) {
  std::mt19937 rng(9);
  VectorIndex idx(64);
  for (int i = 0; i < 500; ++i) idx.upsert("v" + std::to_string(i), randomUnit(rng, 64));
  std::vector<std::vector<float>> qs = {randomUnit(rng, 64), std::vector<float>(3, 1.0f),
                                        randomUnit(rng, 64)};
  auto many = idx.topKMany(qs, 7);
  ASSERT_EQ(many.size(), 3u);
  EXPECT_TRUE(many[1].empty());  // wrong size
  for (size_t j : {size_t(0), size_t(2)}) {
    auto one = idx.topK(qs[j], 7);
    ASSERT_EQ(many[j].size(), one.size());
    for (size_t i = 0; i < one.size(); ++i) {
      EXPECT_EQ(many[j][i].id, one[i].id);
      EXPECT_FLOAT_EQ(static_cast<float>(many[j][i].score), static_cast<float>(one[i].score));
    }
  }
  EXPECT_TRUE(idx.topKMany({}, 3).empty());
}

TEST(VectorIndex, TopKInGroupScoresOnlyThatGroupsRowsExactly) {
  std::mt19937 rng(7);
  VectorIndex idx(256);
  std::vector<std::vector<float>> rows;
  for (int i = 0; i < 2000; ++i) {
    rows.push_back(randomUnit(rng, 256));
    ASSERT_TRUE(idx.upsert("r" + std::to_string(i), rows.back(), i % 3 == 0 ? 7 : 1));
  }
  // Rows leave and change group: the tags move with the rows.
  ASSERT_TRUE(idx.remove("r0"));
  ASSERT_TRUE(idx.upsert("r1", rows[1], 7));
  auto q = randomUnit(rng, 256);
  std::vector<std::pair<double, int>> truth;
  for (int i = 1; i < 2000; ++i)
    if ((i % 3 == 0 || i == 1) && i != 3) truth.push_back({dot(q, rows[i]), i});
  std::sort(truth.rbegin(), truth.rend());
  auto hits = idx.topKInGroup({q}, 10, 7, [](const std::string& id) { return id != "r3"; });
  ASSERT_EQ(hits.size(), 1u);
  ASSERT_EQ(hits[0].size(), 10u);
  for (size_t j = 0; j < 10; ++j) {
    EXPECT_EQ(hits[0][j].id, "r" + std::to_string(truth[j].second)) << "rank " << j;
    EXPECT_NEAR(hits[0][j].score, truth[j].first, 1e-5);
  }
  EXPECT_TRUE(idx.topKInGroup({q}, 10, 99)[0].empty());
}
