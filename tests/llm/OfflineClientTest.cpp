#include <gtest/gtest.h>

#include "ChatFixtures.h"
#include "llm/LlmClientFactory.h"
#include "llm/OfflineClient.h"

namespace grove::llm::test {
namespace {

TEST(OfflineClient, ReportsWhatTheModelWouldReceive) {
  ChatRequest req = sampleRequest();
  req.system += "\n[COMPLETED BRANCH EXPLORATIONS]\n- branch A: tried X.\n[not a header]";
  OfflineClient client;
  Deltas deltas;
  ChatResult r = client.chat(req, deltas.sink(), CancellationToken{});
  EXPECT_EQ(r.text.rfind("[offline provider]", 0), 0u) << r.text;
  EXPECT_NE(r.text.find("- mode: mainline\n"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("- messages: 3 (2 user, 1 assistant)\n"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("system prompt sections: [CURRENT CONTEXT STATUS], [COMPLETED BRANCH EXPLORATIONS]\n"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("- last message: \"And a capsule?\""), std::string::npos) << r.text;
  size_t messageBytes = 0;
  for (const auto& m : req.messages) messageBytes += m.content.size();
  const int expected = OfflineClient::estimateTokens(req.system.size()) + OfflineClient::estimateTokens(messageBytes);
  EXPECT_NE(r.text.find("- estimated tokens: " + std::to_string(expected) + " "), std::string::npos) << r.text;
  EXPECT_GT(deltas.pieces.size(), 2u);  // streamed in pieces, like a real provider
  std::string joined;
  for (const auto& p : deltas.pieces) joined += p;
  EXPECT_EQ(joined, r.text);
  EXPECT_EQ(r.finishReason, "stop");
}

TEST(OfflineClient, IsDeterministicAndFollowsItsInput) {
  OfflineClient client;
  ChatRequest req = sampleRequest();
  std::string a = client.chat(req, {}, CancellationToken{}).text;
  std::string b = client.chat(req, {}, CancellationToken{}).text;
  EXPECT_EQ(a, b);
  req.messages.pop_back();
  req.system = "no mode here";
  std::string c = client.chat(req, {}, CancellationToken{}).text;
  EXPECT_NE(c, a);
  EXPECT_NE(c.find("- mode: not stated\n"), std::string::npos) << c;
  EXPECT_NE(c.find("sections: none"), std::string::npos) << c;
}

TEST(OfflineClient, HonoursACancelAndHasNoEmbeddings) {
  OfflineClient client;
  CancellationToken cancel;
  cancel.cancel();
  try {
    client.chat(sampleRequest(), {}, cancel);
    ADD_FAILURE() << "expected a cancellation";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  }
  try {
    client.embed({"x"}, CancellationToken{});
    ADD_FAILURE() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "embeddingsUnsupported");
  }
}

TEST(OfflineClient, FactoryMakesItForTheDefaultConfig) {
  auto client = makeLlmClient(defaultsFor(ProviderKind::Offline, "offline"));
  ChatResult r = client->chat(sampleRequest(), {}, CancellationToken{});
  EXPECT_EQ(r.text.rfind("[offline provider]", 0), 0u);
}

}  // namespace
}  // namespace grove::llm::test
