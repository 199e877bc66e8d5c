// $/cancelRequest during a streamed answer: the transfer stops at once, the
// request still gets its normal result (finishReason "cancelled") and the
// text that had arrived is kept as an interrupted answer.
#include <gtest/gtest.h>

#include <chrono>

#include "ChatFixture.h"
#include "Eventually.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

class Cancellation : public ChatFixture {};

TEST_F(Cancellation, CancelMidStreamKeepsThePartialAnswer) {
  // Two pieces, then silence until the client hangs up. The idle timeout is
  // far away, so only the cancellation can end this turn quickly.
  FakeProviderProcess fake(json::array({{{"chunks", {"The first half, ", "the second half, ", "never sent."}},
                                         {"stallAfterChunks", 2}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl(), {{"timeouts", {{"idleMs", 30000}}}}));
  startServer();

  std::string root = append("", "user", "Explain move semantics.");
  std::string answer = append(root, "assistant", "It transfers resources.");
  json id = rpc().send("grove/chat/send",
                       {{"projectId", projectId_}, {"parentId", answer}, {"content", "In more depth?"}});
  std::vector<json> seen;
  auto isStream = [](const json& n) { return n.value("method", "") == "grove/chat/didStream"; };
  for (int i = 0; i < 2; ++i) {
    auto n = rpc().waitForNotification(isStream, Millis(10000));
    ASSERT_TRUE(n.has_value()) << "stream piece " << i << " never arrived";
    seen.push_back(*n);
  }

  auto cancelledAt = std::chrono::steady_clock::now();
  rpc().notify("$/cancelRequest", {{"id", id}});
  Turn turn = finishTurn(id, seen, Millis(10000));
  auto latency = std::chrono::duration_cast<Millis>(std::chrono::steady_clock::now() - cancelledAt);

  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_LT(latency.count(), 2000) << "cancellation took " << latency.count() << " ms";
  const json& r = turn.result();
  EXPECT_EQ(r["finishReason"], "cancelled");
  EXPECT_EQ(turn.joined(), "The first half, the second half, ");
  EXPECT_EQ(r["assistantUnit"]["content"], "The first half, the second half, ");
  EXPECT_EQ(r["assistantUnit"]["status"], "interrupted");
  json stored = unit(r["assistantUnit"]["id"]);
  EXPECT_EQ(stored["content"], "The first half, the second half, ");
  EXPECT_EQ(stored["status"], "interrupted");
  EXPECT_EQ(unit(r["userUnit"]["id"])["content"], "In more depth?");

  // The server is not stuck behind the cancelled transfer.
  fake.setScript(json::array({{{"chunks", {"Fine again."}}}}));
  Turn next = say(r["assistantUnit"]["id"], "Continue.");
  ASSERT_TRUE(next.reply.contains("result")) << next.reply.dump();
  EXPECT_EQ(next.result()["assistantUnit"]["content"], "Fine again.");
}

TEST_F(Cancellation, CancelBeforeAnyTextKeepsTheUserMessage) {
  FakeProviderProcess fake(json::array({{{"hang", true}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl(), {{"timeouts", {{"idleMs", 30000}}}}));
  startServer();

  json id = rpc().send("grove/chat/send", {{"projectId", projectId_}, {"parentId", nullptr}, {"content", "Hello?"}});
  // Cancel only once the provider has the request, so the transfer really is
  // under way.
  ASSERT_TRUE(eventually([&] { return fake.requests().size() == 1; }, Millis(10000)));
  rpc().notify("$/cancelRequest", {{"id", id}});
  Turn turn = finishTurn(id, {}, Millis(5000));
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_EQ(turn.result()["finishReason"], "cancelled");
  EXPECT_TRUE(turn.deltas.empty());
  EXPECT_EQ(turn.result()["userUnit"]["content"], "Hello?");
  EXPECT_EQ(unit(turn.result()["userUnit"]["id"])["content"], "Hello?");
}

}  // namespace
}  // namespace grove::chat_test
