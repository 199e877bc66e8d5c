// Contexty's retrieval score on hand-computed cases (memory::contextyScore).
#include <gtest/gtest.h>

#include "memory/ContextyScore.h"

namespace grove::memory {
namespace {

TEST(ContextyScore, OverlapIsTheShareOfQueryTokensTheMemoryHas) {
  // Query tokens {docker, volum(e), postgr(es)}: 2 of 3 in the memory; one tag
  // ("docker") occurs in the query; 15 days old: 0.15 * (1 - 15/30) = 0.075.
  auto s = contextyScore("docker volume for postgres", "Docker volume mounts keep data",
                         {"docker", "storage"}, 15);
  EXPECT_DOUBLE_EQ(s.overlap, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.tag, 0.2);
  EXPECT_DOUBLE_EQ(s.recency, 0.075);
  EXPECT_DOUBLE_EQ(s.total, 2.0 / 3.0 + 0.2 + 0.075);
}

TEST(ContextyScore, OldMemoriesAndMissingTagsAddNothing) {
  auto s = contextyScore("parse the config", "nothing in common here", {"yaml"}, 45);
  EXPECT_DOUBLE_EQ(s.overlap, 0.0);
  EXPECT_DOUBLE_EQ(s.tag, 0.0);
  EXPECT_DOUBLE_EQ(s.recency, 0.0);
  EXPECT_DOUBLE_EQ(s.total, 0.0);
  auto fresh = contextyScore("", "anything", {}, 0);
  EXPECT_DOUBLE_EQ(fresh.overlap, 0.0) << "an empty query shares nothing";
  EXPECT_DOUBLE_EQ(fresh.recency, 0.15);
}

TEST(ContextyScore, TagsMatchAsSubstringsIgnoringCase) {
  EXPECT_DOUBLE_EQ(contextyScore("How does parseConfig fail?", "", {"ParseConfig"}, 30).tag, 0.2);
  EXPECT_DOUBLE_EQ(contextyScore("config", "", {"parseConfig"}, 30).tag, 0.0) << "the tag must be in the query";
  EXPECT_DOUBLE_EQ(contextyScore("anything", "", {""}, 30).tag, 0.0);
}

}  // namespace
}  // namespace grove::memory
