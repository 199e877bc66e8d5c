// OpenAI and Anthropic streaming end to end: grove-server -> libcurl -> the
// fake provider's SSE stream -> grove/chat/didStream -> the stored answer.
#include <gtest/gtest.h>

#include "ChatFixture.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

const std::vector<std::string> kChunks{"Use ", "yaml", "-cpp", " for YAML."};

class Streaming : public ChatFixture {
protected:
  // The chunks arrive 150 ms apart, so a server that buffered the answer
  // instead of streaming it would be caught by the first-delta check below.
  static json script(const std::string& kind) {
    return json::array({{{"kind", kind},
                         {"chunks", kChunks},
                         {"delayMs", 150},
                         {"usage", {{"prompt", 42}, {"completion", 4}}}}});
  }

  void expectStreamedTurn(FakeProviderProcess& fake) {
    std::string root = append("", "user", "How do I parse JSON in C++?");
    std::string answer = append(root, "assistant", "Use nlohmann/json.");
    json id = rpc().send("grove/chat/send",
                         {{"projectId", projectId_}, {"parentId", answer}, {"content", "And for YAML?"}});

    // The first piece reaches the client while the provider is still talking.
    auto first = rpc().waitForNotification(
        [](const json& n) { return n.value("method", "") == "grove/chat/didStream"; }, Millis(10000));
    ASSERT_TRUE(first.has_value()) << "no grove/chat/didStream arrived";
    EXPECT_FALSE(rpc().takeResponse(id).has_value()) << "the reply came before the stream: not streamed";
    Turn turn = finishTurn(id, {*first});
    ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();

    const json& r = turn.result();
    EXPECT_EQ(turn.deltas, kChunks);  // every delta, in order, nothing merged or lost
    const std::string assistantId = r["assistantUnit"]["id"];
    for (const auto& s : turn.streams) {
      EXPECT_EQ(s["projectId"], projectId_);
      EXPECT_EQ(s["unitId"], assistantId);
    }
    EXPECT_EQ(r["finishReason"], "stop");
    EXPECT_EQ(r["usage"], json({{"promptTokens", 42}, {"completionTokens", 4}}));
    EXPECT_EQ(r["userUnit"]["content"], "And for YAML?");
    EXPECT_EQ(r["userUnit"]["parentId"], answer);
    EXPECT_EQ(r["userUnit"]["role"], "user");
    EXPECT_EQ(r["assistantUnit"]["parentId"], r["userUnit"]["id"]);
    EXPECT_EQ(r["assistantUnit"]["role"], "assistant");
    EXPECT_EQ(r["assistantUnit"]["content"], turn.joined());
    EXPECT_EQ(r["assistantUnit"]["status"], "complete");

    // What is stored is what was streamed.
    json stored = unit(assistantId);
    EXPECT_EQ(stored["content"], "Use yaml-cpp for YAML.");
    EXPECT_EQ(stored["status"], "complete");
    EXPECT_EQ(fake.requests().size(), 1u);
  }
};

TEST_F(Streaming, OpenAiDeltasArriveInOrderAndMakeTheStoredAnswer) {
  FakeProviderProcess fake(script("openai"));
  startServer(openAiEnv(fake.baseUrl(), "sk-test-openai"));
  expectStreamedTurn(fake);

  json req = fake.requests().at(0);
  EXPECT_EQ(req["path"], "/v1/chat/completions");
  EXPECT_EQ(req["auth"], "bearer");
  EXPECT_EQ(req["body"]["model"], "fake-chat");
  EXPECT_EQ(req["body"]["stream"], true);
}

TEST_F(Streaming, AnthropicDeltasArriveInOrderAndMakeTheStoredAnswer) {
  FakeProviderProcess fake(script("anthropic"));
  startServer(anthropicEnv(fake.baseUrl(), "sk-ant-test"));
  expectStreamedTurn(fake);

  json req = fake.requests().at(0);
  EXPECT_EQ(req["path"], "/v1/messages");
  EXPECT_EQ(req["auth"], "x-api-key");
  EXPECT_EQ(req["headers"].value("anthropic-version", ""), "2023-06-01");
  EXPECT_EQ(req["body"]["model"], "fake-claude");
  EXPECT_EQ(req["body"]["stream"], true);
}

TEST_F(Streaming, TheModelParameterOverridesTheChatModelForOneTurn) {
  FakeProviderProcess fake(json::array({{{"chunks", {"ok"}}}}));
  startServer(openAiEnv(fake.baseUrl()));
  Turn turn = send({{"parentId", nullptr}, {"content", "hello"}, {"model", "special-model"}});
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_EQ(fake.requests().at(0)["body"]["model"], "special-model");
  Turn next = say(turn.result()["assistantUnit"]["id"], "again");
  ASSERT_TRUE(next.reply.contains("result")) << next.reply.dump();
  EXPECT_EQ(fake.requests().at(1)["body"]["model"], "fake-chat");
}

}  // namespace
}  // namespace grove::chat_test
