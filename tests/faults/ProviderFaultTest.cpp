// Providers that break mid-answer, through the real server and the fake
// provider on loopback: a stream that stalls, a connection reset (RST) and a
// 10 MB line. Each turn ends within its deadline with either the partial
// answer kept (finishReason says why) or, before any text, a clear 1003
// error; the user's message is always kept and the server keeps serving.
#include <gtest/gtest.h>

#include "ChatFixture.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

const std::vector<std::string> kStory{"Once upon ", "a time ", "there was"};

class ProviderFault : public ChatFixture {
protected:
  /// One turn whose answer must be `partial`, kept and marked `finishReason`.
  void expectPartial(const std::string& partial, const std::string& finishReason) {
    Turn turn = say("", "Tell me a story.", Millis(30000));
    ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
    EXPECT_EQ(turn.result()["finishReason"], finishReason);
    EXPECT_EQ(turn.joined(), partial);
    json stored = unit(turn.result()["assistantUnit"]["id"]);
    EXPECT_EQ(stored["content"], partial);
    expectStillServing();
  }

  /// One turn that must fail with 1003 before any text, the question kept.
  json expectProviderError() {
    Turn turn = say("", "Is anybody there?", Millis(30000));
    EXPECT_TRUE(turn.reply.contains("error")) << turn.reply.dump();
    if (!turn.reply.contains("error")) return nullptr;
    EXPECT_EQ(turn.reply["error"].value("code", 0), 1003) << turn.reply.dump();
    EXPECT_FALSE(turn.reply["error"]["data"].value("kind", "").empty());
    json units = project()["units"];
    EXPECT_EQ(units.size(), 1u) << units.dump();
    expectStillServing();
    return turn.reply["error"];
  }

  void expectStillServing() {
    EXPECT_TRUE(rpc().call("grove/project/list").contains("result"));
  }
};

TEST_F(ProviderFault, AStreamThatStallsMidAnswerKeepsThePartialText) {
  FakeProviderProcess fake(json::array({{{"chunks", kStory}, {"stallAfterChunks", 2}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl(), {{"timeouts", {{"idleMs", 1500}}}}));
  startServer();
  expectPartial("Once upon a time ", "interrupted");
}

TEST_F(ProviderFault, AStreamThatStallsBeforeAnyTextIsATimeout) {
  FakeProviderProcess fake(json::array({{{"chunks", kStory}, {"stallAfterChunks", 0}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl(),
                                   {{"maxRetries", 0}, {"timeouts", {{"idleMs", 1500}}}}));
  startServer();
  json error = expectProviderError();
  EXPECT_EQ(error["data"].value("kind", ""), "timeout") << error.dump();
}

TEST_F(ProviderFault, AConnectionResetMidAnswerKeepsThePartialText) {
  FakeProviderProcess fake(json::array({{{"chunks", kStory}, {"resetAfterChunks", 1}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  expectPartial("Once upon ", "interrupted");
}

TEST_F(ProviderFault, AnAnthropicConnectionResetMidAnswerKeepsThePartialText) {
  FakeProviderProcess fake(json::array({{{"chunks", kStory}, {"resetAfterChunks", 2}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl()));
  startServer();
  expectPartial("Once upon a time ", "interrupted");
}

TEST_F(ProviderFault, AConnectionResetBeforeAnyTextIsAProviderError) {
  FakeProviderProcess fake(json::array({{{"chunks", kStory}, {"resetAfterChunks", 0}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl(), {{"maxRetries", 0}}));
  startServer();
  expectProviderError();
}

TEST_F(ProviderFault, ATenMegabyteLineIsCutAtTheResponseLimit) {
  // The default limit (8 MiB) ends the line first: the answer so far is kept
  // and marked "length", as for any answer over the limit.
  FakeProviderProcess fake(json::array({{{"chunks", {"Once upon "}}, {"hugeLineBytes", 10u << 20}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  expectPartial("Once upon ", "length");
}

TEST_F(ProviderFault, ATenMegabyteLineUnderAHigherLimitIsAMalformedStream) {
  // Read whole, the line is not an event the client understands: the
  // stream is malformed, the text before it is kept as interrupted.
  FakeProviderProcess fake(json::array({{{"chunks", {"Once upon "}}, {"hugeLineBytes", 10u << 20}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl(), {{"maxResponseBytes", 32u << 20}}));
  startServer();
  expectPartial("Once upon ", "interrupted");
}

}  // namespace
}  // namespace grove::chat_test
