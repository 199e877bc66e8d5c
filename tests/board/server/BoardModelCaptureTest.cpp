// The model path of grove/board/capture (issue 16): grove-server with
// grove-fake-provider on loopback as its provider. The utility model's
// analysis fills the item, its scores decide the placement where native
// sigma would have chosen otherwise, garbage or a stalled provider falls
// back to the native path without an error, and evolution comes after the
// reply as its own didChange.
#include <algorithm>
#include <chrono>

#include "BoardModelFixture.h"

namespace grove::chat_test {
namespace {

const std::string& kWs = kBoardWs;

class BoardModelCapture : public BoardModelFixture {
protected:
  /// Two groups by hand: A holds the Postgres pooling notes, B the toast notes.
  void twoGroups() {
    a1_ = note("Postgres connection pooling with pgbouncer in transaction mode for the API workers.");
    a2_ = note("The pgbouncer pool size for Postgres is twenty connections per API worker.");
    b1_ = note("Frontend toast notifications fade out after five seconds.");
    b2_ = note("Frontend toast styling uses the theme colours of the design system.");
    json made = rpc().result("grove/board/edit",
                             {{"workspaceUri", kWs},
                              {"ops", {{{"op", "Group"}, {"ref", "a"}, {"itemIds", {a1_, a2_}}, {"title", "Database"}},
                                       {{"op", "Group"}, {"ref", "b"}, {"itemIds", {b1_, b2_}}, {"title", "UI"}}}}});
    groupA_ = made["refs"]["a"];
    groupB_ = made["refs"]["b"];
  }

  /// The new item: about Postgres pooling, so native sigma picks group A.
  static constexpr const char* kPoolingNote =
      "pgbouncer transaction mode breaks prepared statements in Postgres connection pooling.";

  /// The capture's own calls (analysis, scores): a group the capture made
  /// or re-described is named in a call of its own after the reply
  /// (BoardModelGroupingTest), at a time these tests do not wait for.
  json captureRequests() {
    json out = json::array();
    for (const auto& r : chatRequests())
      if (r["body"].dump().find("Memories of the group") == std::string::npos) out.push_back(r);
    return out;
  }

  static double sigmaOf(const json& placement, const std::string& id) {
    for (const auto& r : placement["related"])
      if (r["itemId"] == id) return r["sigma"];
    return -1;
  }

  std::string a1_, a2_, b1_, b2_, groupA_, groupB_;
};

TEST_F(BoardModelCapture, TheModelsScoresPlaceWhereNativeSigmaWouldNot) {
  twoGroups();
  json scores = {{"scores",
                  {{{"id", b1_}, {"score", 0.9}},
                   {{"id", b2_}, {"score", 0.7}},
                   {{"id", a1_}, {"score", 0.2}},
                   {{"id", a2_}, {"score", 0.1}},  // under relatedFloor (.15): not related
                   {{"id", "m_invented"}, {"score", 0.99}},
                   {{"id", b1_}, {"score", 0.0}}}}};  // a repeated id keeps its first score
  fake_->setScript(json::array({answer("not an analysis"), answer(scores.dump())}));
  json r = capture({{"content", kPoolingNote}});
  const json& p = r["placement"];
  EXPECT_EQ(p["method"], "model");
  EXPECT_EQ(p["groupId"], groupB_) << p.dump();
  EXPECT_FALSE(p["created"]);
  EXPECT_NEAR(p["score"].get<double>(), 1.6, 1e-9);
  ASSERT_EQ(p["related"].size(), 3u) << p.dump();
  EXPECT_EQ(p["related"][0]["itemId"], b1_);
  EXPECT_DOUBLE_EQ(sigmaOf(p, b1_), 0.9);
  EXPECT_DOUBLE_EQ(sigmaOf(p, b2_), 0.7);
  EXPECT_DOUBLE_EQ(sigmaOf(p, a1_), 0.2);
  EXPECT_EQ(r["item"]["placement"]["method"], "model");
  EXPECT_EQ(r["evolution"], nullptr) << "the model path evolves after the reply";

  // Two calls: the analysis, then the scores of the candidates, each named
  // by its id in the prompt.
  json asked = captureRequests();
  ASSERT_EQ(asked.size(), 2u);
  const std::string scoring = asked[1]["body"].dump();
  for (const auto& id : {a1_, a2_, b1_, b2_}) EXPECT_NE(scoring.find("[id: " + id), std::string::npos) << id;
  EXPECT_NE(scoring.find("how related a new item"), std::string::npos) << "the scoring prompt";
}

TEST_F(BoardModelCapture, GarbageScoresPlaceByNativeSigmaWithoutAnError) {
  twoGroups();
  fake_->setScript(json::array({answer("not an analysis"), answer("[{\"id\": 3, \"score\": \"high\"}]")}));
  json r = capture({{"content", kPoolingNote}});
  EXPECT_EQ(r["placement"]["method"], "native");
  EXPECT_EQ(r["placement"]["groupId"], groupA_) << "native sigma: the pooling notes";
  EXPECT_GT(sigmaOf(r["placement"], a1_), 0);
  EXPECT_EQ(captureRequests().size(), 2u) << "the scores were asked for, and refused";
}

TEST_F(BoardModelCapture, TheModelsAnalysisFillsTheItemAndTheUsersTitleWins) {
  json analysis = {{"title", "Pool mode and prepared statements"},
                   {"summary", "Transaction pooling cannot keep prepared statements."},
                   {"tags", {"PgBouncer", "postgres", "pgbouncer", " "}},
                   {"context", "From the database runbook."}};
  // The first board capture has no candidates: one call, fenced as models do.
  fake_->setScript(json::array({answer("```json\n" + analysis.dump() + "\n```")}));
  json item = capture({{"content", kPoolingNote}})["item"];
  EXPECT_EQ(item["title"], "Pool mode and prepared statements");
  EXPECT_EQ(item["summary"], "Transaction pooling cannot keep prepared statements.");
  EXPECT_EQ(item["tags"], json::array({"pgbouncer", "postgres"}));
  EXPECT_EQ(item["context"], "From the database runbook.");
  EXPECT_EQ(item["userEdited"], json::array());
  // The item made a group: after the reply the model names it (the script's
  // last answer repeats, so the analysis's title and summary name it).
  auto named = rpc().waitForNotification([](const json& n) {
    return n.value("method", "") == "grove/board/didChange" && n["params"].value("op", "") == "evolve";
  });
  ASSERT_TRUE(named) << "no evolve didChange naming the new group";
  EXPECT_EQ((*named)["params"]["groupIds"], json::array({item["groupId"]}));
  EXPECT_EQ(chatRequests().size(), 2u) << "the analysis, then the group's name";

  // A title the user gave is kept; the other fields still come from the model.
  json partial = {{"title", "A model title"}, {"tags", {"pooling"}}, {"summary", 42}};
  fake_->setScript(json::array({answer(partial.dump()), answer("{\"scores\": []}")}));
  json mine = capture({{"content", "Set server_reset_query for session pooling."}, {"title", "Reset query"}})["item"];
  EXPECT_EQ(mine["title"], "Reset query");
  EXPECT_EQ(mine["userEdited"], json::array({"title"}));
  EXPECT_EQ(mine["tags"], json::array({"pooling"}));
  EXPECT_FALSE(mine["summary"].get<std::string>().empty()) << "a mistyped field is the offline one";
  EXPECT_EQ(mine["placement"]["method"], "model");
  EXPECT_TRUE(mine["placement"]["created"]) << "scored unrelated to everything: a group of its own";
}

TEST_F(BoardModelCapture, AStalledProviderStillAnswersInTimeWithTheOfflineAnalysis) {
  server_.reset();
  writeConfig(singleProviderConfig("openai", fake_->baseUrl(), {{"timeouts", {{"idleMs", 1000}}}}));
  startServer();
  note("Postgres connection pooling with pgbouncer in transaction mode.");
  fake_->setScript(json::array({{{"hang", true}}}));
  auto t0 = std::chrono::steady_clock::now();
  json r = capture({{"content", "pgbouncer transaction mode\nbreaks prepared statements."}});
  auto took = std::chrono::steady_clock::now() - t0;
  EXPECT_EQ(r["item"]["title"], "pgbouncer transaction mode") << "the offline title: the first line";
  EXPECT_EQ(r["placement"]["method"], "native");
  // Both calls were made and both stalled.
  EXPECT_EQ(captureRequests().size(), 2u);
  // Two calls, each ended by the configured idle timeout (1 s), well before
  // the capture's own limit (10 s).
  EXPECT_LT(took, std::chrono::seconds(6));
}

TEST_F(BoardModelCapture, EvolutionComesAfterTheReplyAsItsOwnChange) {
  twoGroups();
  json scores = {{"scores", {{{"id", b1_}, {"score", 0.9}}, {{"id", b2_}, {"score", 0.3}}}}};
  json analysis = {{"title", "Toast timing"}, {"tags", {"toast", "timing"}}};
  fake_->setScript(json::array({answer(analysis.dump()), answer(scores.dump())}));
  rpc().takeNotifications();
  json r = capture({{"content", "Toasts should stay longer on slow devices."}});
  EXPECT_EQ(r["evolution"], nullptr);
  std::string id = r["item"]["id"];
  auto boardOp = [](const std::string& op) {
    return [op](const json& n) {
      return n.value("method", "") == "grove/board/didChange" && n["params"].value("op", "") == op;
    };
  };
  auto captured = rpc().waitForNotification(boardOp("capture"));
  ASSERT_TRUE(captured);
  EXPECT_EQ((*captured)["params"]["itemIds"][0], id);
  auto evolved = rpc().waitForNotification(boardOp("evolve"));
  ASSERT_TRUE(evolved) << "no evolve didChange";
  EXPECT_EQ((*evolved)["params"]["itemIds"], json::array({b1_})) << "only sigma >= evolveScore (.5) evolves";
  EXPECT_GT((*evolved)["params"]["revision"].get<int>(), (*captured)["params"]["revision"].get<int>());
  json board = rpc().result("grove/board/get", {{"workspaceUri", kWs}});
  for (const auto& item : board["items"]) {
    if (item["id"] != b1_) continue;
    EXPECT_NE(item["context"].get<std::string>().find("Related: Toast timing."), std::string::npos);
    // m's tags that occur in its text ("toast" does; "timing" does not).
    const json& tags = item["tags"];
    EXPECT_NE(std::find(tags.begin(), tags.end(), "toast"), tags.end()) << tags.dump();
    EXPECT_EQ(std::find(tags.begin(), tags.end(), "timing"), tags.end()) << tags.dump();
    ASSERT_FALSE(item["badges"].empty());
    EXPECT_EQ(item["badges"][0]["kind"], "updated");
    EXPECT_EQ(item["badges"][0]["byItemId"], id);
  }
}

}  // namespace
}  // namespace grove::chat_test
