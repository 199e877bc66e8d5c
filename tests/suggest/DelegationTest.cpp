// Delegation through grove/chat/send: a message that only asks for a
// structural action becomes a card, and the answer says so instead of
// inventing content (no model is called for it).
#include <gtest/gtest.h>

#include "FakeProviderProcess.h"
#include "SuggestServerFixture.h"

namespace grove::suggest_test {
namespace {

class Delegation : public SuggestServer {};

TEST_F(Delegation, EachPhraseProposesItsCardAndTheAnswerSaysSo) {
  fake_provider::FakeProviderProcess fake(json::array({{{"chunks", {"A model answer."}}}}));
  start(chat_test::openAiEnv(fake.baseUrl()));
  std::string tip = thread();
  // A side branch to go back from.
  std::string side = append(a1, "user", "What is a good recipe for sourdough bread with rye flour?", json::object());
  std::string sideAnswer = append(side, "assistant", "Use 20% rye and a long bulk fermentation.");
  fake.setScript(json::array({{{"chunks", {"A model answer."}}}}));

  struct Case {
    std::string parent, phrase, kind;
  };
  const Case cases[] = {{tip, "branch this off", "branch"},
                        {sideAnswer, "go back to the main thread", "return"},
                        {tip, "exclude the earlier schema discussion", "exclude"},
                        {tip, "save this as an SOP", "extract"}};
  for (const auto& c : cases) {
    json reply = sendTurn(c.parent, c.phrase);
    ASSERT_TRUE(reply.contains("result")) << c.phrase << ": " << reply;
    const json& r = reply["result"];
    EXPECT_EQ(r["finishReason"], "delegated") << c.phrase;
    std::string answer = r["assistantUnit"]["content"];
    EXPECT_NE(answer.find("proposed"), std::string::npos) << answer;
    EXPECT_NE(answer.find("Nothing has changed yet"), std::string::npos) << answer;
    ASSERT_TRUE(r.contains("suggestionId")) << c.phrase << ": " << r.dump();
    auto card = waitSuggestion("grove/suggestion/didCreate",
                               [&](const json& s) { return s.value("id", "") == r.value("suggestionId", "-"); });
    ASSERT_TRUE(card) << c.phrase;
    json s = (*card)["params"]["suggestion"];
    EXPECT_EQ(s["kind"], c.kind) << c.phrase;
    EXPECT_TRUE(s["delegated"].get<bool>()) << c.phrase;
    EXPECT_EQ(s["triggerUnitId"], r["userUnit"]["id"]);
  }
  // The return card points at the side branch and the path it left.
  auto ret = waitSuggestion("grove/suggestion/didCreate", [](const json& s) { return s["kind"] == "return"; });
  ASSERT_TRUE(ret);
  EXPECT_EQ((*ret)["params"]["suggestion"]["anchorIds"][0], side);
  // Nothing was answered by the model, and the structure agent was not asked
  // either (the memory agent may summarize the paths the sends switched).
  for (const auto& req : fake.requests()) {
    std::string system = req["body"]["messages"][0].value("content", "");
    EXPECT_EQ(system.find("You are the conversation agent of Grove"), std::string::npos) << req.dump();
    EXPECT_EQ(system.find("You are the structure agent of Grove"), std::string::npos) << req.dump();
  }
}

TEST_F(Delegation, AcceptingADelegatedReturnGoesBackAndCompletesTheBranch) {
  start();
  std::string tip = thread();
  std::string side = append(a1, "user", "What is a good recipe for sourdough bread with rye flour?", json::object());
  std::string sideAnswer = append(side, "assistant", "Use 20% rye and a long bulk fermentation.");
  json reply = sendTurn(sideAnswer, "go back to the main thread");
  std::string sid = reply["result"]["suggestionId"];
  json r = resolve(sid, "accept");
  EXPECT_EQ(r["changed"]["project"]["cursorId"], tip);
  json b = branch(side);
  EXPECT_EQ(b["status"], "completed");
  std::string summary = b["summary"];
  EXPECT_NE(summary.find("sourdough"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("Structure request"), std::string::npos) << "the request itself is not what the branch found";
}

}  // namespace
}  // namespace grove::suggest_test
