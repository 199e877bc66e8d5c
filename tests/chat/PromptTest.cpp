// The exact request a provider receives for a turn: the conversation agent's
// system prompt in each of its four forms and the messages the scope rules
// select (exclusions on the path, inclusions from other paths), read back
// from the fake provider's request log.
#include <gtest/gtest.h>

#include "ChatFixture.h"
#include "Eventually.h"
#include "ExpectedPrompts.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

// Every request gets this answer: chat turns and the memory agent's
// summaries (which race with them on the server's workers) alike.
const std::string kFakeText = "Main task: read a config file in C++; decided on nlohmann/json.";

class Prompts : public ChatFixture {
protected:
  void SetUp() override {
    fake_ = std::make_unique<FakeProviderProcess>(json::array({{{"chunks", {kFakeText}}}}));
    // Separate chat and utility models tell the turn's request from the
    // summaries' requests in the fake's log.
    writeConfig({{"provider", "fake"},
                 {"providers",
                  {{{"name", "fake"},
                    {"kind", "openai"},
                    {"baseUrl", fake_->baseUrl()},
                    {"model", "chat-model"},
                    {"utilityModel", "utility-model"}}}}});
    startServer();
  }

  /// The requests the fake received for `model`, oldest first.
  std::vector<json> requestsFor(const std::string& model) {
    std::vector<json> out;
    for (const auto& r : fake_->requests())
      if (r["body"].value("model", "") == model) out.push_back(r);
    return out;
  }
  json lastChatRequest() {
    auto chats = requestsFor("chat-model");
    if (chats.empty()) throw std::runtime_error("the fake received no chat request");
    return chats.back();
  }
  static json msg(const std::string& role, const std::string& content) {
    return {{"role", role}, {"content", content}};
  }
  std::string answerOf(const Turn& t) {
    EXPECT_TRUE(t.reply.contains("result")) << t.reply.dump();
    return t.reply.contains("result") ? t.result()["assistantUnit"]["id"].get<std::string>() : "";
  }

  /// The tree of the branch tests (seq order):
  ///   m1 m2 [x1 x2] m3 m4      x1 starts a branch below m2
  /// with m3 excluded (on the mainline path) and x1 included (off it).
  void buildTree() {
    m1 = append("", "user", "How do I read a config file in C++?");
    m2 = append(m1, "assistant", "Pick a format first: JSON, YAML or TOML.");
    x1 = append(m2, "user", "What about XML?", json{{"title", "xml"}});
    x2 = append(x1, "assistant", "XML works with pugixml, but it is verbose.");
    m3 = append(m2, "user", "Never mind, something unrelated: what is 2 + 2?");
    m4 = append(m3, "assistant", "For JSON, nlohmann/json is the usual choice.");
    rpc().result("grove/unit/setScope", {{"unitIds", {m3}}, {"scope", "excluded"}});
    rpc().result("grove/unit/setScope", {{"unitIds", {x1}}, {"scope", "included"}});
  }

  std::unique_ptr<FakeProviderProcess> fake_;
  std::string m1, m2, x1, x2, m3, m4;
};

TEST_F(Prompts, MainlineTurnSendsTheMainlinePromptAndThePath) {
  std::string u1 = append("", "user", "How do I read a config file in C++?");
  std::string a1 = append(u1, "assistant", "Pick a format first: JSON, YAML or TOML.");
  Turn turn = say(a1, "JSON, please.");
  answerOf(turn);

  json req = lastChatRequest();
  EXPECT_EQ(req["path"], "/v1/chat/completions");
  const std::string system = conversationSystem(filledPrompt("mainline"));
  EXPECT_EQ(req["body"]["messages"],
            json::array({msg("system", system), msg("user", "How do I read a config file in C++?"),
                         msg("assistant", "Pick a format first: JSON, YAML or TOML."),
                         msg("user", "JSON, please.")}));
  // The form itself, not just "whatever the template file says".
  EXPECT_NE(system.find("\n\nMode: mainline\n"), std::string::npos);
  EXPECT_EQ(system.find("[COMPLETED BRANCH EXPLORATIONS]"), std::string::npos);
}

TEST_F(Prompts, BranchTurnHonoursExclusionsAndInclusions) {
  buildTree();
  Turn turn = send({{"parentId", m4}, {"content", "Does it handle comments?"}, {"branch", {{"title", "comments"}}}});
  std::string answer = answerOf(turn);
  const std::string y1 = turn.result()["userUnit"]["id"];

  json req = lastChatRequest();
  // m3 is gone although it lies on the path; x1 is there although it does
  // not; x2 (its sibling path's answer) is not. Order is seq order.
  const std::string system = conversationSystem(filledPrompt("branch", {{"anchor", m4}}));
  EXPECT_EQ(req["body"]["messages"],
            json::array({msg("system", system), msg("user", "How do I read a config file in C++?"),
                         msg("assistant", "Pick a format first: JSON, YAML or TOML."),
                         msg("user", "What about XML?"),
                         msg("assistant", "For JSON, nlohmann/json is the usual choice."),
                         msg("user", "Does it handle comments?")}));
  EXPECT_NE(system.find("You are executing a Subtask branch. Branched from node " + m4 + "."), std::string::npos);
  EXPECT_EQ(system.find("[CURRENT CONTEXT STATUS]"), std::string::npos);

  // What the user can inspect beforehand is what was sent.
  json preview = rpc().result("grove/scope/preview", {{"projectId", projectId_}, {"cursorId", y1}});
  json sent = req["body"]["messages"];
  sent.erase(sent.begin());
  json shown = json::array();
  for (const auto& m : preview["messages"]) shown.push_back(msg(m["role"], m["content"]));
  EXPECT_EQ(shown, sent);
  EXPECT_EQ(preview["excluded"], json::array({m3}));
  EXPECT_EQ(preview["included"], json::array({x1}));
}

TEST_F(Prompts, SummariesFromPathSwitchesReachLaterPrompts) {
  buildTree();
  // Opening a branch from the mainline is a path switch: the memory agent
  // writes the mainline's progress summary with the utility model.
  Turn first = send({{"parentId", m4}, {"content", "Does it handle comments?"}, {"branch", {{"title", "comments"}}}});
  std::string y2 = answerOf(first);
  const std::string y1 = first.result()["userUnit"]["id"];
  ASSERT_TRUE(eventually([&] { return branch(m1).value("summary", json()) == kFakeText; }))
      << "mainline summary never written: " << branch(m1).dump();

  // Branch form with [CURRENT CONTEXT STATUS].
  answerOf(say(y2, "And trailing commas?"));
  EXPECT_EQ(lastChatRequest()["body"]["messages"][0]["content"],
            conversationSystem(filledPrompt("branch_status", {{"anchor", m4}, {"mainline_summary", kFakeText}})));

  // Back to the mainline: the branch being left gets its summary.
  rpc().result("grove/project/setCursor", {{"projectId", projectId_}, {"cursorId", m4}});
  ASSERT_TRUE(eventually([&] { return branch(y1).value("summary", json()) == kFakeText; }))
      << "branch summary never written: " << branch(y1).dump();
  rpc().result("grove/branch/update", {{"projectId", projectId_}, {"headId", y1}, {"status", "completed"}});

  // Mainline form with [COMPLETED BRANCH EXPLORATIONS].
  answerOf(say(m4, "Thanks. Now, how do I write the file back?"));
  json messages = lastChatRequest()["body"]["messages"];
  EXPECT_EQ(messages[0]["content"], conversationSystem(filledPrompt("mainline_completed", {{"summaries", "- " + kFakeText}})));
  // The completed branch's transcript is not sent, only its summary.
  EXPECT_EQ(messages.dump().find("trailing commas"), std::string::npos);
}

}  // namespace
}  // namespace grove::chat_test
