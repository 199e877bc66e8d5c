// Board cards and chat items over the wire (issue 16, DESIGN §11.2, §11.4):
// grove/board/reorganize answers a pending card that every client hears of
// (with its workspace, no project), grove/suggestion/list lists a
// workspace's cards, grove/suggestion/resolve applies one as a board change;
// the memolets of a workspace's conversation appear on its board as chat items.
#include <gtest/gtest.h>

#include "InProcessServer.h"
#include "RpcAssertions.h"

namespace grove::test {
namespace {

const std::string kWs = "file:///home/ana/app";

json snippet(RpcClient& c, const std::string& code, const std::string& path) {
  return c.result("grove/board/capture",
                  {{"workspaceUri", kWs},
                   {"content", code},
                   {"source", {{"uri", kWs + "/" + path},
                               {"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 1}, {"character", 0}}}}},
                               {"languageId", "cpp"}}}})["item"];
}

TEST(BoardCardsWire, ReorganizeIsACardEveryClientHearsAndAcceptingChangesTheBoard) {
  InProcessServer server;
  RpcClient& alice = server.client();
  RpcClient& bob = server.connect();
  alice.initialize("alice");
  bob.initialize("bob");
  json a = snippet(alice, "int open_db();", "src/db.cpp");
  json b = snippet(alice, "void parse_args(int argc);", "tools/cli.cpp");

  json reply = alice.result("grove/board/reorganize", {{"workspaceUri", kWs + "/"}, {"instruction", "group by file"}});
  const json& card = reply["suggestion"];
  EXPECT_EQ(card["kind"], "reorganize");
  EXPECT_EQ(card["state"], "pending");
  EXPECT_EQ(card["projectId"], nullptr);
  EXPECT_EQ(card["workspaceUri"], kWs);
  // Two groups, then the groups placement had made, now empty, go.
  ASSERT_GE(card["ops"].size(), 2u) << card.dump(2);
  EXPECT_EQ(card["ops"][0]["op"], "Group");
  EXPECT_EQ(card["ops"][1]["op"], "Group");
  for (size_t i = 2; i < card["ops"].size(); ++i) EXPECT_EQ(card["ops"][i]["op"], "Ungroup");
  EXPECT_EQ(card["ops"][0]["title"], "src/db.cpp");

  auto created = bob.waitForNotification(
      [](const json& n) { return n.value("method", "") == "grove/suggestion/didCreate"; });
  ASSERT_TRUE(created) << "bob never heard of the card";
  EXPECT_EQ((*created)["params"]["workspaceUri"], kWs);
  EXPECT_EQ((*created)["params"]["projectId"], nullptr);
  EXPECT_EQ((*created)["params"]["suggestion"]["id"], card["id"]);

  // The card's ops are valid grove/board/edit ops (a client's preview).
  json preview = bob.result("grove/board/edit", {{"workspaceUri", kWs}, {"ops", card["ops"]}, {"preview", true}});
  EXPECT_EQ(preview["itemIds"].size(), 2u);

  json listed = bob.result("grove/suggestion/list", {{"workspaceUri", kWs}, {"kind", "reorganize"}});
  ASSERT_EQ(listed["suggestions"].size(), 1u);
  EXPECT_EQ(listed["suggestions"][0]["id"], card["id"]);
  EXPECT_EQ(bob.result("grove/suggestion/list", {{"workspaceUri", kWs}, {"kind", "evolve"}})["suggestions"].size(), 0u);

  json resolved = bob.result("grove/suggestion/resolve", {{"suggestionId", card["id"]}, {"decision", "accept"}});
  EXPECT_EQ(resolved["suggestion"]["state"], "accepted");
  EXPECT_EQ(resolved["changed"]["board"]["op"], "accept");
  json board = alice.result("grove/board/get", {{"workspaceUri", kWs}});
  std::map<std::string, std::string> titles;
  for (const auto& g : board["groups"]) titles[g["id"]] = g["title"];
  for (const auto& item : board["items"]) {
    if (item["id"] == a["id"]) EXPECT_EQ(titles[item["groupId"]], "src/db.cpp");
    if (item["id"] == b["id"]) EXPECT_EQ(titles[item["groupId"]], "tools/cli.cpp");
  }
  json undone = alice.result("grove/board/undo", {{"workspaceUri", kWs}});
  EXPECT_EQ(undone["op"], "undo");
}

TEST(BoardCardsWire, ReorganizeErrorsSayWhatToDo) {
  InProcessServer server;
  RpcClient& c = server.client();
  c.initialize();
  snippet(c, "int open_db();", "src/db.cpp");
  snippet(c, "void parse_args(int argc);", "tools/cli.cpp");
  json needsModel = c.call("grove/board/reorganize", {{"workspaceUri", kWs}, {"instruction", "make it tidy"}});
  EXPECT_EQ(needsModel["error"]["code"], 1002);
  EXPECT_EQ(needsModel["error"]["data"]["kind"], "needsModel");
  json missing = c.call("grove/board/reorganize", {{"workspaceUri", kWs}});
  EXPECT_EQ(missing["error"]["code"], -32602);
  json badKind = c.call("grove/suggestion/list", {{"workspaceUri", kWs}, {"kind", "sideways"}});
  EXPECT_EQ(badKind["error"]["code"], -32602);
  json unknown = c.call("grove/board/reorganize",
                        {{"workspaceUri", kWs}, {"instruction", "by file"}, {"itemIds", {"m_nope"}}});
  EXPECT_EQ(unknown["error"]["code"], 1001);
}

TEST(BoardCardsWire, AWorkspaceConversationsMemoletsAreChatItemsOnItsBoard) {
  InProcessServer server;
  RpcClient& c = server.client();
  c.initialize();
  std::string projectId =
      c.result("grove/project/create", {{"title", "retry work"}, {"workspaceUri", kWs}})["id"];
  c.result("grove/chat/send", {{"projectId", projectId},
                               {"parentId", nullptr},
                               {"content", "How should the API client retry a 503 with exponential backoff?"}});
  // Indexing runs off the request path: the chat item is announced when placed.
  auto placed = c.waitForNotification([](const json& n) {
    return n.value("method", "") == "grove/board/didChange" && n["params"]["op"] == "capture";
  });
  ASSERT_TRUE(placed) << "no chat item was placed";
  json board = c.result("grove/board/get", {{"workspaceUri", kWs}});
  ASSERT_EQ(board["items"].size(), 1u) << board.dump(2);
  const json& item = board["items"][0];
  EXPECT_EQ(item["kind"], "chat");
  EXPECT_EQ(item["projectId"], projectId);
  EXPECT_NE(item["content"].get<std::string>().find("503"), std::string::npos);
  EXPECT_NE(item["context"].get<std::string>().find("retry work"), std::string::npos);
  EXPECT_FALSE(item["groupId"].is_null()) << "placed in a group";
  // A chat item's text follows its conversation: content is not editable.
  json refused = c.call("grove/board/edit", {{"workspaceUri", kWs},
                                             {"ops", {{{"op", "UpdateItem"}, {"id", item["id"]}, {"content", "x"}}}}});
  EXPECT_EQ(refused["error"]["data"]["kind"], "notEditable");
  // Undoing its placement only takes it out of its group.
  c.result("grove/board/undo", {{"workspaceUri", kWs}});
  json after = c.result("grove/board/get", {{"workspaceUri", kWs}});
  ASSERT_EQ(after["items"].size(), 1u);
  EXPECT_TRUE(after["items"][0]["groupId"].is_null());
  // The conversation's memolet is still there for search.
  json hits = c.result("grove/memolet/search", {{"query", "exponential backoff 503"}});
  EXPECT_FALSE(hits["results"].empty()) << hits.dump(2);
}

TEST(BoardCardsWire, ACodeUnitAppendedInAWorkspaceProjectIsACaptureOnItsBoard) {
  InProcessServer server;
  RpcClient& c = server.client();
  c.initialize();
  std::string inWs = c.result("grove/project/create", {{"title", "db work"}, {"workspaceUri", kWs}})["id"];
  std::string elsewhere = c.result("grove/project/create", {{"title", "no folder"}})["id"];
  json source = {{"uri", kWs + "/src/db.cpp"},
                 {"range", {{"start", {{"line", 4}, {"character", 0}}}, {"end", {{"line", 6}, {"character", 0}}}}},
                 {"languageId", "cpp"},
                 {"memo", "the pool size"}};
  json unit = c.result("grove/unit/append", {{"projectId", inWs},
                                             {"parentId", nullptr},
                                             {"role", "user"},
                                             {"kind", "code"},
                                             {"content", "pool.resize(8);"},
                                             {"source", source}});
  c.result("grove/unit/append", {{"projectId", elsewhere},
                                 {"parentId", nullptr},
                                 {"role", "user"},
                                 {"kind", "code"},
                                 {"content", "pool.resize(16);"},
                                 {"source", source}});
  json board = c.result("grove/board/get", {{"workspaceUri", kWs}});
  ASSERT_EQ(board["items"].size(), 1u) << "only the workspace project's unit is a capture: " << board.dump(2);
  const json& item = board["items"][0];
  EXPECT_EQ(item["kind"], "snippet");
  EXPECT_EQ(item["projectId"], inWs);
  EXPECT_EQ(item["memo"], "the pool size");
  EXPECT_EQ(item["content"], "pool.resize(8);");
  EXPECT_EQ(item["sourceUnitIds"], json::array({unit["id"]}));
}

}  // namespace
}  // namespace grove::test
