// Every way a provider can fail, against the fake provider on loopback: each
// gives the documented reason, and a stream that broke after some text keeps
// that text instead of throwing.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>

#include "ChatFixtures.h"
#include "FakeProvider.h"
#include "llm/AnthropicClient.h"
#include "llm/OpenAiClient.h"

namespace grove::llm::test {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

Error errorFrom(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "expected a grove::Error";
  return Error(ErrorKind::Storage, "none", "no error");
}

constexpr const char* kSecret = "sk-test-SECRET-0123456789";

TEST(ProviderFailure, Unauthorized401IsAuthAndNeverShowsTheKey) {
  // The fake quotes the presented key in its error body, as OpenAI does.
  FakeProvider fake(json::array({{{"kind", "openai"}, {"requireKey", "the-right-key"}, {"echoKey", true}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi, kSecret);
  config.name = "work";
  OpenAiClient client(config);
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.kind(), ErrorKind::Provider);
  EXPECT_EQ(e.reason(), "auth");
  std::string msg = e.what();
  EXPECT_NE(msg.find("work"), std::string::npos) << msg;
  EXPECT_NE(msg.find("authentication"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("SECRET"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("0123456789"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("key provided"), std::string::npos) << msg;  // the body is not quoted at all
  EXPECT_EQ(fake.requests().size(), 1u);  // auth failures are not retried
}

TEST(ProviderFailure, Forbidden403FromAnthropicIsAuthWithoutTheKey) {
  FakeProvider fake(json::array({{{"kind", "anthropic"}, {"status", 403}, {"echoKey", true}}}));
  AnthropicClient client(fake.config(ProviderKind::Anthropic, kSecret));
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.reason(), "auth");
  EXPECT_EQ(std::string(e.what()).find("SECRET"), std::string::npos) << e.what();
}

TEST(ProviderFailure, OtherErrorBodiesAreQuotedWithKeysScrubbed) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"status", 400}, {"echoKey", true},
                                  {"errorMessage", "model fake-model does not exist"}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi, kSecret));
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.reason(), "badResponse");
  std::string msg = e.what();
  EXPECT_NE(msg.find("does not exist"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("SECRET"), std::string::npos) << msg;
}

TEST(ProviderFailure, RateLimitHonoursRetryAfterThenSucceeds) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"status", 429}, {"headers", {{"Retry-After", "1"}}}},
                                 {{"kind", "openai"}, {"chunks", {"after the wait"}}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi);
  config.retryBaseMs = 1;  // so only Retry-After can explain a one-second wait
  OpenAiClient client(config);
  auto t0 = Clock::now();
  ChatResult r = client.chat(sampleRequest(), {}, CancellationToken{});
  auto elapsed = Clock::now() - t0;
  EXPECT_EQ(r.text, "after the wait");
  EXPECT_EQ(fake.requests().size(), 2u);
  EXPECT_GE(elapsed, milliseconds(950));
  EXPECT_LT(elapsed, milliseconds(5000));
}

TEST(ProviderFailure, ServerErrorsAreRetriedThenReported) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"status", 503}, {"errorMessage", "overloaded"}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi);
  config.maxRetries = 2;
  OpenAiClient client(config);
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.reason(), "badResponse");
  EXPECT_NE(std::string(e.what()).find("503"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("overloaded"), std::string::npos) << e.what();
  EXPECT_EQ(fake.requests().size(), 3u);  // one try and two retries
}

TEST(ProviderFailure, RateLimitExhaustedIsRateLimited) {
  FakeProvider fake(json::array({{{"kind", "anthropic"}, {"status", 429}}}));
  ProviderConfig config = fake.config(ProviderKind::Anthropic);
  config.maxRetries = 1;
  AnthropicClient client(config);
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.reason(), "rateLimited");
  EXPECT_EQ(fake.requests().size(), 2u);
}

TEST(ProviderFailure, RetryAfterBeyondTheLimitFailsAtOnce) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"status", 429}, {"headers", {{"Retry-After", "3600"}}}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  auto t0 = Clock::now();
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.reason(), "rateLimited");
  EXPECT_NE(std::string(e.what()).find("3600"), std::string::npos) << e.what();
  EXPECT_LT(Clock::now() - t0, milliseconds(2000));
}

TEST(ProviderFailure, RefusedConnectionIsUnreachable) {
  ProviderConfig config = defaultsFor(ProviderKind::OpenAi, "nobody");
  config.baseUrl = "http://127.0.0.1:" + std::to_string(closedLoopbackPort());
  config.retryBaseMs = 1;
  OpenAiClient client(config);
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.kind(), ErrorKind::Provider);
  EXPECT_EQ(e.reason(), "unreachable");
  EXPECT_NE(std::string(e.what()).find("nobody"), std::string::npos) << e.what();
}

TEST(ProviderFailure, ListenerThatNeverAnswersTimesOutWithinTheIdleLimit) {
  FakeProvider fake(json::array({{{"hang", true}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi);
  config.timeouts.idleMs = 300;
  OpenAiClient client(config);
  auto t0 = Clock::now();
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  auto elapsed = Clock::now() - t0;
  EXPECT_EQ(e.reason(), "timeout");
  EXPECT_GE(elapsed, milliseconds(300));
  EXPECT_LT(elapsed, milliseconds(1500));
}

TEST(ProviderFailure, StreamStalledBeforeTextTimesOut) {
  FakeProvider fake(json::array({{{"kind", "anthropic"}, {"chunks", {"never sent"}}, {"stallAfterChunks", 0}}}));
  ProviderConfig config = fake.config(ProviderKind::Anthropic);
  config.timeouts.idleMs = 300;
  AnthropicClient client(config);
  auto t0 = Clock::now();
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.reason(), "timeout");
  EXPECT_LT(Clock::now() - t0, milliseconds(1500));
}

TEST(ProviderFailure, StreamStalledAfterTextKeepsItAsInterrupted) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", {"first ", "second"}}, {"stallAfterChunks", 1}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi);
  config.timeouts.idleMs = 300;
  OpenAiClient client(config);
  auto t0 = Clock::now();
  ChatResult r = client.chat(sampleRequest(), {}, CancellationToken{});
  EXPECT_EQ(r.text, "first ");
  EXPECT_EQ(r.finishReason, "interrupted");
  EXPECT_LT(Clock::now() - t0, milliseconds(1500));
}

TEST(ProviderFailure, DroppedStreamKeepsPartialTextAsInterrupted) {
  for (ProviderKind kind : {ProviderKind::OpenAi, ProviderKind::Anthropic}) {
    FakeProvider fake(json::array({{{"chunks", {"one ", "two ", "three"}}, {"dropAfterChunks", 2}}}));
    std::unique_ptr<LlmClient> client;
    if (kind == ProviderKind::OpenAi) client = std::make_unique<OpenAiClient>(fake.config(kind));
    else client = std::make_unique<AnthropicClient>(fake.config(kind));
    Deltas deltas;
    ChatResult r = client->chat(sampleRequest(), deltas.sink(), CancellationToken{});
    EXPECT_EQ(r.text, "one two ") << kindName(kind);
    EXPECT_EQ(r.finishReason, "interrupted") << kindName(kind);
    EXPECT_EQ(deltas.pieces.size(), 2u);
  }
}

TEST(ProviderFailure, DroppedStreamBeforeTextIsABadResponse) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", {"lost"}}, {"dropAfterChunks", 0}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  EXPECT_EQ(errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); }).reason(), "badResponse");
}

TEST(ProviderFailure, MalformedStreamAfterTextIsInterrupted) {
  for (ProviderKind kind : {ProviderKind::OpenAi, ProviderKind::Anthropic}) {
    FakeProvider fake(json::array({{{"chunks", {"good part"}}, {"malformed", true}}}));
    std::unique_ptr<LlmClient> client;
    if (kind == ProviderKind::OpenAi) client = std::make_unique<OpenAiClient>(fake.config(kind));
    else client = std::make_unique<AnthropicClient>(fake.config(kind));
    ChatResult r = client->chat(sampleRequest(), {}, CancellationToken{});
    EXPECT_EQ(r.text, "good part") << kindName(kind);
    EXPECT_EQ(r.finishReason, "interrupted") << kindName(kind);
  }
}

TEST(ProviderFailure, MalformedStreamBeforeTextIsABadResponse) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", json::array()}, {"malformed", true}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  Error e = errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); });
  EXPECT_EQ(e.reason(), "badResponse");
  EXPECT_NE(std::string(e.what()).find("malformed"), std::string::npos) << e.what();
}

TEST(ProviderFailure, AnswerOverTheSizeLimitStopsWithLength) {
  std::vector<std::string> chunks(50, std::string(100, 'x'));
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", chunks}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi);
  config.maxResponseBytes = 2000;  // each event is ~230 bytes on the wire
  OpenAiClient client(config);
  ChatResult r = client.chat(sampleRequest(), {}, CancellationToken{});
  EXPECT_EQ(r.finishReason, "length");
  EXPECT_FALSE(r.text.empty());
  EXPECT_LT(r.text.size(), 2000u);
  EXPECT_EQ(r.text.size() % 100, 0u);  // only whole events were taken
}

TEST(ProviderFailure, SizeLimitBeforeAnyTextIsABadResponse) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", {std::string(5000, 'y')}}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi);
  config.maxResponseBytes = 100;
  OpenAiClient client(config);
  EXPECT_EQ(errorFrom([&] { client.chat(sampleRequest(), {}, CancellationToken{}); }).reason(), "badResponse");
}

}  // namespace
}  // namespace grove::llm::test
