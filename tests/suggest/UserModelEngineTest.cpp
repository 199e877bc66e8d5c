// The user model: outcomes and unprompted structural operations are logged,
// the stage follows the evidence, and repeated rejections make the native
// branch detector stricter, so a message that produced a card no longer does.
#include <gtest/gtest.h>

#include "SuggestEngineFixture.h"
#include "agents/UserModelAgent.h"

namespace grove::test {
namespace {

using UserModelEngine = SuggestEngineTest;

TEST_F(UserModelEngine, RepeatedRejectionsSilenceAMarginalBranchButNotAnAnnouncedShift) {
  engine->setInitiative(pid, {std::nullopt, 0, 1000});
  ASSERT_EQ(engine->analyze(pid, a2, kSideQuestion).size(), 1u) << "a card before any rejection";
  int rejections = 0;
  for (; rejections < 8; ++rejections) {
    Turn t = send(a2, kSideQuestion);
    auto branches = ofKind(t.analysis.created, SuggestionKind::Branch);
    if (branches.empty()) break;
    engine->resolveSuggestion(branches[0].id, Decision::Reject);
  }
  EXPECT_GE(rejections, 1);
  EXPECT_LT(rejections, 8) << "still proposed after 8 rejections";
  EXPECT_TRUE(engine->analyze(pid, a2, kSideQuestion).empty());
  UserModel m = engine->userModel();
  EXPECT_LT(m.branching.value, 0);
  EXPECT_GT(m.branching.evidence, 0);
  ASSERT_FALSE(m.branching.examples.empty());
  EXPECT_EQ(m.branching.examples[0].rfind("rejected: ", 0), 0u) << m.branching.examples[0];
  // The thresholds moved, they did not switch the detector off.
  EXPECT_EQ(engine->analyze(pid, a2, "By the way, how do I configure the CI pipeline cache?").size(), 1u);

  // A reset forgets the evidence: the card comes back.
  UserModel fresh = engine->resetUserModel();
  EXPECT_EQ(fresh.events, 0);
  EXPECT_EQ(fresh.stage, "cold_start");
  EXPECT_EQ(engine->analyze(pid, a2, kSideQuestion).size(), 1u);
}

TEST_F(UserModelEngine, ManualOperationsAreLoggedAndTheStageFollowsTheEvidence) {
  EXPECT_EQ(engine->userModel().events, 0);
  std::string s1 = user(a1, "A side question opened by hand", /*branch=*/true);  // manual branch
  std::string s2 = bot(s1, "Its answer.");
  engine->setScope({q1}, ScopeChange::Excluded, Field<std::string>());       // manual exclude
  engine->setCursor(pid, s2);
  engine->setCursor(pid, a2);                                                // manual return
  engine->setMainline(pid, Field<std::string>(), Field<std::string>(s2));   // manual mainline
  UserModel m = engine->userModel();
  EXPECT_EQ(m.events, 4);
  EXPECT_EQ(m.stage, "cold_start");
  EXPECT_GT(m.branching.value, 0);
  EXPECT_GT(m.returning.value, 0);
  EXPECT_GT(m.granularity.value, 0);
  EXPECT_EQ(m.branching.examples.at(0), "manual: A side question opened by hand");

  for (int i = 0; i < 3; ++i) engine->setScope({a1}, ScopeChange::Excluded, Field<std::string>()), engine->setScope({a1}, ScopeChange::Auto, Field<std::string>());
  EXPECT_EQ(engine->userModel().stage, "learning");
  for (int i = 0; i < 13; ++i) engine->setScope({a1}, ScopeChange::Excluded, Field<std::string>()), engine->setScope({a1}, ScopeChange::Auto, Field<std::string>());
  EXPECT_EQ(engine->userModel().stage, "ready");
}

TEST(UserModelAgent, RejectionsWeighMoreThanIgnoredCardsAndBiasFollowsThem) {
  auto events = [](const std::string& outcome, int n) {
    std::vector<StructureEvent> out;
    for (int i = 0; i < n; ++i) out.push_back({0, "p", outcome, "branch", "s", "example " + std::to_string(i), 0});
    return out;
  };
  UserModel rejected = buildUserModel(events("rejected", 3));
  UserModel ignored = buildUserModel(events("ignored", 3));
  EXPECT_LT(rejected.branching.value, ignored.branching.value);
  EXPECT_LT(ignored.branching.value, 0);
  EXPECT_LT(biasFrom(rejected).branch, biasFrom(ignored).branch);
  EXPECT_EQ(rejected.branching.examples.size(), 3u);
  EXPECT_EQ(rejected.branching.examples[0], "rejected: example 2");  // newest first
  EXPECT_GT(buildUserModel(events("accepted", 3)).branching.value, 0);
  EXPECT_DOUBLE_EQ(biasFrom(buildUserModel({})).branch, 0.0);
  structure::Thresholds stricter = structure::adjusted({}, biasFrom(rejected));
  EXPECT_GT(stricter.branch, structure::Thresholds{}.branch);
}

}  // namespace
}  // namespace grove::test
