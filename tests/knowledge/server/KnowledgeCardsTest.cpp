// Knowledge-map cards over the wire (issue 17): grove/knowledge/suggest on an
// ingested fixture workspace (grounded children citing file and lines, never
// repeated), accepting a child card (one undo entry), a card whose parent was
// deleted (1002 cannotApply), reject, a previewed ask as a knowledgeEdit card,
// grove/knowledge/fromUnit, and bad params.
#include "KnowledgeWorkspace.h"

namespace grove::test {
namespace {

using KnowledgeCards = KnowledgeWorkspace;

TEST_F(KnowledgeCards, SuggestOffersGroundedChildrenWithCitationsAndNeverRepeats) {
  ingest();
  std::string history = addNode("History");
  std::set<std::string> offered;
  for (int round = 0; round < 3; ++round) {
    json cards = suggest(history, 2);
    ASSERT_EQ(cards.size(), round < 2 ? 2u : 1u) << cards.dump();
    for (const auto& s : cards) {
      std::string title = s["title"];
      EXPECT_TRUE(kGrounded.count(title)) << title;
      EXPECT_TRUE(offered.insert(title).second) << "offered twice: " << title;
      EXPECT_EQ(s["kind"], "child");
      EXPECT_EQ(s["state"], "pending");
      EXPECT_TRUE(s["projectId"].is_null());
      EXPECT_EQ(s["workspaceUri"], ws());
      EXPECT_EQ(s["anchorIds"], json::array({history}));
      EXPECT_TRUE(s["relation"] == "includes" || s["relation"] == "mentions") << s.dump();
      ASSERT_EQ(s["citations"].size(), 1u);
      const json& cite = s["citations"][0];
      EXPECT_EQ(cite["uri"], ws() + "/docs/history.md");
      int line = lineOf(title);
      EXPECT_LE(cite["range"]["start"]["line"].get<int>(), line) << title;
      EXPECT_GE(cite["range"]["end"]["line"].get<int>(), line) << title;
      ASSERT_EQ(s["ops"].size(), 1u);
      EXPECT_EQ(s["ops"][0]["op"], "AddNode");
      EXPECT_EQ(s["ops"][0]["title"], title);
      EXPECT_EQ(s["ops"][0]["parentId"], history);
      EXPECT_EQ(s["ops"][0]["label"], s["relation"]);
    }
  }
  EXPECT_EQ(offered, kGrounded);
  EXPECT_TRUE(suggest(history, 5).empty());  // everything grounded was offered
  json listed = rpc().result("grove/suggestion/list", {{"workspaceUri", ws()}, {"kind", "child"}});
  EXPECT_EQ(listed["suggestions"].size(), kGrounded.size());
  bool announced = false;
  for (const auto& n : rpc().takeNotifications())
    if (n.value("method", "") == "grove/suggestion/didCreate" && n["params"]["workspaceUri"] == ws() &&
        n["params"]["projectId"].is_null())
      announced = true;
  EXPECT_TRUE(announced);
}

TEST_F(KnowledgeCards, NothingIngestedOrNothingGroundedIsAnEmptyList) {
  std::string lonely = addNode("History");
  EXPECT_TRUE(suggest(lonely, 3).empty());  // no documents yet
  ingest();
  EXPECT_TRUE(suggest(addNode("Quaternions"), 3).empty());  // nothing in the documents
}

TEST_F(KnowledgeCards, AcceptAddsTheChildAsOneUndoEntry) {
  ingest();
  std::string history = addNode("History");
  json card = suggest(history, 1)[0];
  std::string title = card["title"];
  json accepted = resolve(card["id"], "accept");
  ASSERT_TRUE(isResult(accepted)) << accepted.dump();
  EXPECT_EQ(accepted["result"]["suggestion"]["state"], "accepted");
  EXPECT_EQ(accepted["result"]["changed"]["knowledge"]["op"], "accept");
  EXPECT_TRUE(rpc().waitForNotification([](const json& m) {
    return m["method"] == "grove/knowledge/didChange" && m["params"]["op"] == "accept";
  }));
  json g = graph();
  const json* child = nodeTitled(g, title);
  ASSERT_NE(child, nullptr) << g.dump();
  EXPECT_EQ((*child)["parentIds"], json::array({history}));
  EXPECT_EQ((*child)["origin"], "document");
  EXPECT_EQ((*child)["sources"][0]["uri"], ws() + "/docs/history.md");
  rpc().result("grove/knowledge/undo", {{"workspaceUri", ws()}});
  EXPECT_EQ(nodeTitled(graph(), title), nullptr);
  EXPECT_NE(nodeTitled(graph(), "History"), nullptr);
  // Accepted, then undone: still never offered again.
  for (const auto& s : suggest(history, 5)) EXPECT_NE(s["title"], title);
}

TEST_F(KnowledgeCards, AcceptAfterTheParentWasDeletedIsCannotApply) {
  ingest();
  std::string history = addNode("History");
  json card = suggest(history, 1)[0];
  rpc().result("grove/knowledge/edit", {{"workspaceUri", ws()}, {"ops", {{{"op", "DeleteNode"}, {"id", history}}}}});
  int64_t revision = graph()["knowledge"]["revision"];
  json reply = resolve(card["id"], "accept");
  ASSERT_TRUE(isInvalidOperation(reply, "cannotApply")) << reply.dump();
  EXPECT_EQ(reply["error"]["data"]["opIndex"], 0);
  EXPECT_EQ(graph()["knowledge"]["revision"], revision);
  EXPECT_TRUE(graph()["nodes"].empty());
  json pending = rpc().result("grove/suggestion/list", {{"workspaceUri", ws()}, {"kind", "child"}, {"state", "pending"}});
  EXPECT_EQ(pending["suggestions"].size(), 1u);
}

TEST_F(KnowledgeCards, RejectAndDeferChangeOnlyTheCard) {
  ingest();
  std::string history = addNode("History");
  json cards = suggest(history, 2);
  ASSERT_EQ(cards.size(), 2u);
  json rejected = resolve(cards[0]["id"], "reject");
  ASSERT_TRUE(isResult(rejected)) << rejected.dump();
  EXPECT_EQ(rejected["result"]["suggestion"]["state"], "rejected");
  json deferred = resolve(cards[1]["id"], "defer");
  EXPECT_EQ(deferred["result"]["suggestion"]["state"], "deferred");
  EXPECT_EQ(graph()["nodes"].size(), 1u);
  EXPECT_TRUE(isInvalidOperation(resolve(cards[0]["id"], "accept"), "suggestionResolved"));
  for (const auto& s : suggest(history, 5)) EXPECT_NE(s["title"], cards[0]["title"]);
}

TEST_F(KnowledgeCards, PreviewedAskIsAKnowledgeEditCardThatAcceptApplies) {
  std::string core = addNode("Core");
  json turn = rpc().result("grove/knowledge/ask", {{"workspaceUri", ws()},
                                                   {"input", "add Engine and Store under Core"},
                                                   {"intent", "edit"},
                                                   {"preview", true}});
  ASSERT_TRUE(turn["failure"].is_null()) << turn.dump();
  ASSERT_TRUE(turn["plan"]["suggestionId"].is_string()) << turn.dump();
  EXPECT_TRUE(turn["change"].is_null());
  EXPECT_EQ(graph()["nodes"].size(), 1u);
  json listed = rpc().result("grove/suggestion/list", {{"workspaceUri", ws()}, {"kind", "knowledgeEdit"}});
  ASSERT_EQ(listed["suggestions"].size(), 1u);
  const json& card = listed["suggestions"][0];
  EXPECT_EQ(card["id"], turn["plan"]["suggestionId"]);
  EXPECT_EQ(card["ops"].size(), 2u);
  EXPECT_EQ(card["reason"], "add Engine and Store under Core");
  json accepted = resolve(card["id"], "accept");
  ASSERT_TRUE(isResult(accepted)) << accepted.dump();
  json g = graph();
  ASSERT_EQ(g["nodes"].size(), 3u);
  EXPECT_EQ((*nodeTitled(g, "Engine"))["parentIds"], json::array({core}));
  rpc().result("grove/knowledge/undo", {{"workspaceUri", ws()}});
  EXPECT_EQ(graph()["nodes"].size(), 1u);
}

TEST_F(KnowledgeCards, FromUnitIntegratesTheAnswerAndItsQuestionOnce) {
  std::string undoLog = addNode("Undo log");
  std::string pid = rpc().result("grove/project/create", {{"title", "chat"}})["id"];
  json q = rpc().result("grove/unit/append", {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"},
                                              {"content", "How does the undo log work?"}});
  json a = rpc().result("grove/unit/append",
                        {{"projectId", pid}, {"parentId", q["id"]}, {"role", "assistant"},
                         {"content", "The undo log keeps one entry per call. Each entry holds two images.\n\n"
                                     "- **Before image**: the map before the call\n"
                                     "- **After image**: the map after the call\n"}});
  std::string answerId = a["id"];
  json turn = rpc().result("grove/knowledge/fromUnit", {{"workspaceUri", ws()}, {"unitId", answerId}});
  EXPECT_EQ(turn["input"], "How does the undo log work?");
  EXPECT_EQ(turn["nodeId"], undoLog);  // the node the question matches
  EXPECT_EQ(turn["change"]["op"], "ask");
  EXPECT_EQ(turn["message"], "Added 3 nodes from the conversation under Undo log.");
  json g = graph();
  ASSERT_EQ(g["nodes"].size(), 4u) << g.dump();
  const json* topic = nodeTitled(g, "How does the undo log work");
  ASSERT_NE(topic, nullptr) << g.dump();
  EXPECT_EQ((*topic)["origin"], "conversation");
  EXPECT_EQ((*topic)["parentIds"], json::array({undoLog}));
  EXPECT_EQ((*topic)["unitIds"], json::array({answerId}));
  EXPECT_EQ((*topic)["details"], "The undo log keeps one entry per call. Each entry holds two images.");
  for (const char* point : {"Before image", "After image"}) {
    const json* n = nodeTitled(g, point);
    ASSERT_NE(n, nullptr) << point;
    EXPECT_EQ((*n)["parentIds"], json::array({(*topic)["id"]}));
    EXPECT_EQ((*n)["origin"], "conversation");
    EXPECT_EQ((*n)["unitIds"], json::array({answerId}));
  }
  // Again: every node is reused, nothing is written twice.
  json again = rpc().result("grove/knowledge/fromUnit", {{"workspaceUri", ws()}, {"unitId", answerId}});
  EXPECT_EQ(graph()["nodes"].size(), 4u);
  EXPECT_EQ(again["message"], "Added 0 nodes from the conversation under Undo log; reused 1 node.");
  json turns = rpc().result("grove/knowledge/get", {{"workspaceUri", ws()}, {"include", {"turns"}}})["turns"];
  EXPECT_EQ(turns.size(), 2u);
  // One undo takes the whole integration back.
  rpc().result("grove/knowledge/undo", {{"workspaceUri", ws()}});
  rpc().result("grove/knowledge/undo", {{"workspaceUri", ws()}});
  EXPECT_EQ(graph()["nodes"].size(), 1u);
}

TEST_F(KnowledgeCards, BadParamsAreClearErrors) {
  std::string node = addNode("History");
  auto call = [&](const char* method, const json& params) { return rpc().call(method, params); };
  EXPECT_TRUE(isInvalidParams(call("grove/knowledge/suggest", {{"workspaceUri", ws()}}), "nodeId"));
  EXPECT_TRUE(isInvalidParams(call("grove/knowledge/suggest", {{"workspaceUri", ws()}, {"nodeId", node}, {"limit", 0}}),
                              "limit"));
  EXPECT_TRUE(isInvalidParams(call("grove/knowledge/suggest", {{"workspaceUri", ws()}, {"nodeId", node}, {"limit", 6}}),
                              "limit"));
  EXPECT_TRUE(isInvalidParams(
      call("grove/knowledge/suggest", {{"workspaceUri", ws()}, {"nodeId", node}, {"limit", "two"}}), "limit"));
  EXPECT_TRUE(isNotFound(call("grove/knowledge/suggest", {{"workspaceUri", ws()}, {"nodeId", "nGone"}}),
                         "nodeNotFound", "nGone"));
  EXPECT_TRUE(isInvalidParams(call("grove/knowledge/fromUnit", {{"workspaceUri", ws()}}), "unitId"));
  EXPECT_TRUE(isNotFound(call("grove/knowledge/fromUnit", {{"workspaceUri", ws()}, {"unitId", "uGone"}}),
                         "unitNotFound", "uGone"));
  std::string pid = rpc().result("grove/project/create", {{"title", "chat"}})["id"];
  json q = rpc().result("grove/unit/append",
                        {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", "What is it?"}});
  EXPECT_TRUE(isInvalidParams(call("grove/knowledge/fromUnit", {{"workspaceUri", ws()}, {"unitId", q["id"]}}),
                              "unitId"));
  json a = rpc().result("grove/unit/append",
                        {{"projectId", pid}, {"parentId", q["id"]}, {"role", "assistant"}, {"content", "A thing."}});
  EXPECT_TRUE(isNotFound(
      call("grove/knowledge/fromUnit", {{"workspaceUri", ws()}, {"unitId", a["id"]}, {"nodeId", "nGone"}}),
      "nodeNotFound", "nGone"));
  EXPECT_TRUE(isInvalidParams(call("grove/suggestion/list", {{"workspaceUri", ws()}, {"kind", "branch"}}), "kind"));
  EXPECT_EQ(graph()["nodes"].size(), 1u);
}

}  // namespace
}  // namespace grove::test
