// grove/suggestion/* and grove/initiative/* over the wire, offline: a card
// from chat/send (the Neovim cards scenario), accept and undo, reject, defer,
// ignore, the policy levels, and bad input.
#include <gtest/gtest.h>

#include "SuggestServerFixture.h"

namespace grove::suggest_test {
namespace {

using test::isInvalidOperation;
using test::isInvalidParams;
using test::isNotFound;

class SuggestionMethods : public SuggestServer {
protected:
  void SetUp() override { start(); }
};

TEST_F(SuggestionMethods, ASideQuestionSentThroughChatBecomesAnAnnouncedCard) {
  std::string tip = thread();
  // The message cards_spec.lua (Neovim) sends after the same four turns.
  json reply = sendTurn(tip, "Unrelated: what is a good recipe for sourdough bread with rye flour?");
  ASSERT_TRUE(reply.contains("result")) << reply;
  std::string userId = reply["result"]["userUnit"]["id"];
  auto created = waitSuggestion("grove/suggestion/didCreate");
  ASSERT_TRUE(created) << "no didCreate";
  json s = (*created)["params"]["suggestion"];
  EXPECT_EQ((*created)["params"]["projectId"], projectId_);
  EXPECT_EQ(s["kind"], "branch");
  EXPECT_EQ(s["state"], "pending");
  EXPECT_EQ(s["source"], "native");
  EXPECT_EQ(s["anchorIds"], json::array({tip}));
  EXPECT_EQ(s["triggerUnitId"], userId);
  EXPECT_FALSE(s["reason"].get<std::string>().empty());
  EXPECT_GT(s["confidence"].get<double>(), 0.0);
  EXPECT_FALSE(s["id"].get<std::string>().empty());
  EXPECT_EQ(suggestions("pending"), json::array({s}));
  // The answer was still given: a card is an offer, not a refusal.
  EXPECT_EQ(reply["result"]["assistantUnit"]["status"], "complete");
}

TEST_F(SuggestionMethods, AcceptReturnsWhatChangedAndUndoRevertsIt) {
  std::string tip = thread();
  json reply = sendTurn(tip, kSideQuestion);
  std::string userId = reply["result"]["userUnit"]["id"];
  std::string answerId = reply["result"]["assistantUnit"]["id"];
  auto created = waitSuggestion("grove/suggestion/didCreate");
  ASSERT_TRUE(created);
  std::string sid = (*created)["params"]["suggestion"]["id"];

  json r = resolve(sid, "accept");
  EXPECT_EQ(r["suggestion"]["state"], "accepted");
  EXPECT_EQ(r["changed"]["unitIds"], json::array({userId}));
  EXPECT_EQ(r["changed"]["project"]["mainlineEndId"], tip);
  EXPECT_TRUE(unit(userId)["startsBranch"].get<bool>());
  json b = branch(userId);
  ASSERT_FALSE(b.is_null());
  EXPECT_EQ(b["anchorId"], tip);
  EXPECT_EQ(b["unitIds"], json::array({userId, answerId}));
  EXPECT_FALSE(b["title"].is_null());
  auto changed = waitSuggestion("grove/suggestion/didChange",
                                [&](const json& s) { return s["id"] == sid && s["state"] == "accepted"; });
  EXPECT_TRUE(changed) << "didChange for the accepted card";

  rpc().result("grove/history/undo", {{"projectId", projectId_}});
  EXPECT_FALSE(unit(userId)["startsBranch"].get<bool>());
  EXPECT_EQ(project()["project"]["mainlineEndId"], answerId);
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/suggestion/resolve", {{"suggestionId", sid}, {"decision", "reject"}}),
                                 "suggestionResolved"));
}

TEST_F(SuggestionMethods, RejectDeferAndIgnoreChangeOnlyTheCard) {
  std::string tip = thread();
  json reply = sendTurn(tip, kSideQuestion);
  auto first = waitSuggestion("grove/suggestion/didCreate");
  ASSERT_TRUE(first);
  std::string sid = (*first)["params"]["suggestion"]["id"];
  int64_t revision = project()["project"]["revision"];
  EXPECT_EQ(resolve(sid, "defer")["suggestion"]["state"], "deferred");
  EXPECT_EQ(resolve(sid, "reject")["suggestion"]["state"], "rejected");
  EXPECT_EQ(project()["project"]["revision"], revision);  // the tree is untouched

  // A new card, passed by with the next message: ignored, announced.
  rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"cooldownTurns", 0}});
  std::string answer = reply["result"]["assistantUnit"]["id"];
  sendTurn(answer, "By the way, how do I configure the CI pipeline cache?");
  auto second = waitSuggestion("grove/suggestion/didCreate", [&](const json& s) { return s["id"] != sid; });
  ASSERT_TRUE(second);
  std::string sid2 = (*second)["params"]["suggestion"]["id"];
  sendTurn(answer, "Rye needs a longer fermentation, right?");
  auto ignored = waitSuggestion("grove/suggestion/didChange",
                                [&](const json& s) { return s["id"] == sid2 && s["state"] == "ignored"; });
  EXPECT_TRUE(ignored);
  EXPECT_EQ(suggestions("ignored").size(), 1u);
  EXPECT_EQ(suggestions("rejected").size(), 1u);
}

TEST_F(SuggestionMethods, PolicyLevels) {
  std::string tip = thread();
  json got = rpc().result("grove/initiative/get", {{"projectId", projectId_}});
  EXPECT_EQ(got, (json{{"level", "suggest"}, {"cooldownTurns", 2}, {"maxPerHour", 10}}));

  json set = rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"level", "on_demand"}});
  EXPECT_EQ(set["level"], "on_demand");
  set.erase("revision");  // a change's result also names the project's revision
  EXPECT_EQ(rpc().result("grove/initiative/get", {{"projectId", projectId_}}), set);
  json analyzed = rpc().result("grove/suggestion/analyze",
                               {{"projectId", projectId_}, {"cursorId", tip}, {"prompt", kSideQuestion}});
  ASSERT_EQ(analyzed["suggestions"].size(), 1u);
  EXPECT_EQ(analyzed["suggestions"][0]["id"], "");
  sendTurn(tip, kSideQuestion);  // the reply comes after any didCreate of this turn
  EXPECT_TRUE(inbox->named("grove/suggestion/didCreate").empty());

  rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"level", "off"}});
  EXPECT_EQ(rpc().result("grove/suggestion/analyze",
                         {{"projectId", projectId_}, {"cursorId", tip}, {"prompt", kSideQuestion}})["suggestions"],
            json::array());
  sendTurn(tip, kSideQuestion);
  EXPECT_TRUE(inbox->named("grove/suggestion/didCreate").empty());

  rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"level", "suggest"}});
  sendTurn(tip, kSideQuestion);
  EXPECT_EQ(inbox->named("grove/suggestion/didCreate").size(), 1u);
  EXPECT_TRUE(suggestions().size() == 1u);
}

TEST_F(SuggestionMethods, RejectionsTeachTheUserModelToStopProposingAMarginalBranch) {
  std::string tip = thread();
  rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"cooldownTurns", 0}, {"maxPerHour", 100}});
  int rejected = 0;
  for (; rejected < 8; ++rejected) {
    size_t before = inbox->named("grove/suggestion/didCreate").size();
    sendTurn(tip, kSideQuestion);  // any card of the turn is announced before its reply
    auto created = inbox->named("grove/suggestion/didCreate");
    if (created.size() == before) break;
    resolve(created.back()["params"]["suggestion"]["id"], "reject");
  }
  EXPECT_GE(rejected, 1) << "the message produced a card at first";
  EXPECT_LT(rejected, 8) << "still proposed after 8 rejections";
  json model = rpc().result("grove/userModel/get", json::object());
  EXPECT_EQ(model["events"], rejected);
  EXPECT_LT(model["preferences"]["branching"]["value"].get<double>(), 0.0);
  EXPECT_GT(model["preferences"]["branching"]["evidence"].get<double>(), 0.0);
  json reset = rpc().result("grove/userModel/reset", json::object());
  EXPECT_EQ(reset["events"], 0);
  EXPECT_EQ(reset["stage"], "cold_start");
  EXPECT_EQ(rpc().result("grove/suggestion/analyze",
                         {{"projectId", projectId_}, {"cursorId", tip}, {"prompt", kSideQuestion}})["suggestions"].size(),
            1u)
      << "after a reset the card comes back";
}

TEST_F(SuggestionMethods, BadInput) {
  std::string tip = thread();
  EXPECT_TRUE(isNotFound(rpc().call("grove/suggestion/resolve", {{"suggestionId", "s_nope"}, {"decision", "accept"}}),
                         "suggestionNotFound", "s_nope"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/suggestion/resolve", {{"suggestionId", "s_nope"}, {"decision", "maybe"}}),
                              "decision"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/suggestion/resolve", {{"suggestionId", 5}, {"decision", "accept"}}),
                              "suggestionId"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/suggestion/list", {{"projectId", projectId_}, {"state", "bogus"}}),
                              "state"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/suggestion/list", {{"projectId", "p_nope"}}), "projectNotFound", "p_nope"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/suggestion/analyze", {{"projectId", projectId_}, {"cursorId", tip}}),
                              "prompt"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/suggestion/analyze",
                                    {{"projectId", projectId_}, {"cursorId", "u_nope"}, {"prompt", "x"}}),
                         "unitNotFound", "u_nope"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/initiative/set", {{"projectId", projectId_}, {"level", "loud"}}), "level"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/initiative/set", {{"projectId", projectId_}, {"cooldownTurns", "x"}}),
                              "cooldownTurns"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/initiative/set", {{"projectId", projectId_}, {"maxPerHour", -3}}),
                              "maxPerHour"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/initiative/get", {{"projectId", "p_nope"}}), "projectNotFound", "p_nope"));
  // Neovim 0.7 sends {} as []: both mean no parameters.
  EXPECT_EQ(rpc().result("grove/userModel/get", json::array())["stage"], "cold_start");
}

}  // namespace
}  // namespace grove::suggest_test
