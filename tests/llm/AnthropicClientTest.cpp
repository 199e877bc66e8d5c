// AnthropicClient against the fake provider's Messages event stream.
#include <gtest/gtest.h>

#include "ChatFixtures.h"
#include "FakeProvider.h"
#include "llm/AnthropicClient.h"

namespace grove::llm::test {
namespace {

using nlohmann::json;

TEST(AnthropicClient, StreamsTextDeltasWithUsageAndStopReason) {
  FakeProvider fake(json::array({{{"kind", "anthropic"},
                                  {"chunks", {"Bra", "nches ", "isolate."}},
                                  {"usage", {{"prompt", 50}, {"completion", 4}}}}}));
  AnthropicClient client(fake.config(ProviderKind::Anthropic));
  Deltas deltas;
  ChatResult r = client.chat(sampleRequest(), deltas.sink(), CancellationToken{});
  EXPECT_EQ(r.text, "Branches isolate.");
  EXPECT_EQ(deltas.pieces, (std::vector<std::string>{"Bra", "nches ", "isolate."}));
  EXPECT_EQ(r.finishReason, "stop");
  EXPECT_EQ(r.usage.promptTokens, 50);
  EXPECT_EQ(r.usage.completionTokens, 4);
}

TEST(AnthropicClient, SendsSystemSeparatelyWithVersionAndKeyHeaders) {
  FakeProvider fake(json::array({{{"kind", "anthropic"}, {"chunks", {"ok"}}}}));
  AnthropicClient client(fake.config(ProviderKind::Anthropic, "ant-key"));
  ChatRequest req = sampleRequest();
  client.chat(req, {}, CancellationToken{});
  json sent = fake.requests();
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0]["path"], "/v1/messages");
  EXPECT_EQ(sent[0]["auth"], "x-api-key");
  EXPECT_EQ(sent[0]["headers"]["anthropic-version"], AnthropicClient::kApiVersion);
  const json& body = sent[0]["body"];
  EXPECT_EQ(body["system"], req.system);
  EXPECT_EQ(body["model"], "fake-model");
  EXPECT_EQ(body["max_tokens"], 300);
  EXPECT_EQ(body["stream"], true);
  json expected = json::array({{{"role", "user"}, {"content", "What is a branch?"}},
                               {{"role", "assistant"}, {"content", "A side path."}},
                               {{"role", "user"}, {"content", "And a capsule?"}}});
  EXPECT_EQ(body["messages"], expected);
}

TEST(AnthropicClient, MaxTokensStopMapsToLength) {
  FakeProvider fake(json::array({{{"kind", "anthropic"}, {"chunks", {"cut"}}, {"finishReason", "length"}}}));
  AnthropicClient client(fake.config(ProviderKind::Anthropic));
  EXPECT_EQ(client.chat(sampleRequest(), {}, CancellationToken{}).finishReason, "length");
}

TEST(AnthropicClient, ErrorEventAfterTextKeepsThePartialAnswer) {
  FakeProvider fake(json::array({{{"kind", "anthropic"}, {"chunks", {"half "}}, {"errorEvent", true}}}));
  AnthropicClient client(fake.config(ProviderKind::Anthropic));
  ChatResult r = client.chat(sampleRequest(), {}, CancellationToken{});
  EXPECT_EQ(r.text, "half ");
  EXPECT_EQ(r.finishReason, "interrupted");
}

TEST(AnthropicClient, ErrorEventBeforeTextIsAnError) {
  FakeProvider fake(json::array({{{"kind", "anthropic"},
                                  {"chunks", json::array()},
                                  {"errorEvent", true},
                                  {"errorType", "rate_limit_error"}}}));
  AnthropicClient client(fake.config(ProviderKind::Anthropic));
  try {
    client.chat(sampleRequest(), {}, CancellationToken{});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Provider);
    EXPECT_EQ(e.reason(), "rateLimited");
  }
}

TEST(AnthropicClient, EmbeddingsAreUnsupported) {
  AnthropicClient client(defaultsFor(ProviderKind::Anthropic, "a"));
  try {
    client.embed({"x"}, CancellationToken{});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidOperation);
    EXPECT_EQ(e.reason(), "embeddingsUnsupported");
  }
}

}  // namespace
}  // namespace grove::llm::test
