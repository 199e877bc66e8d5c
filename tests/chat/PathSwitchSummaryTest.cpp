// The memory agent on a path switch: moving the cursor from a branch back to
// the mainline writes the left branch's summary on its metadata; with a
// provider the utility model writes it (here: whatever the fake returned),
// offline an extractive one is written at once.
#include <gtest/gtest.h>

#include <sstream>

#include "ChatFixture.h"
#include "Eventually.h"
#include "ExpectedPrompts.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

size_t wordCount(const std::string& text) {
  std::istringstream in(text);
  size_t n = 0;
  for (std::string w; in >> w;) ++n;
  return n;
}

bool isSummaryChange(const json& n) {
  return n.value("method", "") == "grove/project/didChange" && n["params"].value("op", "") == "summary";
}

class PathSwitchSummary : public ChatFixture {
protected:
  /// m1 m2 on the mainline, b1 b2 a branch below m2; the cursor ends on b2.
  void buildTree() {
    m1 = append("", "user", "Plan a config loader for our C++ service.");
    m2 = append(m1, "assistant", "Use JSON with nlohmann/json and validate every field.");
    b1 = append(m2, "user", "Could YAML work instead?", json{{"title", "yaml"}});
    b2 = append(b1, "assistant", "Yes: yaml-cpp parses YAML, but JSON keeps the tooling simpler.");
  }
  void moveCursor(const std::string& to) {
    rpc().result("grove/project/setCursor", {{"projectId", projectId_}, {"cursorId", to}});
  }
  std::string m1, m2, b1, b2;
};

TEST_F(PathSwitchSummary, UtilityModelWritesTheLeftBranchSummary) {
  const std::string summary = "Asked whether YAML could replace JSON; takeaway: possible with yaml-cpp, JSON stays.";
  FakeProviderProcess fake(json::array({{{"chunks", {"Asked whether YAML could replace JSON; ",
                                                      "takeaway: possible with yaml-cpp, JSON stays."}}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl(), {{"model", "chat-model"}, {"utilityModel", "utility-model"}}));
  startServer();
  buildTree();
  EXPECT_TRUE(branch(b1)["summary"].is_null());

  moveCursor(m2);  // from the branch back to the mainline
  ASSERT_TRUE(eventually([&] { return branch(b1).value("summary", json()) == summary; }))
      << "branch summary: " << branch(b1).dump();
  EXPECT_TRUE(rpc().waitForNotification(isSummaryChange, Millis(5000)).has_value())
      << "no didChange with op summary";
  // Leaving a branch for the mainline does not rewrite the mainline's summary.
  EXPECT_TRUE(branch(m1)["summary"].is_null()) << branch(m1).dump();

  // One request, to the utility model, with the memory agent's branch prompt
  // and the branch's transcript only.
  json requests = fake.requests();
  ASSERT_EQ(requests.size(), 1u) << requests.dump();
  const json& body = requests[0]["body"];
  EXPECT_EQ(body["model"], "utility-model");
  ASSERT_GE(body["messages"].size(), 2u);
  EXPECT_EQ(body["messages"][0]["role"], "system");
  EXPECT_EQ(body["messages"][0]["content"].get<std::string>().find(filledPrompt("memory_branch")), 0u)
      << body["messages"][0]["content"];
  const std::string transcript = body["messages"].back()["content"];
  EXPECT_NE(transcript.find("Could YAML work instead?"), std::string::npos) << transcript;
  EXPECT_NE(transcript.find("yaml-cpp parses YAML"), std::string::npos) << transcript;
  EXPECT_EQ(transcript.find("Plan a config loader"), std::string::npos) << "the mainline leaked in: " << transcript;
}

TEST_F(PathSwitchSummary, EnteringABranchRefreshesTheMainlineSummary) {
  const std::string summary = "The user is building a C++ config loader; JSON with nlohmann/json was chosen.";
  FakeProviderProcess fake(json::array({{{"chunks", {summary}}}}));
  writeConfig(singleProviderConfig("openai", fake.baseUrl(), {{"model", "chat-model"}, {"utilityModel", "utility-model"}}));
  startServer();
  buildTree();
  moveCursor(m2);
  ASSERT_TRUE(eventually([&] { return !branch(b1)["summary"].is_null(); }));

  moveCursor(b2);  // from the mainline into the branch
  ASSERT_TRUE(eventually([&] { return branch(m1).value("summary", json()) == summary; }))
      << "mainline summary: " << branch(m1).dump();
  json last = fake.requests().back()["body"];
  EXPECT_EQ(last["model"], "utility-model");
  EXPECT_EQ(last["messages"][0]["content"].get<std::string>().find(filledPrompt("memory_mainline")), 0u);
}

TEST_F(PathSwitchSummary, OnDemandSummaryReturnsTheFakesText) {
  FakeProviderProcess fake(json::array({{{"chunks", {"Checked YAML; JSON stays."}}}}));
  writeConfig(singleProviderConfig("anthropic", fake.baseUrl(), {{"utilityModel", "utility-model"}}));
  startServer();
  buildTree();
  json b = rpc().result("grove/branch/summarize", {{"projectId", projectId_}, {"headId", b1}});
  EXPECT_EQ(b["headId"], b1);
  EXPECT_EQ(b["summary"], "Checked YAML; JSON stays.");
  EXPECT_EQ(branch(b1)["summary"], "Checked YAML; JSON stays.");
  EXPECT_EQ(fake.requests().at(0)["body"]["model"], "utility-model");
}

TEST_F(PathSwitchSummary, OfflineSummariesAreExtractiveAndImmediate) {
  startServer();
  buildTree();
  moveCursor(m2);
  // Offline the summary is stored before setCursor returns.
  json left = branch(b1);
  ASSERT_TRUE(left["summary"].is_string()) << left.dump();
  const std::string text = left["summary"];
  EXPECT_GT(wordCount(text), 0u);
  EXPECT_LE(wordCount(text), 30u) << text;
  // Extractive: made of the branch's own words.
  EXPECT_TRUE(text.find("YAML") != std::string::npos || text.find("yaml") != std::string::npos) << text;

  moveCursor(b2);
  json mainline = branch(m1);
  ASSERT_TRUE(mainline["summary"].is_string()) << mainline.dump();
  EXPECT_NE(mainline["summary"].get<std::string>().find("config loader"), std::string::npos) << mainline.dump();
}

}  // namespace
}  // namespace grove::chat_test
