#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "memory/QueryVariants.h"

using namespace grove::memory;

namespace {
bool containsWord(const std::string& s, const std::string& w) {
  return (" " + s + " ").find(" " + w + " ") != std::string::npos;
}
}  // namespace

TEST(QueryVariants, OriginalFirstThenDistinctStandaloneVariants) {
  std::string q = "how do I stop the container from losing files on restart";
  auto v = queryVariants(q);
  ASSERT_GE(v.size(), 4u);
  ASSERT_LE(v.size(), 5u);
  EXPECT_EQ(v[0], q);
  EXPECT_EQ(std::set<std::string>(v.begin(), v.end()).size(), v.size());
  for (auto& s : v) EXPECT_FALSE(s.empty());
  // The paraphrase reaches the technical vocabulary of the answer.
  bool docker = false, volume = false;
  for (auto& s : v) {
    docker |= containsWord(s, "docker");
    volume |= containsWord(s, "volume");
  }
  EXPECT_TRUE(docker);
  EXPECT_TRUE(volume);
}

TEST(QueryVariants, ClampsTheCount) {
  std::string q = "slow database query after a schema change";
  EXPECT_EQ(queryVariants(q, 1), std::vector<std::string>{q});
  EXPECT_LE(queryVariants(q, 100).size(), 6u);
  EXPECT_EQ(queryVariants(q, 0).size(), 1u);
}

TEST(QueryVariants, RelatedTermsExcludeTheQueryOwnTokens) {
  auto r = relatedTerms("docker container keeps losing files");
  EXPECT_NE(std::find(r.begin(), r.end(), "volume"), r.end());
  EXPECT_EQ(std::find(r.begin(), r.end(), "docker"), r.end());
  EXPECT_TRUE(relatedTerms("zebra quux").empty());
}

TEST(QueryVariants, WithoutThesaurusHitsStillGivesContentWords) {
  auto v = queryVariants("what about the zebra quux frobnication");
  ASSERT_GE(v.size(), 2u);
  EXPECT_EQ(v[1], "zebra quux frobnication");
  EXPECT_EQ(queryVariants("").size(), 0u);
}
