// grove/scope/preview and grove/scope/reset over the wire (the resolver's
// rules themselves are unit-tested in tests/core).
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

// q1 - a1 - q2 - a2 (mainline), side branch s1 - s2 anchored at a1.
class ScopeMethods : public ServerFixture {
protected:
  void SetUp() override {
    ServerFixture::SetUp();
    pid = createProject()["id"];
    q1 = append(pid, nullptr, "user", "Q1 text")["id"];
    a1 = append(pid, q1, "assistant", "A1 text")["id"];
    q2 = append(pid, a1, "user", "Q2 text")["id"];
    a2 = append(pid, q2, "assistant", "A2 text")["id"];
    s1 = append(pid, a1, "user", "S1 text", {{"branch", json::object()}})["id"];
    s2 = append(pid, s1, "assistant", "S2 text")["id"];
  }
  json setScope(const Ids& ids, const std::string& scope) {
    return rpc().result("grove/unit/setScope", {{"unitIds", ids}, {"scope", scope}});
  }
  std::string pid, q1, a1, q2, a2, s1, s2;
};

TEST_F(ScopeMethods, PreviewIsThePathInOrderWithThePromptLast) {
  json pv = preview(pid, a2, {{"prompt", "next question"}});
  // The system prompt a turn from this cursor gets: the conversation agent's.
  EXPECT_NE(pv["system"].get<std::string>().find("Mode: mainline"), std::string::npos) << pv["system"];
  ASSERT_EQ(pv["messages"].size(), 5u);
  EXPECT_EQ(messageRoles(pv),
            (std::vector<std::string>{"user", "assistant", "user", "assistant", "user"}));
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{q1}, {a1}, {q2}, {a2}, {}}));
  EXPECT_EQ(pv["messages"][0]["content"], "Q1 text");
  EXPECT_EQ(pv["messages"][4]["content"], "next question");
  EXPECT_EQ(pv["excluded"], json::array());
  EXPECT_EQ(pv["included"], json::array());
  EXPECT_EQ(pv["truncated"], json::array());
  EXPECT_GT(pv["tokens"].get<int>(), 0);
}

TEST_F(ScopeMethods, SiblingsDoNotSeeEachOtherAndMidPathTruncates) {
  EXPECT_EQ(messageUnitIds(preview(pid, s2)), (std::vector<Ids>{{q1}, {a1}, {s1}, {s2}}));
  EXPECT_EQ(messageUnitIds(preview(pid, a1)), (std::vector<Ids>{{q1}, {a1}}));
}

TEST_F(ScopeMethods, ExcludedAndIncludedAreReportedAndSameRolesMerge) {
  setScope({q2}, "excluded");
  setScope({s1}, "included");
  json pv = preview(pid, a2);
  // s1 (user, seq after a2) is pulled in from the side branch; a1 and a2 are
  // both assistant once q2 is gone, so they merge into one message.
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{q1}, {a1, a2}, {s1}}));
  EXPECT_EQ(pv["messages"][1]["content"], "A1 text\n\nA2 text");
  EXPECT_EQ(pv["excluded"], json::array({q2}));
  EXPECT_EQ(pv["included"], json::array({s1}));
}

TEST_F(ScopeMethods, ANullCursorSeesOnlyIncludedUnits) {
  setScope({a1, s2}, "included");
  json pv = preview(pid, nullptr);
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{a1, s2}}));
  EXPECT_EQ(pv["included"], json::array({a1, s2}));
}

TEST_F(ScopeMethods, BudgetDropsTheOldestAutoUnitsButNeverIncludedOrTheCursor) {
  setScope({q1}, "included");
  // Each unit: 2 tokens of text + 4 of framing; the prompt the same; the
  // system prompt counts too.
  const int system = static_cast<int>((preview(pid, a2)["system"].get<std::string>().size() + 3) / 4);
  json pv = preview(pid, a2, {{"prompt", "P1 text"}, {"budgetTokens", system + 18}});
  EXPECT_EQ(pv["truncated"], json::array({a1, q2}));
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{q1}, {a2}, {}}));
  EXPECT_LE(pv["tokens"].get<int>(), system + 18);
  // A budget of zero still keeps the included unit, the cursor and the prompt.
  pv = preview(pid, a2, {{"prompt", "P1 text"}, {"budgetTokens", 0}});
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{q1}, {a2}, {}}));
}

TEST_F(ScopeMethods, WithoutTextThePreviewKeepsItsIdsListsAndTokens) {
  setScope({q2}, "excluded");
  setScope({s1}, "included");
  const json extra = {{"prompt", "next question"}, {"budgetTokens", 1000}};
  json whole = preview(pid, a2, extra);
  json withText = extra;
  withText["withText"] = false;
  json bare = preview(pid, a2, withText);
  EXPECT_EQ(messageUnitIds(bare), messageUnitIds(whole));
  EXPECT_EQ(messageRoles(bare), messageRoles(whole));
  for (const auto& m : bare["messages"]) EXPECT_EQ(m["content"], "") << bare;
  EXPECT_EQ(bare["system"], "");
  EXPECT_NE(whole["system"], "");
  // What the model would see is the same preview: only the text is left out.
  for (const char* key : {"tokens", "excluded", "included", "truncated"}) EXPECT_EQ(bare[key], whole[key]) << key;
  withText["withText"] = true;
  EXPECT_EQ(preview(pid, a2, withText), whole);
}

TEST_F(ScopeMethods, PreviewErrors) {
  EXPECT_TRUE(isNotFound(rpc().call("grove/scope/preview", {{"projectId", pid}, {"cursorId", "u-no"}}),
                         "unitNotFound", "u-no"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/scope/preview", {{"projectId", "p-no"}, {"cursorId", nullptr}}),
                         "projectNotFound", "p-no"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/scope/preview", {{"cursorId", a2}}), "projectId"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/scope/preview", {{"projectId", pid}, {"cursorId", a2}, {"budgetTokens", -1}}),
      "budgetTokens"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/scope/preview", {{"projectId", pid}, {"cursorId", a2}, {"budgetTokens", "ten"}}),
      "budgetTokens"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/scope/preview", {{"projectId", pid}, {"cursorId", a2}, {"prompt", 1}}), "prompt"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/scope/preview", {{"projectId", pid}, {"cursorId", a2}, {"withText", "no"}}), "withText"));
  json other = createProject("other");
  json foreign = append(other["id"], nullptr, "user", "elsewhere");
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/scope/preview", {{"projectId", pid}, {"cursorId", foreign["id"]}}), "cursorId"));
}

TEST_F(ScopeMethods, ResetPutsEveryUnitBackToAuto) {
  setScope({q1, q2}, "excluded");
  setScope({s2}, "included");
  json reset = rpc().result("grove/scope/reset", {{"projectId", pid}});
  EXPECT_EQ(reset, json({{"revision", getProject(pid)["project"]["revision"]}}));
  json project = getProject(pid);  // a range-for over a temporary's member reads freed memory
  for (const auto& u : project["units"]) EXPECT_EQ(u["scope"], "auto") << u.dump();
  EXPECT_EQ(messageUnitIds(preview(pid, a2)), (std::vector<Ids>{{q1}, {a1}, {q2}, {a2}}));
}

TEST_F(ScopeMethods, ResetErrors) {
  EXPECT_TRUE(isNotFound(rpc().call("grove/scope/reset", {{"projectId", "p-no"}}), "projectNotFound", "p-no"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/scope/reset", json::object()), "projectId"));
}

}  // namespace
}  // namespace grove::test
