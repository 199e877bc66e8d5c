// grove/knowledge/* (the graph side) over the wire: edit with refs and
// opIndex, undo/redo, the outline, didChange to every client, expectedRevision,
// ask and classify, and bad input.
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

using KnowledgeMethods = ServerFixture;

const char* const kWs = "file:///projects/pager";

json addNode(const std::string& title, const json& parent = nullptr, const std::string& ref = "") {
  json op{{"op", "AddNode"}, {"title", title}, {"parentId", parent}};
  if (!ref.empty()) op["ref"] = ref;
  return op;
}

TEST_F(KnowledgeMethods, EditWithRefsThenGetTheGraphAndOutline) {
  json r = rpc().result("grove/knowledge/edit",
                        {{"workspaceUri", kWs},
                         {"ops", {addNode("Core", nullptr, "c"), addNode("Engine", "$c", "e"),
                                  {{"op", "AddEdge"}, {"from", "$e"}, {"to", "$c"}, {"label", "runs in"}}}}});
  EXPECT_EQ(r["revision"], 1);
  EXPECT_EQ(r["op"], "edit");
  std::string core = r["refs"]["c"], engine = r["refs"]["e"];
  json got = rpc().result("grove/knowledge/get",
                          {{"workspaceUri", std::string(kWs) + "/"}, {"include", {"graph", "outline"}}});
  EXPECT_EQ(got["knowledge"]["revision"], 1);
  ASSERT_EQ(got["nodes"].size(), 2u);
  EXPECT_EQ(got["nodes"][1]["parentIds"], json::array({core}));
  EXPECT_EQ(got["outline"], "N " + core + " Core\nN " + engine + " Engine\nE " + core + " --> " + engine + "\nE " +
                                engine + " ~[runs in]~> " + core + "\n");
}

TEST_F(KnowledgeMethods, AFailingOpNamesItsIndexAndChangesNothing) {
  rpc().result("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {addNode("A")}}});
  json reply = rpc().call("grove/knowledge/edit",
                          {{"workspaceUri", kWs}, {"ops", {addNode("B"), addNode("a")}}});
  ASSERT_TRUE(isInvalidOperation(reply, "titleExists")) << reply.dump();
  EXPECT_EQ(reply["error"]["data"]["opIndex"], 1);
  EXPECT_EQ(reply["error"]["message"], "title already exists: a");
  reply = rpc().call("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {{{"op", "DeleteNode"}, {"id", "nGone"}}}}});
  ASSERT_TRUE(isNotFound(reply, "nodeNotFound", "nGone")) << reply.dump();
  EXPECT_EQ(reply["error"]["message"], "node not found: nGone");
  EXPECT_EQ(reply["error"]["data"]["opIndex"], 0);
  json got = rpc().result("grove/knowledge/get", {{"workspaceUri", kWs}});
  EXPECT_EQ(got["nodes"].size(), 1u);
  EXPECT_EQ(got["knowledge"]["revision"], 1);
}

TEST_F(KnowledgeMethods, BadOpsAreInvalidParamsNamingTheField) {
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {addNode("  ")}}}),
                              "ops[0].title"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {{{"op", "Explode"}}}}}), "ops[0].op"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", "AddNode"}}), "ops"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/knowledge/edit", {{"workspaceUri", kWs}}), "ops"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/knowledge/get", {{"workspaceUri", " "}}), "workspaceUri"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/knowledge/get", {{"workspaceUri", kWs}, {"include", {"everything"}}}), "include"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/knowledge/ask", {{"workspaceUri", kWs}, {"input", "x"}, {"intent", "chat"}}),
                              "intent"));
}

TEST_F(KnowledgeMethods, UndoRedoAndEveryClientHearsOfIt) {
  RpcClient& other = server_.connect();
  other.initialize("second-editor");
  rpc().result("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {addNode("A")}}});
  auto heard = other.waitForNotification([](const json& m) {
    return m["method"] == "grove/knowledge/didChange" && m["params"]["op"] == "edit";
  });
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["params"]["revision"], 1);
  json undone = rpc().result("grove/knowledge/undo", {{"workspaceUri", kWs}});
  EXPECT_EQ(undone["op"], "undo");
  EXPECT_EQ(undone["revision"], 2);
  EXPECT_TRUE(other.waitForNotification([](const json& m) {
    return m["method"] == "grove/knowledge/didChange" && m["params"]["op"] == "undo";
  }));
  EXPECT_TRUE(rpc().result("grove/knowledge/get", {{"workspaceUri", kWs}})["nodes"].empty());
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/knowledge/undo", {{"workspaceUri", kWs}}), "nothingToUndo"));
  rpc().result("grove/knowledge/redo", {{"workspaceUri", kWs}});
  EXPECT_EQ(rpc().result("grove/knowledge/get", {{"workspaceUri", kWs}})["nodes"].size(), 1u);
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/knowledge/redo", {{"workspaceUri", kWs}}), "nothingToRedo"));
}

TEST_F(KnowledgeMethods, StaleExpectedRevisionIsRefused) {
  rpc().result("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {addNode("A")}}});
  json reply = rpc().call("grove/knowledge/edit",
                          {{"workspaceUri", kWs}, {"ops", {addNode("B")}}, {"expectedRevision", 0}});
  EXPECT_TRUE(isInvalidOperation(reply, "revisionConflict")) << reply.dump();
  EXPECT_EQ(rpc().result("grove/knowledge/edit",
                         {{"workspaceUri", kWs}, {"ops", {addNode("B")}}, {"expectedRevision", 1}})["revision"],
            2);
}

TEST_F(KnowledgeMethods, AskEditsThroughTheOfflineParserAndKeepsTheTurn) {
  json r = rpc().result("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {addNode("Core", nullptr, "c")}}});
  std::string core = r["refs"]["c"];
  json turn = rpc().result("grove/knowledge/ask",
                           {{"workspaceUri", kWs}, {"input", "add Engine and Store under this"}, {"nodeId", core}});
  ASSERT_TRUE(turn["failure"].is_null()) << turn.dump();
  EXPECT_EQ(turn["intent"]["label"], "edit");
  EXPECT_EQ(turn["change"]["op"], "ask");
  EXPECT_EQ(turn["plan"]["ops"].size(), 2u);
  json got = rpc().result("grove/knowledge/get", {{"workspaceUri", kWs}, {"include", {"graph", "turns"}}});
  EXPECT_EQ(got["nodes"].size(), 3u);
  ASSERT_EQ(got["turns"].size(), 1u);
  EXPECT_EQ(got["turns"][0]["id"], turn["id"]);

  json failed = rpc().result("grove/knowledge/ask",
                             {{"workspaceUri", kWs}, {"input", "move Core under Engine"}, {"intent", "edit"}});
  EXPECT_EQ(failed["failure"]["kind"], "opFailed");
  EXPECT_EQ(failed["failure"]["message"], "cycle: Engine is a descendant of Core");
  json unknown = rpc().result("grove/knowledge/ask",
                              {{"workspaceUri", kWs}, {"input", "what is a quaternion?"}, {"intent", "search"}});
  EXPECT_EQ(unknown["answer"]["known"], false);
  EXPECT_EQ(unknown["message"], "I don't know");
}

TEST_F(KnowledgeMethods, ClassifyResolvesDeixis) {
  json r = rpc().result("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {addNode("Store", nullptr, "s")}}});
  json intent = rpc().result("grove/knowledge/classify",
                             {{"workspaceUri", kWs}, {"input", "expand this"}, {"nodeId", r["refs"]["s"]}});
  EXPECT_EQ(intent["label"], "expansion");
  EXPECT_EQ(intent["nodeId"], r["refs"]["s"]);
  EXPECT_EQ(intent["rewritten"], "What are the sub-topics covered in the documents related to Store?");
  EXPECT_EQ(intent["source"], "native");
  EXPECT_TRUE(isNotFound(rpc().call("grove/knowledge/classify", {{"workspaceUri", kWs}, {"input", "x"}, {"nodeId", "nNo"}}),
                         "nodeNotFound", "nNo"));
}

TEST_F(KnowledgeMethods, ToUnitSendsNodesIntoAConversationAsANote) {
  json op = addNode("Undo log", nullptr, "u");
  op["details"] = "one entry per call";
  op["sources"] = {{{"uri", "docs/history.md"},
                    {"range", {{"start", {{"line", 2}, {"character", 0}}}, {"end", {{"line", 4}, {"character", 0}}}}}}};
  json r = rpc().result("grove/knowledge/edit", {{"workspaceUri", kWs}, {"ops", {op}}});
  std::string pid = createProject()["id"];
  json unit = rpc().result("grove/knowledge/toUnit",
                           {{"workspaceUri", kWs}, {"nodeIds", {r["refs"]["u"]}}, {"projectId", pid}, {"parentId", nullptr}});
  EXPECT_EQ(unit["kind"], "note");
  EXPECT_EQ(unit["content"], "## Undo log\none entry per call\nSources: docs/history.md:3-5\n");
  EXPECT_EQ(getProject(pid)["units"].size(), 1u);
  EXPECT_TRUE(isNotFound(rpc().call("grove/knowledge/toUnit", {{"workspaceUri", kWs}, {"nodeIds", {"nNo"}},
                                                               {"projectId", pid}, {"parentId", unit["id"]}}),
                         "nodeNotFound", "nNo"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/knowledge/toUnit", {{"workspaceUri", kWs}, {"nodeIds", json::array()},
                                                                    {"projectId", pid}, {"parentId", unit["id"]}}),
                              "nodeIds"));
}

}  // namespace
}  // namespace grove::test
