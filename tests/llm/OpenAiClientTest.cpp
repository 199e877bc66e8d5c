// OpenAiClient against the fake provider: streaming, the exact payload sent,
// usage, the non-streaming fallback and embeddings.
#include <gtest/gtest.h>

#include "ChatFixtures.h"
#include "FakeProvider.h"
#include "llm/OpenAiClient.h"

namespace grove::llm::test {
namespace {

using nlohmann::json;

TEST(OpenAiClient, StreamsDeltasAndReportsUsageAndFinish) {
  FakeProvider fake(json::array({{{"kind", "openai"},
                                  {"chunks", {"Hel", "lo, ", "world"}},
                                  {"usage", {{"prompt", 42}, {"completion", 3}}}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  Deltas deltas;
  ChatResult r = client.chat(sampleRequest(), deltas.sink(), CancellationToken{});
  EXPECT_EQ(r.text, "Hello, world");
  EXPECT_EQ(deltas.pieces, (std::vector<std::string>{"Hel", "lo, ", "world"}));
  EXPECT_EQ(r.finishReason, "stop");
  EXPECT_EQ(r.usage.promptTokens, 42);
  EXPECT_EQ(r.usage.completionTokens, 3);
}

TEST(OpenAiClient, SendsSystemPromptAndMessagesExactly) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", {"ok"}}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi, "sk-test-abc"));
  ChatRequest req = sampleRequest();
  req.jsonMode = true;
  client.chat(req, {}, CancellationToken{});

  json sent = fake.requests();
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0]["path"], "/v1/chat/completions");
  EXPECT_EQ(sent[0]["auth"], "bearer");
  EXPECT_EQ(sent[0]["headers"]["content-type"], "application/json");
  const json& body = sent[0]["body"];
  EXPECT_EQ(body["model"], "fake-model");
  EXPECT_EQ(body["stream"], true);
  EXPECT_EQ(body["stream_options"]["include_usage"], true);
  EXPECT_EQ(body["max_tokens"], 300);
  EXPECT_DOUBLE_EQ(body["temperature"].get<double>(), 0.5);
  EXPECT_EQ(body["response_format"]["type"], "json_object");
  json expected = json::array({{{"role", "system"}, {"content", req.system}},
                               {{"role", "user"}, {"content", "What is a branch?"}},
                               {{"role", "assistant"}, {"content", "A side path."}},
                               {{"role", "user"}, {"content", "And a capsule?"}}});
  EXPECT_EQ(body["messages"], expected);
}

TEST(OpenAiClient, RequestModelOverridesConfigAndNoKeyMeansNoAuthHeader) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", {"ok"}}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi, ""));
  ChatRequest req = sampleRequest();
  req.model = "fake-utility";
  req.system.clear();
  client.chat(req, {}, CancellationToken{});
  json sent = fake.requests();
  EXPECT_EQ(sent[0]["body"]["model"], "fake-utility");
  EXPECT_TRUE(sent[0]["auth"].is_null());
  EXPECT_EQ(sent[0]["body"]["messages"][0]["role"], "user");  // no empty system message
}

TEST(OpenAiClient, LengthFinishReasonIsReported) {
  FakeProvider fake(json::array({{{"kind", "openai"}, {"chunks", {"cut"}}, {"finishReason", "length"}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  EXPECT_EQ(client.chat(sampleRequest(), {}, CancellationToken{}).finishReason, "length");
}

TEST(OpenAiClient, AcceptsAServerThatIgnoresStreaming) {
  json completion = {{"choices", {{{"index", 0},
                                   {"message", {{"role", "assistant"}, {"content", "whole answer"}}},
                                   {"finish_reason", "stop"}}}},
                     {"usage", {{"prompt_tokens", 7}, {"completion_tokens", 2}}}};
  FakeProvider fake(json::array({{{"kind", "openai"}, {"rawBody", completion.dump(2)}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  Deltas deltas;
  ChatResult r = client.chat(sampleRequest(), deltas.sink(), CancellationToken{});
  EXPECT_EQ(r.text, "whole answer");
  EXPECT_EQ(deltas.pieces, std::vector<std::string>{"whole answer"});
  EXPECT_EQ(r.usage.promptTokens, 7);
}

TEST(OpenAiClient, EmbeddingsComeBackInInputOrder) {
  FakeProvider fake(json::array({{{"kind", "embeddings"}, {"dimensions", 6}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  // The fake answers newest first; lengths identify each input's vector.
  auto vectors = client.embed({"a", "bbb", "cc"}, CancellationToken{});
  ASSERT_EQ(vectors.size(), 3u);
  EXPECT_EQ(vectors[0].size(), 6u);
  EXPECT_FLOAT_EQ(vectors[0][0], 1.0f);
  EXPECT_FLOAT_EQ(vectors[1][0], 3.0f);
  EXPECT_FLOAT_EQ(vectors[2][0], 2.0f);
  json sent = fake.requests();
  EXPECT_EQ(sent[0]["path"], "/v1/embeddings");
  EXPECT_EQ(sent[0]["body"]["model"], "fake-embedding");
  EXPECT_EQ(sent[0]["body"]["input"], json({"a", "bbb", "cc"}));
}

TEST(OpenAiClient, WrongEndpointIsABadResponseNamingTheBaseUrl) {
  FakeProvider fake(json::array({{{"kind", "anthropic"}}}));  // serves /v1/messages only
  OpenAiClient client(fake.config(ProviderKind::OpenAi));
  try {
    client.chat(sampleRequest(), {}, CancellationToken{});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "badResponse");
    EXPECT_NE(std::string(e.what()).find("base URL"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace grove::llm::test
