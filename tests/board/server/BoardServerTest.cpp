// The board over the wire (in-process server): every method's shape, bad
// input with its field, errors with opIndex, and grove/board/didChange
// reaching a second client of the same core.
#include <gtest/gtest.h>

#include "InProcessServer.h"
#include "RpcAssertions.h"

namespace grove::test {
namespace {

const std::string kWs = "file:///home/ana/app";

json capture(RpcClient& c, const std::string& content) {
  return c.result("grove/board/capture", {{"workspaceUri", kWs}, {"content", content}});
}

TEST(BoardWire, ASecondClientHearsEveryBoardChange) {
  InProcessServer server;
  RpcClient& alice = server.client();
  RpcClient& bob = server.connect();
  alice.initialize("alice");
  bob.initialize("bob");
  json captured = capture(alice, "Use pgbouncer in transaction mode for the API workers.");
  std::string id = captured["item"]["id"];
  auto isBoard = [](const json& n) { return n.value("method", "") == "grove/board/didChange"; };
  auto heard = bob.waitForNotification(isBoard);
  ASSERT_TRUE(heard) << "bob never heard of the capture";
  EXPECT_EQ((*heard)["params"]["workspaceUri"], kWs);
  EXPECT_EQ((*heard)["params"]["op"], "capture");
  EXPECT_EQ((*heard)["params"]["actor"], "alice");
  EXPECT_EQ((*heard)["params"]["itemIds"][0], id);

  json edited = bob.result("grove/board/edit",
                           {{"workspaceUri", kWs}, {"ops", {{{"op", "UpdateItem"}, {"id", id}, {"title", "Pooling"}}}}});
  EXPECT_EQ(edited["op"], "edit");
  EXPECT_EQ(edited["refs"], json::object());
  bool sawEdit = false;
  while (auto n = alice.waitForNotification(isBoard))
    if ((*n)["params"]["op"] == "edit") {
      sawEdit = true;
      EXPECT_EQ((*n)["params"]["actor"], "bob");
      break;
    }
  EXPECT_TRUE(sawEdit) << "alice never heard bob's edit";
  json board = alice.result("grove/board/get", {{"workspaceUri", kWs}});
  EXPECT_EQ(board["items"][0]["title"], "Pooling");
  EXPECT_EQ(board["items"][0]["userEdited"], json::array({"title"}));
  EXPECT_EQ(board["board"]["revision"], edited["revision"]);
}

TEST(BoardWire, ShapesOfCaptureGetAndConfigure) {
  InProcessServer server;
  RpcClient& c = server.client();
  c.initialize();
  json snippet = c.result("grove/board/capture",
                          {{"workspaceUri", kWs + "/"},
                           {"content", "pool->warm(4);"},
                           {"source", {{"uri", kWs + "/src/db.cpp"},
                                       {"range", {{"start", {{"line", 3}, {"character", 0}}}, {"end", {{"line", 3}, {"character", 14}}}}},
                                       {"languageId", "cpp"},
                                       {"memo", "warm up"},
                                       {"symbol", "makePool"}}}});
  const json& item = snippet["item"];
  EXPECT_EQ(item["kind"], "snippet");
  EXPECT_EQ(item["workspaceUri"], kWs) << "the URI is normalised";
  EXPECT_EQ(item["projectId"], nullptr);
  EXPECT_EQ(item["memo"], "warm up");
  EXPECT_EQ(item["source"]["anchor"]["state"], "unchecked");
  EXPECT_EQ(item["placement"]["method"], "native");
  EXPECT_TRUE(snippet["placement"]["created"]);
  EXPECT_EQ(snippet["unit"], nullptr);
  json board = c.result("grove/board/get", {{"workspaceUri", kWs}});
  EXPECT_EQ(board["groups"].size(), 1u);
  EXPECT_EQ(board["groups"][0]["itemIds"][0], item["id"]);
  EXPECT_EQ(board["board"]["settings"]["relatedK"], 5);
  EXPECT_FALSE(board["board"]["understanding"]["text"].get<std::string>().empty());
  json conf = c.result("grove/workspace/configure", {{"workspaceUri", kWs}, {"board", {{"relatedK", 8}}}});
  EXPECT_EQ(conf["board"]["relatedK"], 8);
  EXPECT_EQ(conf["knowledge"]["clarifyBelow"], 0.4);
  conf = c.result("grove/workspace/configure",
                  {{"workspaceUri", kWs}, {"knowledge", {{"maxCorrections", 2}, {"exclude", {"drafts/**"}}}}});
  EXPECT_EQ(conf["knowledge"]["maxCorrections"], 2);
  EXPECT_EQ(conf["knowledge"]["exclude"], json::array({"drafts/**"}));
  EXPECT_EQ(conf["board"]["relatedK"], 8) << "the board half stays";
  json map = c.result("grove/knowledge/get", {{"workspaceUri", kWs}});
  EXPECT_EQ(map["knowledge"]["settings"]["maxCorrections"], 2) << "the map reports what configure stored";
  json undone = c.result("grove/board/undo", {{"workspaceUri", kWs}});
  EXPECT_EQ(undone["op"], "undo");
}

TEST(BoardWire, BadInputIsRefusedWithTheFieldOrTheOp) {
  InProcessServer server;
  RpcClient& c = server.client();
  c.initialize();
  EXPECT_TRUE(isInvalidParams(c.call("grove/board/get", json::object()), "workspaceUri"));
  EXPECT_TRUE(isInvalidParams(c.call("grove/board/get", {{"workspaceUri", "no scheme"}}), "workspaceUri"));
  EXPECT_TRUE(isInvalidParams(c.call("grove/board/capture", {{"workspaceUri", kWs}, {"content", "  "}}), "content"));
  EXPECT_TRUE(isInvalidParams(c.call("grove/board/edit", {{"workspaceUri", kWs}, {"ops", {{{"op", "Explode"}}}}}),
                              "ops[0].op"));
  EXPECT_TRUE(isInvalidParams(
      c.call("grove/board/edit", {{"workspaceUri", kWs}, {"ops", {{{"op", "Link"}, {"from", "a"}, {"to", 3}}}}}),
      "ops[0].to"));
  EXPECT_TRUE(isInvalidParams(c.call("grove/workspace/configure", {{"workspaceUri", kWs}, {"board", {{"linkScore", 3}}}}),
                              "board.linkScore"));
  // Neither half is stored when one is refused.
  EXPECT_TRUE(isInvalidParams(c.call("grove/workspace/configure", {{"workspaceUri", kWs},
                                                                   {"board", {{"relatedK", 9}}},
                                                                   {"knowledge", {{"maxReplans", 99}}}}),
                              "knowledge.maxReplans"));
  EXPECT_TRUE(isInvalidParams(
      c.call("grove/workspace/configure", {{"workspaceUri", kWs}, {"knowledge", {{"include", "docs"}}}}),
      "knowledge.include"));
  EXPECT_NE(c.result("grove/board/get", {{"workspaceUri", kWs}})["board"]["settings"]["relatedK"], 9);
  EXPECT_TRUE(isInvalidOperation(c.call("grove/board/undo", {{"workspaceUri", kWs}}), "nothingToUndo"));
  std::string id = capture(c, "a note")["item"]["id"];
  json missing = c.call("grove/board/edit", {{"workspaceUri", kWs},
                                             {"ops", {{{"op", "UpdateItem"}, {"id", id}, {"title", "x"}},
                                                      {{"op", "Unlink"}, {"id", "l_none"}}}}});
  ASSERT_TRUE(isNotFound(missing, "boardLinkNotFound", "l_none"));
  EXPECT_EQ(missing["error"]["data"]["opIndex"], 1);
  json stale = c.call("grove/board/edit", {{"workspaceUri", kWs},
                                           {"ops", {{{"op", "UpdateItem"}, {"id", id}, {"title", "x"}}}},
                                           {"expectedRevision", 0}});
  ASSERT_TRUE(isInvalidOperation(stale, "revisionConflict"));
  EXPECT_GT(stale["error"]["data"]["revision"].get<int>(), 0);
  EXPECT_TRUE(isNotFound(c.call("grove/board/edit", {{"workspaceUri", "file:///other"},
                                                     {"ops", {{{"op", "UpdateItem"}, {"id", id}, {"title", "x"}}}}}),
                         "boardItemNotFound", id))
      << "an id of another workspace is not found";
}

}  // namespace
}  // namespace grove::test
