// The map grows from what ask answers (issue 17; DESIGN §11.3 "the answer
// grows the map under nodeId or the matched node, reusing nodes"): a search
// answered from the documents adds its topic and one detail per cited
// passage, citing it; asking again reuses them; an expansion adds the node's
// sub-topics under it; growOnSearch, maxNewNodes and preview are honoured;
// an answer the documents do not hold adds nothing; one undo takes it back.
#include "KnowledgeWorkspace.h"

namespace grove::test {
namespace {

using KnowledgeGrowth = KnowledgeWorkspace;

json ask(RpcClient& rpc, const std::string& ws, const std::string& input, const std::string& intent,
         const json& nodeId = nullptr, bool preview = false) {
  json params = {{"workspaceUri", ws}, {"input", input}, {"intent", intent}, {"preview", preview}};
  if (!nodeId.is_null()) params["nodeId"] = nodeId;
  return rpc.result("grove/knowledge/ask", params);
}

void configure(RpcClient& rpc, const std::string& ws, const json& knowledge) {
  rpc.result("grove/workspace/configure", {{"workspaceUri", ws}, {"knowledge", knowledge}});
}

TEST_F(KnowledgeGrowth, ASearchAnsweredFromTheDocumentsGrowsTheMapUnderTheNodeOnce) {
  ingest();
  std::string history = addNode("History");
  json turn = ask(rpc(), ws(), "how does the undo log keep entries", "search", history);
  ASSERT_TRUE(turn["answer"]["known"].get<bool>()) << turn.dump();
  ASSERT_TRUE(turn["change"].is_object()) << turn.dump();
  EXPECT_EQ(turn["change"]["op"], "ask");
  EXPECT_NE(turn["message"].get<std::string>().find("Added to the map under History: "), std::string::npos)
      << turn["message"];
  json g = graph();
  const json* topic = nodeTitled(g, "how does the undo log keep entries");
  ASSERT_NE(topic, nullptr) << g.dump();
  EXPECT_EQ((*topic)["parentIds"], json::array({history}));
  EXPECT_EQ((*topic)["origin"], "document");
  EXPECT_FALSE((*topic)["sources"].empty());
  EXPECT_EQ((*topic)["details"].get<std::string>().find('['), std::string::npos) << "citation marks stay out";
  const json* detail = nodeTitled(g, "Undo log");
  ASSERT_NE(detail, nullptr) << g.dump();
  EXPECT_EQ((*detail)["parentIds"], json::array({(*topic)["id"]}));
  ASSERT_EQ((*detail)["sources"].size(), 1u);
  EXPECT_EQ((*detail)["sources"][0]["uri"], ws() + "/docs/history.md");
  int line = lineOf("Undo log");
  EXPECT_LE((*detail)["sources"][0]["range"]["start"]["line"].get<int>(), line);
  EXPECT_GE((*detail)["sources"][0]["range"]["end"]["line"].get<int>(), line);
  EXPECT_NE((*detail)["details"].get<std::string>().find("one entry per call"), std::string::npos);
  size_t nodes = g["nodes"].size();

  // The same question again: everything is reused, nothing is added.
  json again = ask(rpc(), ws(), "how does the undo log keep entries", "search", history);
  EXPECT_EQ(graph()["nodes"].size(), nodes);
  EXPECT_NE(again["message"].get<std::string>().find("Nothing new for the map"), std::string::npos)
      << again["message"];

  // One undo per ask takes the growth back; the first undo only the reuse.
  rpc().result("grove/knowledge/undo", {{"workspaceUri", ws()}});
  rpc().result("grove/knowledge/undo", {{"workspaceUri", ws()}});
  EXPECT_EQ(graph()["nodes"].size(), 1u);
}

TEST_F(KnowledgeGrowth, WithoutANodeTheSearchGrowsUnderTheNodeTheMapMatches) {
  ingest();
  std::string redo = addNode("Redo stack");
  json turn = ask(rpc(), ws(), "what does the redo stack hold", "search");
  ASSERT_TRUE(turn["answer"]["known"].get<bool>()) << turn.dump();
  json g = graph();
  const json* topic = nodeTitled(g, "what does the redo stack hold");
  ASSERT_NE(topic, nullptr) << g.dump();
  EXPECT_EQ((*topic)["parentIds"], json::array({redo}));
}

TEST_F(KnowledgeGrowth, GrowOnSearchOffLeavesTheMapAsItWas) {
  ingest();
  configure(rpc(), ws(), {{"growOnSearch", false}});
  addNode("History");
  int64_t revision = graph()["knowledge"]["revision"];
  json turn = ask(rpc(), ws(), "how does the undo log keep entries", "search");
  ASSERT_TRUE(turn["answer"]["known"].get<bool>()) << turn.dump();
  EXPECT_TRUE(turn["change"].is_null());
  EXPECT_EQ(graph()["knowledge"]["revision"], revision);
  EXPECT_EQ(graph()["nodes"].size(), 1u);
}

TEST_F(KnowledgeGrowth, AnAnswerTheDocumentsDoNotHoldAddsNothing) {
  ingest();
  json turn = ask(rpc(), ws(), "how are quaternions normalised", "search");
  EXPECT_FALSE(turn["answer"]["known"].get<bool>()) << turn.dump();
  EXPECT_TRUE(turn["change"].is_null());
  EXPECT_TRUE(graph()["nodes"].empty());
}

TEST_F(KnowledgeGrowth, AnExpansionAddsTheNodesSubtopicsUnderItWithinTheBudget) {
  ingest();
  configure(rpc(), ws(), {{"maxNewNodes", 3}});
  std::string history = addNode("History");
  json turn = ask(rpc(), ws(), "expand this", "expansion", history);
  ASSERT_TRUE(turn["change"].is_object()) << turn.dump();
  json g = graph();
  ASSERT_EQ(g["nodes"].size(), 4u) << g.dump();
  for (const auto& n : g["nodes"]) {
    if (n["id"] == history) continue;
    EXPECT_TRUE(kGrounded.count(n["title"].get<std::string>())) << n.dump();
    EXPECT_EQ(n["parentIds"], json::array({history}));
    EXPECT_EQ(n["origin"], "document");
    EXPECT_EQ(n["sources"][0]["uri"], ws() + "/docs/history.md");
  }
  for (const auto& e : g["edges"])
    EXPECT_TRUE(e["label"] == "includes" || e["label"] == "mentions") << e.dump();
  // Expanding again adds the sub-topics not on the map yet, never a repeat.
  ask(rpc(), ws(), "expand this", "expansion", history);
  std::set<std::string> titles;
  json after = graph();
  for (const auto& n : after["nodes"]) EXPECT_TRUE(titles.insert(n["title"]).second) << n.dump();
  EXPECT_EQ(titles.size(), 1 + kGrounded.size());
}

TEST_F(KnowledgeGrowth, APreviewedSearchOffersTheGrowthAsACard) {
  ingest();
  std::string history = addNode("History");
  json turn = ask(rpc(), ws(), "how does the undo log keep entries", "search", history, true);
  ASSERT_TRUE(turn["plan"]["suggestionId"].is_string()) << turn.dump();
  EXPECT_TRUE(turn["change"].is_null());
  EXPECT_EQ(graph()["nodes"].size(), 1u);
  json accepted = rpc().call("grove/suggestion/resolve", {{"suggestionId", turn["plan"]["suggestionId"]},
                                                           {"decision", "accept"}});
  ASSERT_TRUE(isResult(accepted)) << accepted.dump();
  EXPECT_NE(nodeTitled(graph(), "how does the undo log keep entries"), nullptr);
}

}  // namespace
}  // namespace grove::test
