// The model's part in the board's groups (issue 16): grove-server with
// grove-fake-provider on loopback. A group that placement makes is named by
// the utility model after the reply; "reorganise these with an
// instruction" turns a free instruction into a pending card of the model's
// groups, previewable and accepted as one undo entry; a reply that cannot be
// read is asked for once more, then a clear 1003 error that leaves the
// board as it was; an instruction that names a key never reaches the model.
#include "BoardModelFixture.h"

namespace grove::chat_test {
namespace {

const std::string& kWs = kBoardWs;

class BoardModelGrouping : public BoardModelFixture {
protected:
  /// Four notes in two groups made by hand (no model call places them).
  void fourNotes() {
    a1_ = note("Postgres connection pooling with pgbouncer in transaction mode.");
    a2_ = note("The pgbouncer pool size is twenty connections per worker.");
    b1_ = note("Frontend toast notifications fade out after five seconds.");
    b2_ = note("Toast styling uses the theme colours.");
    json made = rpc().result("grove/board/edit",
                             {{"workspaceUri", kWs},
                              {"ops", {{{"op", "Group"}, {"ref", "a"}, {"itemIds", {a1_, b1_}}, {"title", "Mixed 1"}},
                                       {{"op", "Group"}, {"ref", "b"}, {"itemIds", {a2_, b2_}}, {"title", "Mixed 2"}}}}});
    mixed1_ = made["refs"]["a"];
    mixed2_ = made["refs"]["b"];
  }

  json reorganize(const std::string& instruction) {
    return rpc().call("grove/board/reorganize", {{"workspaceUri", kWs}, {"instruction", instruction}}, Millis(20000));
  }

  json board() { return rpc().result("grove/board/get", {{"workspaceUri", kWs}}); }

  /// The group of board `b` with that title (b must outlive the pointer).
  static const json* groupTitled(const json& b, const std::string& title) {
    for (const auto& g : b["groups"])
      if (g["title"] == title) return &g;
    return nullptr;
  }

  bool hasGroup(const std::string& title) {
    json b = board();
    return groupTitled(b, title) != nullptr;
  }

  std::string a1_, a2_, b1_, b2_, mixed1_, mixed2_;
};

TEST_F(BoardModelGrouping, ANewGroupIsNamedByTheModelAfterTheReply) {
  json name = {{"title", "Connection pooling"}, {"summary", "How the API pools its Postgres connections."}};
  // Analysis (unusable: offline fields), no candidates, then the group's name.
  fake_->setScript(json::array({answer("no analysis"), answer(name.dump())}));
  rpc().takeNotifications();
  json r = capture({{"content", "pgbouncer transaction mode breaks prepared statements."}});
  ASSERT_TRUE(r["placement"]["created"]);
  std::string group = r["placement"]["groupId"];
  auto named = rpc().waitForNotification([](const json& n) {
    return n.value("method", "") == "grove/board/didChange" && n["params"].value("op", "") == "evolve";
  });
  ASSERT_TRUE(named);
  EXPECT_EQ((*named)["params"]["groupIds"], json::array({group}));
  json after = board();
  const json* g = groupTitled(after, "Connection pooling");
  ASSERT_NE(g, nullptr) << after["groups"].dump();
  EXPECT_EQ((*g)["id"], group);
  EXPECT_EQ((*g)["summary"], "How the API pools its Postgres connections.");
  EXPECT_EQ((*g)["userEdited"], json::array()) << "the model's name is not the user's";
  json asked = chatRequests();
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_NE(asked[1]["body"].dump().find("Memories of the group"), std::string::npos);

  // The name is part of the capture's follow-up entry: one undo takes it back
  // to the keywords, and the item stays.
  json undone = rpc().result("grove/board/undo", {{"workspaceUri", kWs}});
  EXPECT_EQ(undone["op"], "undo");
  EXPECT_FALSE(hasGroup("Connection pooling"));
}

TEST_F(BoardModelGrouping, AFreeInstructionBecomesACardOfTheModelsGroups) {
  fourNotes();
  json groups = {{"groups",
                  {{{"title", "  Database pooling  "},
                    {"summary", "Postgres and pgbouncer."},
                    {"itemIds", {a1_, a2_, "m_invented"}}},
                   {{"title", "Toasts"}, {"summary", "Frontend notifications."}, {"itemIds", {b1_, b2_, a1_}}},
                   {{"title", "Empty"}, {"itemIds", json::array()}}}}};
  fake_->setScript(json::array({answer("```json\n" + groups.dump() + "\n```")}));
  rpc().takeNotifications();
  json reply = reorganize("separate what is about the database from what is about the UI");
  ASSERT_TRUE(reply.contains("result")) << reply.dump();
  const json& card = reply["result"]["suggestion"];
  EXPECT_EQ(card["kind"], "reorganize");
  EXPECT_EQ(card["source"], "model");
  EXPECT_EQ(card["state"], "pending");
  EXPECT_EQ(card["workspaceUri"], kWs);
  const json& ops = card["ops"];
  ASSERT_EQ(ops.size(), 4u) << ops.dump();
  EXPECT_EQ(ops[0]["op"], "Group");
  EXPECT_EQ(ops[0]["title"], "Database pooling");
  EXPECT_EQ(ops[0]["itemIds"], json::array({a1_, a2_})) << "an invented id is dropped";
  EXPECT_EQ(ops[1]["itemIds"], json::array({b1_, b2_})) << "a memory stays in the first group naming it";
  EXPECT_EQ(ops[2]["op"], "Ungroup");
  EXPECT_EQ(ops[3]["op"], "Ungroup");
  EXPECT_TRUE(rpc().waitForNotification(
      [](const json& n) { return n.value("method", "") == "grove/suggestion/didCreate"; }));

  // The prompt carried the instruction and every memory by id.
  json asked = chatRequests();
  ASSERT_EQ(asked.size(), 1u);
  std::string prompt = asked[0]["body"].dump();
  EXPECT_NE(prompt.find("separate what is about the database"), std::string::npos);
  for (const auto& id : {a1_, a2_, b1_, b2_}) EXPECT_NE(prompt.find("[id: " + id), std::string::npos) << id;

  // Nothing moved yet; accepting applies the card as one undo entry.
  EXPECT_FALSE(hasGroup("Toasts"));
  json resolved = rpc().result("grove/suggestion/resolve", {{"suggestionId", card["id"]}, {"decision", "accept"}});
  EXPECT_EQ(resolved["suggestion"]["state"], "accepted");
  json after = board();
  const json* db = groupTitled(after, "Database pooling");
  const json* toasts = groupTitled(after, "Toasts");
  ASSERT_TRUE(db && toasts) << after["groups"].dump();
  EXPECT_EQ((*db)["summary"], "Postgres and pgbouncer.");
  EXPECT_EQ((*db)["origin"], "reorganize");
  EXPECT_EQ(groupTitled(after, "Mixed 1"), nullptr) << "emptied groups go";
  rpc().result("grove/board/undo", {{"workspaceUri", kWs}});
  EXPECT_TRUE(hasGroup("Mixed 1")) << "one undo restores the old groups";
  EXPECT_FALSE(hasGroup("Toasts"));
}

TEST_F(BoardModelGrouping, AnUnreadableReplyIsAskedAgainOnceThenIsAClearError) {
  fourNotes();
  json good = {{"groups", {{{"title", "Pooling"}, {"itemIds", {a1_, a2_}}}}}};
  fake_->setScript(json::array({answer("Sure! Here are the groups: pooling, toasts."), answer(good.dump())}));
  json reply = reorganize("put the pooling notes together");
  ASSERT_TRUE(reply.contains("result")) << reply.dump();
  EXPECT_EQ(reply["result"]["suggestion"]["ops"][0]["itemIds"], json::array({a1_, a2_}));
  json asked = chatRequests();
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_NE(asked[1]["body"].dump().find("could not be used"), std::string::npos) << "the retry says why";

  fake_->setScript(json::array({answer("{\"groups\": [{\"title\": \"x\", \"itemIds\": \"all\"}]}")}));
  json before = board();
  reply = reorganize("put the pooling notes together");
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], 1003);
  EXPECT_EQ(reply["error"]["data"]["kind"], "badResponse");
  EXPECT_NE(reply["error"]["message"].get<std::string>().find("by file"), std::string::npos)
      << "the message names what works without the model";
  EXPECT_EQ(chatRequests().size(), 2u) << "asked twice, no more";
  EXPECT_EQ(board()["revision"], before["revision"]);
  json cards = rpc().result("grove/suggestion/list", {{"workspaceUri", kWs}, {"state", "pending"}});
  EXPECT_EQ(cards["suggestions"].size(), 1u) << "only the first call's card";
}

TEST_F(BoardModelGrouping, NoUsableGroupIsCannotApplyAndAKeyNeverReachesTheModel) {
  fourNotes();
  fake_->setScript(json::array({answer("{\"groups\": []}")}));
  json reply = reorganize("sort these by how much I like them");
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], 1002);
  EXPECT_EQ(reply["error"]["data"]["kind"], "cannotApply");

  fake_->setScript(json::array({answer("{\"groups\": []}")}));
  reply = reorganize("group these by kind");
  ASSERT_TRUE(reply.contains("result")) << reply.dump();
  EXPECT_EQ(reply["result"]["suggestion"]["source"], "native");
  EXPECT_EQ(chatRequests().size(), 0u);
}

TEST_F(BoardModelGrouping, BadInputFailsBeforeTheModelIsAsked) {
  fourNotes();
  fake_->setScript(json::array({answer("{\"groups\": []}")}));
  json reply = rpc().call("grove/board/reorganize",
                          {{"workspaceUri", kWs}, {"instruction", "regroup"}, {"itemIds", {"m_nope"}}}, Millis(20000));
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], 1001);
  reply = rpc().call("grove/board/reorganize", {{"workspaceUri", kWs}, {"instruction", "  "}}, Millis(20000));
  EXPECT_EQ(reply["error"]["code"], -32602);
  EXPECT_EQ(chatRequests().size(), 0u);
}

}  // namespace
}  // namespace grove::chat_test
