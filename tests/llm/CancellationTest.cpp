// Cancellation stops a transfer at once, whether data is flowing or not.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "ChatFixtures.h"
#include "FakeProvider.h"
#include "llm/AnthropicClient.h"
#include "llm/OpenAiClient.h"

namespace grove::llm::test {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

TEST(Cancellation, CancelMidStreamStopsPromptly) {
  // The stream stalls after its first chunk; only the cancel can end it (the
  // idle limit is far away).
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", {"partial", "never"}}, {"stallAfterChunks", 1}}}));
  ProviderConfig config = fake.config(ProviderKind::OpenAi);
  config.timeouts.idleMs = 20'000;
  OpenAiClient client(config);
  CancellationToken cancel;
  Clock::time_point cancelledAt;
  std::string received;
  auto onDelta = [&](std::string_view d) {
    received.append(d);
    cancelledAt = Clock::now();
    cancel.cancel();  // as $/cancelRequest would, once text is visible
  };
  try {
    client.chat(sampleRequest(), onDelta, cancel);
    FAIL() << "expected a cancellation";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  }
  EXPECT_EQ(received, "partial");
  EXPECT_LT(Clock::now() - cancelledAt, milliseconds(200));
}

TEST(Cancellation, CancelFromAnotherThreadWhileWaitingForTheFirstByte) {
  FakeProvider fake(json::array({{{"hang", true}}}));
  ProviderConfig config = fake.config(ProviderKind::Anthropic);
  config.timeouts.idleMs = 20'000;
  AnthropicClient client(config);
  CancellationToken cancel;
  std::atomic<long long> cancelledAtNs{0};
  std::thread canceller([&] {
    // Wait until the fake has the request, so the transfer is in flight.
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    while (fake.requests().empty() && Clock::now() < deadline) std::this_thread::sleep_for(milliseconds(5));
    cancelledAtNs = Clock::now().time_since_epoch().count();
    cancel.cancel();
  });
  try {
    client.chat(sampleRequest(), {}, cancel);
    ADD_FAILURE() << "expected a cancellation";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  }
  auto returnedAt = Clock::now();
  canceller.join();
  auto lag = returnedAt - Clock::time_point(Clock::duration(cancelledAtNs.load()));
  EXPECT_LT(lag, milliseconds(200));
}

TEST(Cancellation, CancelDuringRetryBackoffStopsTheWait) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"status", 429}, {"headers", {{"Retry-After", "30"}}}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  CancellationToken cancel;
  std::thread canceller([&] {
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    while (fake.requests().empty() && Clock::now() < deadline) std::this_thread::sleep_for(milliseconds(5));
    cancel.cancel();
  });
  auto t0 = Clock::now();
  try {
    client.chat(sampleRequest(), {}, cancel);
    ADD_FAILURE() << "expected a cancellation";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  }
  canceller.join();
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(3));
}

}  // namespace
}  // namespace grove::llm::test
