// With nothing configured, chat turns go to the offline provider: no
// network, a deterministic answer that reports what a model would have been
// given, so scope control is visible without a key.
#include <gtest/gtest.h>

#include "ChatFixture.h"

namespace grove::chat_test {
namespace {

class OfflineProvider : public ChatFixture {};

TEST_F(OfflineProvider, AnswersWithAReportOfTheScope) {
  startServer();  // no provider variables, an empty config home
  std::string m1 = append("", "user", "How do I read a config file in C++?");
  std::string m2 = append(m1, "assistant", "Pick a format first.");
  std::string x1 = append(m2, "user", "What about XML?", json{{"title", "xml"}});
  std::string x2 = append(x1, "assistant", "pugixml.");
  std::string m3 = append(m2, "user", "Unrelated: what is 2 + 2?");
  std::string m4 = append(m3, "assistant", "Use nlohmann/json.");
  rpc().result("grove/unit/setScope", {{"unitIds", {m3}}, {"scope", "excluded"}});
  rpc().result("grove/unit/setScope", {{"unitIds", {x1}}, {"scope", "included"}});

  Turn turn = say(m4, "Does it handle comments?");
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  const std::string answer = turn.result()["assistantUnit"]["content"];
  EXPECT_EQ(answer.rfind("[offline provider]", 0), 0u) << answer;
  // m1 m2 x1 m4 and the new message; m3 excluded on the path; x1 included.
  EXPECT_NE(answer.find("units in scope: 5; excluded on this path: 1; included from other paths: 1"),
            std::string::npos)
      << answer;
  EXPECT_NE(answer.find("- mode: mainline"), std::string::npos) << answer;
  EXPECT_EQ(turn.result()["assistantUnit"]["status"], "complete");
  EXPECT_EQ(turn.joined(), answer) << "the offline answer streams like any other";

  // Deterministic: another answer to the same message says the same.
  json id = rpc().send("grove/chat/regenerate", {{"unitId", turn.result()["assistantUnit"]["id"]}});
  Turn regenerated = finishTurn(id);
  ASSERT_TRUE(regenerated.reply.contains("result")) << regenerated.reply.dump();
  EXPECT_EQ(regenerated.result()["assistantUnit"]["content"], answer);
  EXPECT_NE(regenerated.result()["assistantUnit"]["id"], turn.result()["assistantUnit"]["id"]);

  // A branch turn says so.
  Turn side = send({{"parentId", m4}, {"content", "Side question."}, {"branch", {{"title", "side"}}}});
  ASSERT_TRUE(side.reply.contains("result")) << side.reply.dump();
  EXPECT_NE(side.result()["assistantUnit"]["content"].get<std::string>().find("- mode: branch"), std::string::npos)
      << side.result()["assistantUnit"]["content"];
}

TEST_F(OfflineProvider, IsTheOnlyListedProviderAndHasNoKey) {
  startServer();
  json providers = rpc().result("grove/provider/list")["providers"];
  ASSERT_EQ(providers.size(), 1u) << providers.dump();
  EXPECT_EQ(providers[0]["kind"], "offline");
  EXPECT_EQ(providers[0]["active"], true);
  EXPECT_EQ(providers[0]["hasKey"], false);
  EXPECT_EQ(providers[0]["state"], "ready");
}

TEST_F(OfflineProvider, AKeyAloneDoesNotLeaveOffline) {
  // Exporting a key for other tools must not send conversations anywhere.
  startServer({{"OPENAI_API_KEY", "sk-test-not-used"}});
  Turn turn = say("", "hello");
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_EQ(turn.result()["assistantUnit"]["content"].get<std::string>().rfind("[offline provider]", 0), 0u);
}

}  // namespace
}  // namespace grove::chat_test
