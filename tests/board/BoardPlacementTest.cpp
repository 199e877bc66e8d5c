// Contexty's placement formula and native evolution on hand-computed sigma
// (memory::place, memory::evolve): no store, no vectors.
#include <gtest/gtest.h>

#include "memory/BoardPlacement.h"

namespace grove::memory {
namespace {

PlacementInput input(std::vector<PlacementCandidate> c, size_t k = 5, double minScore = 0, double link = 0.6) {
  PlacementInput in;
  in.candidates = std::move(c);
  in.relatedK = k;
  in.minGroupScore = minScore;
  in.linkScore = link;
  return in;
}

TEST(BoardPlacement, SumsSigmaPerGroupOverTheRelatedSetAndTakesTheArgmax) {
  // R = the 3 highest: a .9 (A), b .5 (B), c .45 (B); d .4 (A) falls out of R.
  // S(A) = .9, S(B) = .5 + .45 = .95 -> B, although A has the single best item.
  auto d = place(input({{"a", "A", 0.9}, {"b", "B", 0.5}, {"c", "B", 0.45}, {"d", "A", 0.4}}, 3));
  ASSERT_TRUE(d.groupId);
  EXPECT_EQ(*d.groupId, "B");
  EXPECT_DOUBLE_EQ(d.score, 0.95);
  ASSERT_EQ(d.related.size(), 3u);
  EXPECT_EQ(d.related[0].id, "a");
  EXPECT_EQ(d.related[2].id, "c");
  ASSERT_EQ(d.groups.size(), 2u);
  EXPECT_EQ(d.groups[1].groupId, "A");
  EXPECT_DOUBLE_EQ(d.groups[1].score, 0.9);
  // Link rule: a (.9 >= .6) is in another group than m's.
  ASSERT_EQ(d.links.size(), 1u);
  EXPECT_EQ(d.links[0].id, "a");
}

TEST(BoardPlacement, UnassignedItemsCountForNoGroupAndZeroSigmaNeverEntersR) {
  auto d = place(input({{"x", std::nullopt, 0.8}, {"y", "G", 0.2}, {"z", "H", 0.0}}));
  ASSERT_TRUE(d.groupId);
  EXPECT_EQ(*d.groupId, "G");
  EXPECT_DOUBLE_EQ(d.score, 0.2);
  EXPECT_EQ(d.related.size(), 2u) << "z has sigma 0";
  ASSERT_EQ(d.links.size(), 1u) << "the unassigned x is in another group than G";
  EXPECT_EQ(d.links[0].id, "x");
}

TEST(BoardPlacement, AScoreNotAboveTheThresholdMakesANewGroupAndReportsTheBestScore) {
  auto d = place(input({{"a", "A", 0.3}, {"b", "B", 0.25}}, 5, 0.3));
  EXPECT_FALSE(d.groupId) << "S(A) = .3 is not > minGroupScore .3";
  EXPECT_DOUBLE_EQ(d.score, 0.3);
  EXPECT_TRUE(d.links.empty()) << "no sigma reaches linkScore .6";
  auto none = place(input({}));
  EXPECT_FALSE(none.groupId);
  EXPECT_DOUBLE_EQ(none.score, 0.0);
}

TEST(BoardPlacement, TiesGoToTheGroupWithTheNewestMemberThenTheSmallerId) {
  auto in = input({{"a", "A", 0.5}, {"b", "B", 0.5}, {"c", "C", 0.5}});
  in.groupNewest = {{"A", 100}, {"B", 300}, {"C", 300}};
  auto d = place(in);
  ASSERT_TRUE(d.groupId);
  EXPECT_EQ(*d.groupId, "B") << "B and C both hold the newest member; B is the smaller id";
  in.groupNewest = {{"A", 400}, {"B", 300}, {"C", 300}};
  EXPECT_EQ(*place(in).groupId, "A");
}

TEST(BoardPlacement, ANewGroupLinksEveryRelatedItemAboveLinkScore) {
  auto d = place(input({{"a", "A", 0.7}, {"b", std::nullopt, 0.65}, {"c", "A", 0.1}}, 5, 2.0));
  EXPECT_FALSE(d.groupId);
  ASSERT_EQ(d.links.size(), 2u);
  EXPECT_EQ(d.links[0].id, "a");
  EXPECT_EQ(d.links[1].id, "b");
}

TEST(BoardEvolution, GainsOnlyTagsFoundInTheOldTextAndOneRelatedLine) {
  auto ev = evolve({"docker"}, "captured from compose.yml", "docker volumes mount a named volume for postgres",
                   {"postgres", "volume", "kubernetes"}, "Database volume");
  EXPECT_TRUE(ev.tagsChanged);
  EXPECT_EQ(ev.tags, (std::vector<std::string>{"docker", "postgres", "volume"}));
  EXPECT_TRUE(ev.contextChanged);
  EXPECT_EQ(ev.context, "captured from compose.yml Related: Database volume.");
  auto again = evolve(ev.tags, ev.context, "docker volumes mount a named volume for postgres",
                      {"postgres"}, "Database volume");
  EXPECT_FALSE(again.tagsChanged);
  EXPECT_FALSE(again.contextChanged) << "the same related line is not appended twice";
}

TEST(BoardEvolution, KeepsAtMostEightTags) {
  std::vector<std::string> old{"a1", "b1", "c1", "d1", "e1", "f1", "g1"};
  auto ev = evolve(old, "", "alpha beta gamma", {"alpha", "beta", "gamma"}, "New");
  EXPECT_EQ(ev.tags.size(), 8u);
  EXPECT_EQ(ev.tags.back(), "alpha");
}

}  // namespace
}  // namespace grove::memory
