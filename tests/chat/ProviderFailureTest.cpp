// Every way a provider can fail, through the real server: a clear 1003 error
// with data.kind, or (when text had already arrived) the partial answer kept
// as `interrupted`; never a lost user message, never an empty answer left
// behind. All traffic stays on 127.0.0.1.
#include <gtest/gtest.h>

#include <chrono>

#include "ChatFixture.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

class ProviderFailure : public ChatFixture {
protected:
  /// Sends one root message; the turn must fail with 1003 `kind`. Checks that
  /// the user's message is stored and no assistant unit was left behind.
  json expectFailure(const std::string& kind, Millis timeout = Millis(15000)) {
    Turn turn = say("", "Is anybody there?", timeout);
    EXPECT_TRUE(turn.reply.contains("error")) << turn.reply.dump();
    if (!turn.reply.contains("error")) return nullptr;
    const json& error = turn.reply["error"];
    EXPECT_EQ(error.value("code", 0), 1003) << error.dump();
    EXPECT_EQ(error["data"].value("kind", ""), kind) << error.dump();
    EXPECT_TRUE(turn.deltas.empty());
    json units = project()["units"];
    EXPECT_EQ(units.size(), 1u) << "the empty answer was not dropped: " << units.dump();
    if (!units.empty()) {
      EXPECT_EQ(units[0]["role"], "user");
      EXPECT_EQ(units[0]["content"], "Is anybody there?");
    }
    return error;
  }

  /// Sends one root message; the answer must come back as a result with
  /// finishReason "interrupted" and `partial` kept, status interrupted.
  void expectInterrupted(const std::string& partial) {
    Turn turn = say("", "Tell me a story.");
    ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
    const json& r = turn.result();
    EXPECT_EQ(r["finishReason"], "interrupted");
    EXPECT_EQ(turn.joined(), partial);
    EXPECT_EQ(r["assistantUnit"]["content"], partial);
    EXPECT_EQ(r["assistantUnit"]["status"], "interrupted");
    json stored = unit(r["assistantUnit"]["id"]);
    EXPECT_EQ(stored["content"], partial);
    EXPECT_EQ(stored["status"], "interrupted");
  }
};

TEST_F(ProviderFailure, ClosedPortIsUnreachable) {
  writeConfig(singleProviderConfig("openai", "http://127.0.0.1:" + std::to_string(unusedLoopbackPort())));
  startServer();
  expectFailure("unreachable");
}

TEST_F(ProviderFailure, ListenerThatNeverAnswersTimesOut) {
  SilentListener silent;
  writeConfig(singleProviderConfig("openai", "http://127.0.0.1:" + std::to_string(silent.port()),
                                   {{"timeouts", {{"idleMs", 500}}}}));
  startServer();
  auto start = std::chrono::steady_clock::now();
  expectFailure("timeout");
  auto took = std::chrono::duration_cast<Millis>(std::chrono::steady_clock::now() - start).count();
  // The configured idle limit applies, not the two-minute default.
  EXPECT_GE(took, 450);
  EXPECT_LT(took, 5000);
}

TEST_F(ProviderFailure, FakeThatHangsAfterTheRequestTimesOut) {
  FakeProviderProcess fake(json::array({{{"hang", true}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl(), {{"timeouts", {{"idleMs", 400}}}}));
  startServer();
  expectFailure("timeout");
  EXPECT_GE(fake.requests().size(), 1u);
}

TEST_F(ProviderFailure, UnauthorizedIsAnAuthErrorNamingTheProvider) {
  FakeProviderProcess fake(json::array({{{"status", 401}, {"errorMessage", "Incorrect API key provided"}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  json error = expectFailure("auth");
  const std::string message = error.value("message", "");
  EXPECT_NE(message.find("fake-openai"), std::string::npos) << message;
  EXPECT_NE(message.find("authentication"), std::string::npos) << message;
  EXPECT_EQ(fake.requests().size(), 1u) << "an auth failure is not retried";
}

TEST_F(ProviderFailure, AnthropicForbiddenIsAnAuthErrorToo) {
  FakeProviderProcess fake(json::array({{{"status", 403}, {"errorType", "permission_error"}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl()));
  startServer();
  json error = expectFailure("auth");
  EXPECT_NE(error.value("message", "").find("fake-anthropic"), std::string::npos) << error.dump();
}

TEST_F(ProviderFailure, RateLimitHonoursRetryAfterThenSucceeds) {
  FakeProviderProcess fake(json::array({{{"status", 429}, {"headers", {{"Retry-After", "1"}}}},
                                        {{"chunks", {"Worth ", "the wait."}}}}));
  // The backoff step is 20 ms: only Retry-After explains a one-second pause.
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  auto start = std::chrono::steady_clock::now();
  Turn turn = say("", "Hello?");
  auto took = std::chrono::duration_cast<Millis>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_EQ(turn.result()["assistantUnit"]["content"], "Worth the wait.");
  EXPECT_EQ(turn.result()["assistantUnit"]["status"], "complete");
  EXPECT_EQ(fake.requests().size(), 2u);
  EXPECT_GE(took, 950) << "Retry-After: 1 was not honoured";
}

TEST_F(ProviderFailure, RateLimitExhaustedIsReported) {
  FakeProviderProcess fake(json::array({{{"status", 429}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  expectFailure("rateLimited");
  EXPECT_EQ(fake.requests().size(), 3u) << "one attempt and maxRetries (2) retries";
}

TEST_F(ProviderFailure, ServerErrorsExhaustedAreABadResponse) {
  FakeProviderProcess fake(json::array({{{"status", 503}, {"errorMessage", "overloaded right now"}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  json error = expectFailure("badResponse");
  EXPECT_EQ(fake.requests().size(), 3u) << "one attempt and maxRetries (2) retries";
  EXPECT_NE(error.value("message", "").find("503"), std::string::npos) << error.dump();
}

TEST_F(ProviderFailure, ServerErrorThenSuccessIsRetried) {
  FakeProviderProcess fake(json::array({{{"status", 500}}, {{"status", 502}}, {{"chunks", {"Third time lucky."}}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl()));
  startServer();
  Turn turn = say("", "Hello?");
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_EQ(turn.result()["assistantUnit"]["content"], "Third time lucky.");
  EXPECT_EQ(fake.requests().size(), 3u);
}

TEST_F(ProviderFailure, MalformedStreamAfterTextKeepsThePartialAnswer) {
  FakeProviderProcess fake(json::array({{{"chunks", {"Once upon ", "a time"}}, {"malformed", true}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  expectInterrupted("Once upon a time");
}

TEST_F(ProviderFailure, MalformedStreamBeforeAnyTextIsABadResponse) {
  FakeProviderProcess fake(json::array({{{"chunks", json::array()}, {"malformed", true}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  expectFailure("badResponse");
}

TEST_F(ProviderFailure, DroppedOpenAiStreamKeepsThePartialAnswer) {
  FakeProviderProcess fake(json::array({{{"chunks", {"Once upon ", "a time ", "there was"}}, {"dropAfterChunks", 2}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl()));
  startServer();
  expectInterrupted("Once upon a time ");
}

TEST_F(ProviderFailure, DroppedAnthropicStreamKeepsThePartialAnswer) {
  FakeProviderProcess fake(json::array({{{"chunks", {"Once upon ", "a time ", "there was"}}, {"dropAfterChunks", 1}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl()));
  startServer();
  expectInterrupted("Once upon ");
}

TEST_F(ProviderFailure, AnswerOverTheSizeLimitIsCutOffAsLength) {
  std::vector<std::string> chunks;
  std::string full;
  for (int i = 0; i < 60; ++i) {
    chunks.push_back("sentence " + std::to_string(i) + " of a very long answer. ");
    full += chunks.back();
  }
  FakeProviderProcess fake(json::array({{{"chunks", chunks}}}));
  // The limit counts the response body (the event stream), a few kB here.
  writeConfig(singleProviderConfig("openai", fake.baseUrl(), {{"maxResponseBytes", 3000}}));
  startServer();
  Turn turn = say("", "Say a lot.");
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  const json& r = turn.result();
  EXPECT_EQ(r["finishReason"], "length");
  const std::string kept = r["assistantUnit"]["content"];
  EXPECT_FALSE(kept.empty());
  EXPECT_LT(kept.size(), full.size());
  EXPECT_EQ(full.rfind(kept, 0), 0u) << "not a prefix of the answer: " << kept;
  EXPECT_EQ(unit(r["assistantUnit"]["id"])["content"], kept);
}

}  // namespace
}  // namespace grove::chat_test
