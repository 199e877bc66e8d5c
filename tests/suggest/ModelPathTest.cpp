// The model path through the real server and grove-fake-provider: the
// structure agent runs in parallel with the answer; a valid reply becomes a
// card (source "model"), agreeing with a native card merges into it, and
// malformed or mistyped output falls back to `continue` (no card, a log
// line without the key).
#include <gtest/gtest.h>

#include "FakeProviderProcess.h"
#include "SuggestServerFixture.h"

namespace grove::suggest_test {
namespace {

// One scripted reply for every request (the last entry repeats): the answer
// and the structure agent both get it, whichever asks first.
json everyReply(const std::string& text) { return json::array({{{"chunks", {text}}}}); }

const std::string kBranchJson =
    R"({"primary_action":"branch","asset_action":"none","confidence":0.83,"reason":"This starts a separate subproblem.",)"
    R"("asset_reason":"","show_suggestion":true,"title":"Startup Migration Runner"})";

class ModelPath : public SuggestServer {
protected:
  void SetUp() override {
    fake = std::make_unique<fake_provider::FakeProviderProcess>(everyReply("unused"));
    start(chat_test::openAiEnv(fake->baseUrl(), "sk-model-path-secret"));
    tip = thread();
  }
  /// The structure agent's request among those the fake received.
  json structureRequest() {
    for (const auto& r : fake->requests()) {
      std::string system = r["body"]["messages"][0].value("content", "");
      if (system.find("You are the structure agent of Grove") != std::string::npos) return r;
    }
    return nullptr;
  }
  std::unique_ptr<fake_provider::FakeProviderProcess> fake;
  std::string tip;
};

TEST_F(ModelPath, AValidReplyBecomesAModelCard) {
  fake->setScript(everyReply(kBranchJson));
  json reply = sendTurn(tip, kFollowUp);  // natively a follow-up: no native card
  ASSERT_TRUE(reply.contains("result")) << reply;
  auto card = waitSuggestion("grove/suggestion/didCreate");
  ASSERT_TRUE(card) << "no card from the structure agent";
  json s = (*card)["params"]["suggestion"];
  EXPECT_EQ(s["source"], "model");
  EXPECT_EQ(s["kind"], "branch");
  EXPECT_EQ(s["anchorIds"], json::array({tip}));
  EXPECT_DOUBLE_EQ(s["confidence"].get<double>(), 0.83);
  EXPECT_EQ(s["title"], "Startup Migration Runner");
  EXPECT_EQ(s["triggerUnitId"], reply["result"]["userUnit"]["id"]);
  // The agent was told the execution context and the message, in JSON mode.
  json req = structureRequest();
  ASSERT_FALSE(req.is_null());
  EXPECT_NE(req["body"]["messages"][0]["content"].get<std::string>().find("- Mode: mainline"), std::string::npos);
  EXPECT_NE(req["body"]["messages"][1]["content"].get<std::string>().find(kFollowUp), std::string::npos);
  // Accepting a model card works like any other.
  json r = resolve(s["id"], "accept");
  EXPECT_EQ(r["changed"]["project"]["mainlineEndId"], tip);
}

TEST_F(ModelPath, AgreeingWithTheNativeCardMergesIntoIt) {
  fake->setScript(everyReply(kBranchJson));
  sendTurn(tip, kSideQuestion);
  auto native = waitSuggestion("grove/suggestion/didCreate");
  ASSERT_TRUE(native);
  std::string sid = (*native)["params"]["suggestion"]["id"];
  EXPECT_EQ((*native)["params"]["suggestion"]["source"], "native");
  auto merged = waitSuggestion("grove/suggestion/didChange",
                               [&](const json& s) { return s["id"] == sid && s["source"] == "model"; });
  ASSERT_TRUE(merged) << "the model's agreement upgrades the card";
  EXPECT_EQ(suggestions().size(), 1u);  // one card, not two
}

TEST_F(ModelPath, MalformedOutputFallsBackToContinue) {
  fake->setScript(everyReply(R"({"primary_action": "branch", "confidence": 0.9, )"));
  json reply = sendTurn(tip, kFollowUp);
  ASSERT_TRUE(reply.contains("result")) << reply;
  ASSERT_TRUE(logSays("structure agent: invalid output (not JSON)")) << server_->stderrText();
  EXPECT_EQ(suggestions(), json::array());
  EXPECT_TRUE(inbox->named("grove/suggestion/didCreate").empty());
  EXPECT_EQ(server_->stderrText().find("sk-model-path-secret"), std::string::npos) << "the key never reaches the log";
}

TEST_F(ModelPath, WrongTypesFallBackToContinue) {
  fake->setScript(everyReply(
      R"({"primary_action":"branch","asset_action":"none","confidence":"very","reason":"x","show_suggestion":"true"})"));
  sendTurn(tip, kFollowUp);
  ASSERT_TRUE(logSays("structure agent: invalid output (key confidence has the wrong type)")) << server_->stderrText();
  EXPECT_EQ(suggestions(), json::array());
}

TEST_F(ModelPath, ShowSuggestionFalseIsAContinue) {
  fake->setScript(everyReply(
      R"({"primary_action":"branch","asset_action":"none","confidence":0.4,"reason":"weak","asset_reason":"","show_suggestion":false})"));
  sendTurn(tip, kFollowUp);
  ASSERT_TRUE(logSays("structure agent: branch / none, 0 proposal(s)")) << server_->stderrText();
  EXPECT_EQ(suggestions(), json::array());
}

TEST_F(ModelPath, ExtractionByTheUtilityModel) {
  fake->setScript(everyReply(
      R"({"name":"Schema Migration SOP","requires_human_review":false,"instruction":"1. Number. 2. Transact. 3. Record.","example":"Any versioned store."})"));
  json c = rpc().result("grove/capsule/extract", {{"projectId", projectId_}, {"unitIds", {q1, a1, q2, a2}}, {"type", "task_sop"}});
  EXPECT_EQ(c["source"], "model");
  EXPECT_EQ(c["name"], "Schema Migration SOP");
  EXPECT_FALSE(c["requiresReview"].get<bool>());
  // No review needed: it can be enabled at once.
  json on = rpc().result("grove/capsule/setEnabled", {{"capsuleId", c["id"]}, {"projectId", projectId_}, {"enabled", true}});
  EXPECT_EQ(on["enabledIn"], json::array({projectId_}));
  json req = fake->requests().at(0);
  EXPECT_NE(req["body"]["messages"][1]["content"].get<std::string>().find("Conversation transcript:"), std::string::npos);
}

TEST_F(ModelPath, AcceptingAnExtractionCardAsksTheUtilityModelForTheCapsule) {
  json reply = sendTurn(tip, "save this as an SOP");  // delegated: no model call for the answer
  ASSERT_EQ(reply["result"]["finishReason"], "delegated") << reply;
  fake->setScript(everyReply(
      R"({"name":"Migration Test SOP","requires_human_review":true,"instruction":"1. Fixture. 2. Upgrade. 3. Compare.","example":"Any schema."})"));
  json r = resolve(reply["result"]["suggestionId"], "accept");
  EXPECT_EQ(r["suggestion"]["state"], "accepted");
  ASSERT_TRUE(r["changed"].contains("capsule")) << r;
  EXPECT_EQ(r["changed"]["capsule"]["source"], "model");
  EXPECT_EQ(r["changed"]["capsule"]["name"], "Migration Test SOP");
  EXPECT_TRUE(r["changed"]["capsule"]["requiresReview"].get<bool>());
}

}  // namespace
}  // namespace grove::suggest_test

namespace grove::suggest_test {
namespace {

// The VS Code end-to-end card scenario (clients/vscode/test/e2e), replayed
// against the real server: a fresh conversation of terse programming questions
// answered by the fake provider with one short sentence each, then an announced
// shift. Terse programming chat once read as chit-chat, so the second question
// got a card at the lenient bar and the cooldown hid the shift's card.
class TerseProgrammingChat : public SuggestServer {};

TEST_F(TerseProgrammingChat, NoCardForTheFollowUpsAndOneForTheAnnouncedShift) {
  fake_provider::FakeProviderProcess fake(
      json::array({{{"chunks", {"Retries ", "swallow ", "every ", "error."}}}}));
  start(chat_test::openAiEnv(fake.baseUrl()));
  json parent = nullptr;
  for (const char* q : {"Our HTTP client retries failed requests in a loop. How should the retry backoff work?",
                        "What backoff cap should the retry loop use for HTTP 503 responses?",
                        "How do we stop the retry loop from hammering the HTTP server during an outage?"}) {
    json id = rpc().send("grove/chat/send", {{"projectId", projectId_}, {"parentId", parent}, {"content", q}});
    json reply = rpc().waitResponse(id, Millis(20000));
    ASSERT_TRUE(reply.contains("result")) << reply;
    parent = reply["result"]["assistantUnit"]["id"];
  }
  json reply = sendTurn(parent.get<std::string>(), "Unrelated: what is a good recipe for sourdough bread with rye flour?");
  ASSERT_TRUE(reply.contains("result")) << reply;
  auto card = waitSuggestion("grove/suggestion/didCreate");
  ASSERT_TRUE(card) << "no card for the announced shift";
  json s = (*card)["params"]["suggestion"];
  EXPECT_EQ(s["kind"], "branch");
  EXPECT_EQ(s["triggerUnitId"], reply["result"]["userUnit"]["id"]);
  EXPECT_EQ(inbox->named("grove/suggestion/didCreate").size(), 1u) << "a card only for the shift";
}

}  // namespace
}  // namespace grove::suggest_test
