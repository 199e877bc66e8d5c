// grove/capsule/* over the wire, offline: extraction flagged for review,
// enabling refused until reviewed, the [PATTERN] block in grove/scope/preview
// and in the prompt a chat turn sends, and bad input.
#include <gtest/gtest.h>

#include "FakeProviderProcess.h"
#include "SuggestServerFixture.h"

namespace grove::suggest_test {
namespace {

using test::isInvalidOperation;
using test::isInvalidParams;
using test::isNotFound;

class CapsuleMethods : public SuggestServer {};

TEST_F(CapsuleMethods, ReviewGatesEnablingAndTheEnabledPatternIsInThePreview) {
  start();
  std::string tip = thread();
  json c = rpc().result("grove/capsule/extract",
                        {{"projectId", projectId_}, {"unitIds", {q1, a1, q2, a2}}, {"type", "task_sop"}});
  EXPECT_EQ(c["type"], "task_sop");
  EXPECT_TRUE(c["requiresReview"].get<bool>());
  EXPECT_FALSE(c["reviewed"].get<bool>());
  EXPECT_EQ(c["source"], "native");
  EXPECT_EQ(c["sourceUnitIds"], json::array({q1, a1, q2, a2}));
  EXPECT_EQ(c["enabledIn"], json::array());
  std::string cid = c["id"];

  json refused = rpc().call("grove/capsule/setEnabled", {{"capsuleId", cid}, {"projectId", projectId_}, {"enabled", true}});
  EXPECT_TRUE(isInvalidOperation(refused, "reviewPending")) << refused;
  json preview = rpc().result("grove/scope/preview", {{"projectId", projectId_}, {"cursorId", tip}});
  EXPECT_EQ(preview["system"].get<std::string>().find("[PATTERN:"), std::string::npos);

  json reviewed = rpc().result("grove/capsule/update", {{"capsuleId", cid}, {"name", "Schema Migration SOP"}, {"reviewed", true}});
  EXPECT_TRUE(reviewed["reviewed"].get<bool>());
  EXPECT_EQ(reviewed["instruction"], c["instruction"]);
  json on = rpc().result("grove/capsule/setEnabled", {{"capsuleId", cid}, {"projectId", projectId_}, {"enabled", true}});
  EXPECT_EQ(on["enabledIn"], json::array({projectId_}));
  preview = rpc().result("grove/scope/preview", {{"projectId", projectId_}, {"cursorId", tip}, {"prompt", "next?"}});
  std::string system = preview["system"];
  EXPECT_NE(system.find("[PATTERN: task_sop | Schema Migration SOP]\n"), std::string::npos) << system;
  EXPECT_NE(system.find("Example: "), std::string::npos);
  EXPECT_EQ(rpc().result("grove/capsule/list", json::object())["capsules"].size(), 1u);
  EXPECT_EQ(rpc().result("grove/capsule/list", {{"projectId", projectId_}})["capsules"][0]["id"], cid);

  // Disabled, then deleted: the block goes.
  rpc().result("grove/capsule/setEnabled", {{"capsuleId", cid}, {"projectId", projectId_}, {"enabled", false}});
  EXPECT_EQ(rpc().result("grove/scope/preview", {{"projectId", projectId_}, {"cursorId", tip}})["system"]
                .get<std::string>()
                .find("[PATTERN:"),
            std::string::npos);
  EXPECT_EQ(rpc().result("grove/capsule/delete", {{"capsuleId", cid}}), json::object());
  EXPECT_TRUE(isNotFound(rpc().call("grove/capsule/delete", {{"capsuleId", cid}}), "capsuleNotFound", cid));
}

TEST_F(CapsuleMethods, AChatTurnSendsTheEnabledPatternsToTheModel) {
  fake_provider::FakeProviderProcess fake(json::array({{{"chunks", {"Fine."}}}}));
  start(chat_test::openAiEnv(fake.baseUrl()));
  rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"level", "off"}});  // only the answer calls the model
  std::string tip = thread();
  json c = rpc().result("grove/capsule/extract", {{"projectId", projectId_}, {"unitIds", {q1, a1}}, {"type", "reasoning"}});
  // With a provider the utility model wrote it ("Fine." is not the JSON asked for: extractive fallback).
  EXPECT_EQ(c["source"], "native");
  EXPECT_TRUE(logSays("extraction: invalid output"));
  std::string cid = c["id"];
  rpc().result("grove/capsule/update", {{"capsuleId", cid}, {"name", "Versioned Formats"}, {"reviewed", true}});
  rpc().result("grove/capsule/setEnabled", {{"capsuleId", cid}, {"projectId", projectId_}, {"enabled", true}});
  fake.setScript(json::array({{{"chunks", {"Fine."}}}}));
  json reply = sendTurn(tip, kFollowUp);
  ASSERT_TRUE(reply.contains("result")) << reply;
  json requests = fake.requests();
  ASSERT_EQ(requests.size(), 1u) << requests.dump();
  std::string system = requests[0]["body"]["messages"][0]["content"];
  EXPECT_NE(system.find("[PATTERN: reasoning | Versioned Formats]"), std::string::npos) << system;
}

TEST_F(CapsuleMethods, BadInput) {
  start();
  thread();
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/capsule/extract", {{"projectId", projectId_}, {"unitIds", {q1}}, {"type", "essay"}}),
                              "type"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/capsule/extract", {{"projectId", projectId_}, {"unitIds", json::array()}, {"type", "task_sop"}}),
                              "unitIds"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/capsule/extract", {{"projectId", projectId_}, {"unitIds", "u"}, {"type", "task_sop"}}),
                              "unitIds"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/capsule/extract", {{"projectId", projectId_}, {"unitIds", {"u_nope"}}, {"type", "task_sop"}}),
                         "unitNotFound", "u_nope"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/capsule/update", {{"capsuleId", "c_nope"}, {"reviewed", true}}), "capsuleNotFound", "c_nope"));
  json c = rpc().result("grove/capsule/extract", {{"projectId", projectId_}, {"unitIds", {q1}}, {"type", "context_case"}});
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/capsule/update", {{"capsuleId", c["id"]}, {"reviewed", "yes"}}), "reviewed"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/capsule/update", {{"capsuleId", c["id"]}, {"name", "  "}}), "name"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/capsule/setEnabled", {{"capsuleId", c["id"]}, {"projectId", projectId_}}), "enabled"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/capsule/setEnabled", {{"capsuleId", c["id"]}, {"projectId", "p_nope"}, {"enabled", false}}),
                         "projectNotFound", "p_nope"));
}

}  // namespace
}  // namespace grove::suggest_test
