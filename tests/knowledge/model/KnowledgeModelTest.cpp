// The model path of grove/knowledge/ask and classify (issue 17, checklist
// 19-32): grove-server with grove-fake-provider on loopback as its provider.
// An edit the offline parser cannot read is planned by the model; a bad op
// is corrected, a plan whose corrections run out is replanned, and what never
// works (or never answers) is a clear failure that changes nothing. The
// Oracle routes inputs, and anything unusable falls back to the native
// classifier. On an ingested workspace: suggest's children and a search's
// answer written by the model, judged, with the offline result as the
// fallback. $/cancelRequest stops an ask's model calls and changes nothing.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "ChatFixture.h"
#include "Eventually.h"
#include "FakeProvider.h"
#include "../HistoryDocument.h"

namespace grove::chat_test {
namespace {

using grove::test::kHistory;

const std::string kWs = "file:///home/ana/pager";
// No structured form the offline parser knows: only a model can plan it.
const std::string kFreeform = "the store really belongs beneath a new caching topic inside the engine";

json answer(const std::string& body) { return {{"chunks", {body}}}; }
json answerJson(const json& body) { return answer(body.dump()); }

json reparent(const std::string& id, const std::string& parent) {
  return {{"op", "Reparent"}, {"id", id}, {"parentId", parent}};
}

class KnowledgeModel : public ChatFixture {
protected:
  void SetUp() override {
    fake_ = std::make_unique<FakeProviderProcess>(json::array({answer("I cannot help with that.")}));
    writeConfig(singleProviderConfig("openai", fake_->baseUrl()));
    startServer();
    // Core > Engine, and Store at the top.
    json r = rpc().result("grove/knowledge/edit",
                          {{"workspaceUri", kWs},
                           {"ops",
                            {{{"op", "AddNode"}, {"ref", "c"}, {"title", "Core"}, {"parentId", nullptr}},
                             {{"op", "AddNode"}, {"ref", "e"}, {"title", "Engine"}, {"parentId", "$c"}},
                             {{"op", "AddNode"}, {"ref", "s"}, {"title", "Store"}, {"parentId", nullptr}}}}});
    core_ = r["refs"]["c"];
    engine_ = r["refs"]["e"];
    store_ = r["refs"]["s"];
  }

  void TearDown() override {
    ChatFixture::TearDown();
    fake_.reset();
  }

  json ask(json params) {
    params["workspaceUri"] = kWs;
    return rpc().result("grove/knowledge/ask", params, Millis(30000));
  }

  json map() {
    return rpc().result("grove/knowledge/get", {{"workspaceUri", kWs}, {"include", {"outline"}}});
  }

  size_t chatCalls() {
    size_t n = 0;
    for (const auto& r : fake_->requests())
      if (r.value("path", "") == "/v1/chat/completions") ++n;
    return n;
  }

  /// The plan that adds Caching under Engine and moves Store under it, with
  /// the move naming a node that does not exist.
  json badPlan() const {
    return {{"ops",
             {{{"op", "AddNode"}, {"ref", "k"}, {"title", "Caching"}, {"parentId", engine_}},
              reparent("nMissing", "$k")}}};
  }

  std::unique_ptr<FakeProviderProcess> fake_;
  std::string core_, engine_, store_;
};

TEST_F(KnowledgeModel, ABadOpIsCorrectedAndThePlanCommitsAsOneUndoEntry) {
  json before = map();
  fake_->setScript(json::array({answerJson(badPlan()), answerJson(json{{"op", reparent(store_, "$k")}})}));
  json turn = ask({{"input", kFreeform}, {"intent", "edit"}});
  ASSERT_EQ(turn["failure"], nullptr) << turn.dump();
  const json& attempts = turn["plan"]["attempts"];
  ASSERT_EQ(attempts.size(), 2u) << turn.dump();
  EXPECT_EQ(attempts[0]["opIndex"], 1);
  EXPECT_EQ(attempts[0]["error"], "node not found: nMissing");
  EXPECT_EQ(attempts[0]["ops"][1]["id"], "nMissing");
  EXPECT_EQ(attempts[1]["opIndex"], -1);
  EXPECT_EQ(attempts[1]["error"], "");
  EXPECT_EQ(turn["plan"]["ops"][1]["id"], store_);
  EXPECT_EQ(turn["message"], "Added Caching under Engine. Moved Store under Caching.");
  EXPECT_EQ(turn["change"]["revision"], before["knowledge"]["revision"].get<int>() + 1) << "one entry for both ops";
  EXPECT_EQ(turn["change"]["op"], "ask");
  EXPECT_EQ(chatCalls(), 2u) << "the plan, then one correction";

  // The correction request named the failed op and its error.
  std::string correction = fake_->requests().back()["body"].dump();
  EXPECT_NE(correction.find("Failed op: 1"), std::string::npos);
  EXPECT_NE(correction.find("node not found: nMissing"), std::string::npos);

  json after = map();
  EXPECT_NE(after["outline"].get<std::string>().find("Caching"), std::string::npos);
  rpc().result("grove/knowledge/undo", {{"workspaceUri", kWs}});
  EXPECT_EQ(map()["outline"], before["outline"]) << "one undo restores the map";
}

TEST_F(KnowledgeModel, PlansThatNeverWorkFailAfterTheCorrectionsAndReplansAndChangeNothing) {
  json before = map();
  // The defaults: 5 corrections per op, 3 replans. Every plan and every
  // correction names a missing node.
  json script = json::array();
  for (int plan = 0; plan < 4; ++plan) {
    script.push_back(answerJson(badPlan()));
    for (int fix = 0; fix < 5; ++fix) script.push_back(answerJson(json{{"op", reparent("nGone" + std::to_string(fix), "$k")}}));
  }
  fake_->setScript(script);
  json turn = ask({{"input", kFreeform}, {"intent", "edit"}});
  ASSERT_NE(turn["failure"], nullptr) << turn.dump();
  EXPECT_EQ(turn["failure"]["kind"], "opFailed");
  EXPECT_NE(turn["message"].get<std::string>().find("Nothing was changed"), std::string::npos) << turn["message"];
  EXPECT_EQ(turn["change"], nullptr);
  EXPECT_EQ(turn["plan"]["attempts"].size(), 24u) << "(1 plan + 5 corrections) x (1 + 3 replans)";
  EXPECT_EQ(chatCalls(), 24u);
  for (const auto& a : turn["plan"]["attempts"]) EXPECT_EQ(a["opIndex"], 1);
  // A replan lists what failed before.
  std::string replan = fake_->requests()[6]["body"].dump();
  EXPECT_NE(replan.find("Earlier attempts failed"), std::string::npos);
  json after = map();
  EXPECT_EQ(after["knowledge"]["revision"], before["knowledge"]["revision"]);
  EXPECT_EQ(after["outline"], before["outline"]);
}

TEST_F(KnowledgeModel, GarbageRepliesAreFailedAttemptsNotCrashes) {
  json good = {{"ops", {{{"op", "AddNode"}, {"ref", "k"}, {"title", "Caching"}, {"parentId", engine_}},
                        reparent(store_, "$k")}}};
  fake_->setScript(json::array({answer("Sure! Here is the plan: move things."),  // not JSON: replan
                                answerJson(badPlan()),
                                answer(R"({"op": {"op": "Reparent"}})"),  // a correction without an id
                                answer("```json\n" + json{{"op", reparent(store_, "$k")}}.dump() + "\n```")}));
  json turn = ask({{"input", kFreeform}, {"intent", "edit"}});
  ASSERT_EQ(turn["failure"], nullptr) << turn.dump();
  const json& attempts = turn["plan"]["attempts"];
  ASSERT_EQ(attempts.size(), 4u) << turn.dump();
  EXPECT_EQ(attempts[0]["opIndex"], -1);
  EXPECT_EQ(attempts[0]["error"], "the reply was not a plan (not JSON)");
  EXPECT_EQ(attempts[1]["error"], "node not found: nMissing");
  EXPECT_EQ(attempts[2]["opIndex"], 1);
  EXPECT_EQ(attempts[2]["error"], "the correction was not an op (missing id)");
  EXPECT_EQ(attempts[3]["error"], "");
  EXPECT_NE(turn["change"], nullptr);

  // Only garbage: every plan fails to read, then a clear failure.
  json rev = map()["knowledge"]["revision"];
  fake_->setScript(json::array({answer("[1, 2, 3]")}));
  turn = ask({{"input", kFreeform}, {"intent", "edit"}});
  ASSERT_NE(turn["failure"], nullptr);
  EXPECT_EQ(turn["plan"]["attempts"].size(), 4u) << "the plan and 3 replans";
  EXPECT_EQ(map()["knowledge"]["revision"], rev);
}

TEST_F(KnowledgeModel, AStalledProviderEndsInAFailureNotAHang) {
  server_.reset();
  writeConfig(singleProviderConfig("openai", fake_->baseUrl(), {{"timeouts", {{"idleMs", 1000}}}}));
  startServer();
  json rev = map()["knowledge"]["revision"];
  fake_->setScript(json::array({{{"hang", true}}}));
  auto t0 = std::chrono::steady_clock::now();
  json turn = ask({{"input", kFreeform}, {"intent", "edit"}});
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
  ASSERT_NE(turn["failure"], nullptr) << turn.dump();
  EXPECT_NE(turn["message"].get<std::string>().find("the model did not answer"), std::string::npos) << turn["message"];
  EXPECT_EQ(map()["knowledge"]["revision"], rev);
}

TEST_F(KnowledgeModel, PreviewPlansAndWaitsAsACard) {
  json rev = map()["knowledge"]["revision"];
  json good = {{"ops", {{{"op", "AddNode"}, {"title", "Caching"}, {"parentId", engine_}}}}};
  fake_->setScript(json::array({answerJson(good)}));
  json turn = ask({{"input", kFreeform}, {"intent", "edit"}, {"preview", true}});
  EXPECT_EQ(turn["message"], "Would do: Added Caching under Engine.");
  EXPECT_EQ(turn["change"], nullptr);
  EXPECT_EQ(map()["knowledge"]["revision"], rev);
  // The model's plan waits as a knowledgeEdit card, as the native one does.
  ASSERT_TRUE(turn["plan"]["suggestionId"].is_string()) << turn.dump();
  json cards = rpc().result("grove/suggestion/list", {{"workspaceUri", kWs}, {"kind", "knowledgeEdit"}});
  ASSERT_EQ(cards["suggestions"].size(), 1u);
  EXPECT_EQ(cards["suggestions"][0]["ops"][0]["title"], "Caching");
}

TEST_F(KnowledgeModel, StructuredEditsStayNativeWithAProvider) {
  fake_->setScript(json::array({answer(R"({"label": "edit", "confidence": 0.9, "rewritten": "add Cache under Engine"})")}));
  json turn = ask({{"input", "add Cache under Engine"}});
  EXPECT_EQ(turn["intent"]["source"], "model");
  EXPECT_EQ(turn["message"], "Added Cache under Engine.");
  EXPECT_EQ(turn["plan"]["attempts"], json::array());
  EXPECT_EQ(chatCalls(), 1u) << "the Oracle only: the offline parser made the ops";
}

TEST_F(KnowledgeModel, TheOracleClassifiesAndGarbageFallsBackToNative) {
  fake_->setScript(json::array(
      {answer(R"({"label": "expansion", "confidence": 0.8, "rewritten": "What are the sub-topics of Engine?"})")}));
  json intent = rpc().result("grove/knowledge/classify",
                             {{"workspaceUri", kWs}, {"input", "open this one up"}, {"nodeId", engine_}});
  EXPECT_EQ(intent["source"], "model");
  EXPECT_EQ(intent["label"], "expansion");
  EXPECT_DOUBLE_EQ(intent["confidence"].get<double>(), 0.8);
  EXPECT_EQ(intent["rewritten"], "What are the sub-topics of Engine?");
  EXPECT_EQ(intent["nodeId"], engine_) << "\"this\" is the selected node";
  EXPECT_NE(fake_->requests().back()["body"].dump().find("Selected node: Engine"), std::string::npos);

  for (const char* garbage : {"expansion!", R"({"label": "destroy", "rewritten": "x"})",
                              R"({"label": "search", "confidence": 7, "rewritten": "x"})",
                              R"({"label": "search", "rewritten": "  "})"}) {
    fake_->setScript(json::array({answer(std::string(garbage))}));
    json native = rpc().result("grove/knowledge/classify",
                               {{"workspaceUri", kWs}, {"input", "what does the engine do?"}});
    EXPECT_EQ(native["source"], "native") << garbage;
    EXPECT_EQ(native["label"], "search") << garbage;
  }

  // ask routes by the Oracle too.
  fake_->setScript(json::array(
      {answer(R"({"label": "search", "confidence": 0.9, "rewritten": "What does the Engine do?"})")}));
  json turn = rpc().result("grove/knowledge/ask", {{"workspaceUri", kWs}, {"input", "and this?"}, {"nodeId", engine_}});
  EXPECT_EQ(turn["intent"]["source"], "model");
  EXPECT_EQ(turn["intent"]["label"], "search");
  EXPECT_NE(turn["answer"], nullptr);
}

TEST_F(KnowledgeModel, CancellingAPlanningAskAnswersCancelledAndChangesNothing) {
  json rev = map()["knowledge"]["revision"];
  fake_->setScript(json::array({{{"hang", true}}}));
  json id = rpc().send("grove/knowledge/ask", {{"workspaceUri", kWs}, {"input", kFreeform}, {"intent", "edit"}});
  ASSERT_TRUE(eventually([&] { return chatCalls() == 1; }, Millis(10000))) << "the planner never called";
  auto cancelledAt = std::chrono::steady_clock::now();
  rpc().notify("$/cancelRequest", {{"id", id}});
  // Well before the provider's 5 s idle limit would end the call.
  json reply = rpc().waitResponse(id, Millis(4000));
  EXPECT_LT(std::chrono::steady_clock::now() - cancelledAt, std::chrono::seconds(3));
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], -32800);
  EXPECT_EQ(chatCalls(), 1u) << "no correction or replan after the cancel";
  EXPECT_EQ(map()["knowledge"]["revision"], rev);
  json turns = rpc().result("grove/knowledge/get", {{"workspaceUri", kWs}, {"include", {"turns"}}})["turns"];
  EXPECT_TRUE(turns.empty()) << "a cancelled ask is not a turn";

  // The next ask plans as usual.
  json good = {{"ops", {{{"op", "AddNode"}, {"title", "Caching"}, {"parentId", engine_}}}}};
  fake_->setScript(json::array({answerJson(good)}));
  json turn = ask({{"input", kFreeform}, {"intent", "edit"}});
  EXPECT_EQ(turn["message"], "Added Caching under Engine.");
}

/// The same server on a workspace of real documents, ingested.
class KnowledgeModelDocs : public KnowledgeModel {
protected:
  void SetUp() override {
    KnowledgeModel::SetUp();
    std::filesystem::path docs = dir_.path() / "ws" / "docs";
    std::filesystem::create_directories(docs);
    std::ofstream(docs / "history.md") << kHistory;
    ws_ = "file://" + (dir_.path() / "ws").string();
    json ingested = rpc().result("grove/knowledge/ingest", {{"workspaceUri", ws_}}, Millis(30000));
    ASSERT_EQ(ingested["documents"], 1) << ingested.dump();
    json r = rpc().result("grove/knowledge/edit",
                          {{"workspaceUri", ws_},
                           {"ops", {{{"op", "AddNode"}, {"ref", "h"}, {"title", "History"}, {"parentId", nullptr}}}}});
    history_ = r["refs"]["h"];
  }

  json suggest(int limit) {
    return rpc().result("grove/knowledge/suggest", {{"workspaceUri", ws_}, {"nodeId", history_}, {"limit", limit}},
                        Millis(30000))["suggestions"];
  }

  json search(const std::string& input) {
    return rpc().result("grove/knowledge/ask", {{"workspaceUri", ws_}, {"input", input}, {"intent", "search"}},
                        Millis(30000));
  }

  json revision() {
    return rpc().result("grove/knowledge/get", {{"workspaceUri", ws_}, {"include", json::array()}})["knowledge"]
        ["revision"];
  }

  /// The user message of the `i`-th model request.
  std::string prompt(size_t i) {
    json requests = fake_->requests();
    for (const auto& m : requests.at(i)["body"]["messages"])
      if (m["role"] == "user") return m["content"];
    return "";
  }

  /// The title the prompt gives passage `n`: "[n] <title>" up to the line's end.
  static std::string passageTitle(const std::string& prompt, int n) {
    std::string mark = "[" + std::to_string(n) + "] ";
    size_t at = prompt.find(mark);
    if (at == std::string::npos) return "";
    at += mark.size();
    return prompt.substr(at, prompt.find('\n', at) - at);
  }

  std::string ws_, history_;
};

json child(const std::string& title, const std::string& relation, const std::string& details, int source) {
  return {{"title", title}, {"relation", relation}, {"details", details}, {"source", source}};
}

TEST_F(KnowledgeModelDocs, SuggestWithAModelOffersItsGroundedChildrenOnceAndFallsBackOffline) {
  json reply = {{"children",
                 {child("Entry images", "holds", "Each entry keeps the images before and after a call.", 2),
                  child("Quantum undo", "includes", "Not in any passage.", 42),
                  child("history", "includes", "The node itself.", 1),
                  child("entry IMAGES", "includes", "Twice.", 3),
                  child("Snapshot cadence", "", "", 1)}}};
  fake_->setScript(json::array({answerJson(reply)}));
  json cards = suggest(5);
  ASSERT_EQ(chatCalls(), 1u);
  std::string asked = prompt(0);
  EXPECT_NE(asked.find("Node: History"), std::string::npos) << asked;
  EXPECT_NE(asked.find("Existing children: none"), std::string::npos);
  EXPECT_NE(asked.find("Already proposed: none"), std::string::npos);
  EXPECT_NE(asked.find("Propose at most: 5"), std::string::npos);
  ASSERT_EQ(cards.size(), 2u) << cards.dump();
  EXPECT_EQ(cards[0]["title"], "Entry images");
  EXPECT_EQ(cards[0]["relation"], "holds");
  EXPECT_EQ(cards[0]["ops"][0]["origin"], "model");
  EXPECT_EQ(cards[0]["ops"][0]["details"], "Each entry keeps the images before and after a call.");
  EXPECT_EQ(cards[0]["ops"][0]["parentId"], history_);
  ASSERT_EQ(cards[0]["citations"].size(), 1u);
  EXPECT_EQ(cards[0]["citations"][0]["uri"], ws_ + "/docs/history.md");
  EXPECT_EQ(cards[0]["citations"][0]["title"], passageTitle(asked, 2)) << "the passage it named";
  EXPECT_EQ(cards[1]["title"], "Snapshot cadence");
  EXPECT_EQ(cards[1]["relation"], "includes");
  EXPECT_EQ(cards[1]["citations"][0]["title"], passageTitle(asked, 1));

  // Accepting adds a model child citing its passage.
  json accepted = rpc().result("grove/suggestion/resolve", {{"suggestionId", cards[0]["id"]}, {"decision", "accept"}});
  json graph = rpc().result("grove/knowledge/get", {{"workspaceUri", ws_}});
  bool found = false;
  for (const auto& n : graph["nodes"])
    if (n["title"] == "Entry images") {
      found = true;
      EXPECT_EQ(n["origin"], "model");
      EXPECT_EQ(n["sources"].size(), 1u);
    }
  EXPECT_TRUE(found) << graph.dump();

  // The same children again: all taken now, so the reply is unusable, asked
  // once more with why, then the offline candidates answer.
  fake_->setScript(json::array({answerJson(reply)}));
  cards = suggest(5);
  ASSERT_EQ(chatCalls(), 2u);
  asked = prompt(0);
  EXPECT_NE(asked.find("Existing children: Entry images"), std::string::npos) << asked;
  std::string proposed = asked.substr(asked.find("Already proposed: "));
  proposed = proposed.substr(0, proposed.find('\n'));
  EXPECT_NE(proposed.find("Entry images"), std::string::npos) << asked;
  EXPECT_NE(proposed.find("Snapshot cadence"), std::string::npos) << asked;
  EXPECT_NE(fake_->requests()[1]["body"].dump().find("could not be used"), std::string::npos);
  ASSERT_FALSE(cards.empty());
  for (const auto& c : cards) {
    EXPECT_EQ(c["ops"][0]["origin"], "document") << c.dump();
    EXPECT_NE(c["title"], "Entry images");
    EXPECT_NE(c["title"], "Snapshot cadence");
  }
}

TEST_F(KnowledgeModelDocs, ASearchIsAnsweredByTheModelFromTheKeptChunksOnly) {
  fake_->setScript(json::array({answer("The undo log keeps one entry per call, with both images [1].")}));
  json turn = search("What does the undo log keep?");
  ASSERT_EQ(chatCalls(), 1u) << "the answer only: the intent was given";
  std::string asked = prompt(0);
  EXPECT_NE(asked.find("Question: "), std::string::npos) << asked;
  const json& a = turn["answer"];
  EXPECT_EQ(a["text"], "The undo log keeps one entry per call, with both images [1].");
  // The map grows from the model's answer, after it (growOnSearch).
  std::string message = turn["message"];
  EXPECT_EQ(message.rfind(a["text"].get<std::string>(), 0), 0u) << message;
  EXPECT_NE(message.find("Added to the map"), std::string::npos) << message;
  EXPECT_NE(turn["change"], nullptr);
  EXPECT_EQ(a["known"], true);
  ASSERT_EQ(a["citations"].size(), 1u);
  EXPECT_EQ(a["citations"][0]["title"], passageTitle(asked, 1));
  // The model graded the chunks: only the one it cited is still kept.
  json kept = json::array();
  for (const auto& c : a["chunks"])
    if (c["kept"] == true) kept.push_back(c["citation"]);
  EXPECT_EQ(kept, a["citations"]);
}

TEST_F(KnowledgeModelDocs, TheModelNotKnowingIsIDontKnowAndAnUnusableAnswerKeepsTheExtractiveOne) {
  fake_->setScript(json::array({answer("I don't know.")}));
  json turn = search("What does the undo log keep?");
  EXPECT_EQ(turn["answer"]["known"], false);
  EXPECT_EQ(turn["message"], "I don't know");
  EXPECT_EQ(turn["answer"]["citations"], json::array());
  EXPECT_FALSE(turn["answer"]["chunks"].empty());
  for (const auto& c : turn["answer"]["chunks"]) EXPECT_EQ(c["kept"], false);

  fake_->setScript(json::array({answer("The log keeps everything forever [9].")}));
  turn = search("What does the undo log keep?");
  EXPECT_EQ(chatCalls(), 1u) << "no second try: the extractive answer is already grounded";
  EXPECT_EQ(turn["answer"]["known"], true);
  EXPECT_EQ(turn["message"].get<std::string>().find("forever"), std::string::npos) << turn["message"];
  EXPECT_NE(turn["message"].get<std::string>().find("[1]"), std::string::npos) << turn["message"];
  EXPECT_FALSE(turn["answer"]["citations"].empty());

  // Nothing kept: no model call, exactly "I don't know".
  fake_->setScript(json::array({answer("Mercury boils at 357 degrees [1].")}));
  turn = search("What is the boiling point of mercury?");
  EXPECT_EQ(chatCalls(), 0u);
  EXPECT_EQ(turn["message"], "I don't know");
}

TEST_F(KnowledgeModelDocs, CancellingWhileTheModelAnswersChangesNothing) {
  json rev = revision();
  fake_->setScript(json::array({{{"hang", true}}}));
  json id = rpc().send("grove/knowledge/ask",
                       {{"workspaceUri", ws_}, {"input", "What does the undo log keep?"}, {"intent", "search"}});
  ASSERT_TRUE(eventually([&] { return chatCalls() == 1; }, Millis(10000))) << "the answer was never asked for";
  rpc().notify("$/cancelRequest", {{"id", id}});
  json reply = rpc().waitResponse(id, Millis(4000));
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], -32800);
  EXPECT_EQ(revision(), rev);
  json turns = rpc().result("grove/knowledge/get", {{"workspaceUri", ws_}, {"include", {"turns"}}})["turns"];
  EXPECT_TRUE(turns.empty());
}

}  // namespace
}  // namespace grove::chat_test
