// Context-augmented turns over the wire (issue 16, DESIGN §11.2 "Memory in
// turns"): the workspace board's notes and snippets reach a conversation's
// prompt, each block says why it is there, `@` group mentions and `memory`
// (add, remove, presets) choose them, archived items never do, and the turn's
// reply carries the same blocks the preview showed.
#include <gtest/gtest.h>

#include "InProcessServer.h"
#include "RpcAssertions.h"

namespace grove::test {
namespace {

const std::string kWs = "file:///home/ana/app";

class MemoryInTurns : public ::testing::Test {
protected:
  void SetUp() override {
    c.initialize();
    projectId = c.result("grove/project/create", {{"title", "retry work"}, {"workspaceUri", kWs}})["id"];
  }

  json capture(const std::string& content, const json& extra = json::object()) {
    json params = {{"workspaceUri", kWs}, {"content", content}};
    params.update(extra);
    return c.result("grove/board/capture", params)["item"];
  }

  json snippet(const std::string& code, const std::string& path, const std::string& memo) {
    return capture(code, {{"source",
                           {{"uri", kWs + "/" + path},
                            {"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 2}, {"character", 0}}}}},
                            {"languageId", "ts"},
                            {"memo", memo}}}});
  }

  json preview(const std::string& prompt, const json& memory = nullptr) {
    json params = {{"projectId", projectId}, {"prompt", prompt}};
    if (!memory.is_null()) params["memory"] = memory;
    return c.result("grove/scope/preview", params);
  }

  static const json* block(const json& blocks, const std::string& id) {
    for (const auto& b : blocks)
      if (b["memoletId"] == id) return &b;
    return nullptr;
  }

  InProcessServer server;
  RpcClient& c = server.client();
  std::string projectId;
};

TEST_F(MemoryInTurns, TheBoardsSnippetsReachThePromptWithWhyAndContextysScore) {
  json retry = snippet("for (let i = 0; i < 5; i++) { await sleep(backoff(i)); }", "src/net/retry.ts",
                       "retry with exponential backoff, capped");
  capture("The release checklist lives in docs/release.md and needs a signed tag.");
  json pv = preview("How does our retry loop compute the exponential backoff?");
  const json* b = block(pv["memory"], retry["id"]);
  ASSERT_NE(b, nullptr) << pv["memory"].dump(2);
  EXPECT_EQ((*b)["why"], "retrieved");
  EXPECT_EQ((*b)["kind"], "snippet");
  EXPECT_EQ((*b)["rank"], 1);
  EXPECT_GT((*b)["score"].get<double>(), 0.0);
  EXPECT_EQ((*b)["groupId"], retry["groupId"]);
  ASSERT_TRUE((*b)["contexty"].is_object());
  EXPECT_GT((*b)["contexty"]["overlap"].get<double>(), 0.0);
  // Captured just now: the full recency part (0.15).
  EXPECT_NEAR((*b)["contexty"]["recency"].get<double>(), 0.15, 1e-3);
  EXPECT_NEAR((*b)["contexty"]["total"].get<double>(),
              (*b)["contexty"]["overlap"].get<double>() + (*b)["contexty"]["tag"].get<double>() +
                  (*b)["contexty"]["recency"].get<double>(),
              1e-9);
  EXPECT_GT((*b)["tokens"].get<int>(), 0);
  // The preview re-checks captured files; this one is on no disk here: missing.
  EXPECT_TRUE((*b)["stale"]);

  const std::string system = pv["system"];
  size_t understanding = system.find("[TASK UNDERSTANDING] ");
  ASSERT_NE(understanding, std::string::npos) << system;
  EXPECT_LT(understanding, system.find("[MEMORY CONTEXTS]")) << "the memory section opens with it";
  const std::string header = "[MEMOLET: " + retry["title"].get<std::string>() + " | memolet:" +
                             retry["id"].get<std::string>() + " | snippet]\n";
  size_t at = system.find(header);
  ASSERT_NE(at, std::string::npos) << system;
  // Context, summary and tags, then the code as a code unit renders it.
  size_t context = system.find("Context: ", at), tags = system.find("Tags: ", at);
  size_t file = system.find("File: /home/ana/app/src/net/retry.ts (lines 1-3) (stale: changed since captured)", at);
  EXPECT_LT(context, tags);
  EXPECT_LT(tags, file);
  EXPECT_NE(system.find("Memo: retry with exponential backoff, capped\n```ts\nfor (let i", at), std::string::npos);
}

TEST_F(MemoryInTurns, MentionsAndAddedMemoriesComeFirstAndRemovedOnesNowhere) {
  json retry = snippet("await sleep(backoff(i));", "src/net/retry.ts", "backoff between attempts");
  json note = capture("Deploys go through the staging cluster first; production needs two approvals.");
  json other = capture("Our retry budget is five attempts before the circuit breaker opens.");
  std::string mention = "@[" + note["title"].get<std::string>() + "](memolet:" + note["id"].get<std::string>() + ")";
  json pv = preview("Compare " + mention + " with the retry policy.",
                    {{"add", {retry["id"]}}, {"remove", {other["id"]}}});
  const json& blocks = pv["memory"];
  ASSERT_GE(blocks.size(), 2u) << blocks.dump(2);
  EXPECT_EQ(blocks[0]["memoletId"], note["id"]);
  EXPECT_EQ(blocks[0]["why"], "mention");
  EXPECT_EQ(blocks[0]["rank"], nullptr);
  EXPECT_EQ(blocks[0]["contexty"], nullptr);
  EXPECT_EQ(blocks[1]["memoletId"], retry["id"]);
  EXPECT_EQ(blocks[1]["why"], "added");
  EXPECT_EQ(block(blocks, other["id"]), nullptr) << "a removed memory is never a block";
  const std::string system = pv["system"];
  EXPECT_NE(system.find("memolet:" + note["id"].get<std::string>() + " | note | MENTION]"), std::string::npos);
  EXPECT_NE(system.find("memolet:" + retry["id"].get<std::string>() + " | snippet | MENTION]"), std::string::npos);
  EXPECT_EQ(system.find(other["id"].get<std::string>()), std::string::npos) << system;
  // (The board's understanding may still name it among the recent memories.)
  const std::string contexts = system.substr(system.find("[MEMORY CONTEXTS]"));
  EXPECT_EQ(contexts.find("circuit breaker"), std::string::npos) << contexts;
}

TEST_F(MemoryInTurns, AGroupMentionBringsItsNewestMembers) {
  json first = capture("Postgres pool size is 20 per API worker.");
  std::string group = first["groupId"];
  std::vector<std::string> ids{first["id"]};
  for (const char* text : {"Postgres statement timeout is 5 s for API queries.",
                           "Postgres connections go through pgbouncer in transaction mode.",
                           "Postgres replicas serve the reporting queries."})
    ids.push_back(capture(text, {{"groupId", group}})["id"]);
  c.result("grove/board/edit",
           {{"workspaceUri", kWs}, {"ops", {{{"op", "UpdateGroup"}, {"id", group}, {"title", "Database"}}}}});
  // `@` completion offers the group, with the reference that mentions it.
  json items = c.result("grove/memolet/complete", {{"prefix", "datab"}, {"projectId", projectId}})["items"];
  ASSERT_FALSE(items.empty());
  EXPECT_EQ(items[0]["kind"], "group");
  EXPECT_EQ(items[0]["id"], group);
  EXPECT_EQ(items[0]["insertText"], "@[Database](group:" + group + ")");
  json pv = preview("Summarise @[Database](group:" + group + ") for the new hire.", {{"preset", "none"}});
  const json& blocks = pv["memory"];
  ASSERT_EQ(blocks.size(), 3u) << "groupMentionSize is 3: " << blocks.dump(2);
  // Newest first: the last three captured.
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(blocks[i]["memoletId"], ids[3 - i]);
    EXPECT_EQ(blocks[i]["why"], "group");
    EXPECT_EQ(blocks[i]["groupId"], group);
  }
  // `none`: nothing retrieved and no understanding, the mention stays.
  EXPECT_EQ(pv["system"].get<std::string>().find("[TASK UNDERSTANDING]"), std::string::npos);
  c.result("grove/workspace/configure", {{"workspaceUri", kWs}, {"board", {{"groupMentionSize", 1}}}});
  json one = preview("Summarise @[Database](group:" + group + ").", {{"preset", "none"}});
  ASSERT_EQ(one["memory"].size(), 1u);
  EXPECT_EQ(one["memory"][0]["memoletId"], ids[3]);
  json bad = c.call("grove/scope/preview", {{"projectId", projectId}, {"prompt", "see @[X](group:g_nothing)"}});
  EXPECT_EQ(bad["error"]["data"]["kind"], "boardGroupNotFound") << bad.dump();
}

TEST_F(MemoryInTurns, PresetsNarrowRetrievalAndArchivedItemsAreNeverCandidates) {
  json code = snippet("const TIMEOUT_MS = 3000; // http client timeout", "src/http.ts", "http timeout");
  json note = capture("The http client timeout was raised after the payments outage.");
  const std::string prompt = "What is the http client timeout?";
  json all = preview(prompt);
  EXPECT_NE(block(all["memory"], code["id"]), nullptr) << all["memory"].dump(2);
  EXPECT_NE(block(all["memory"], note["id"]), nullptr) << all["memory"].dump(2);

  json snippets = preview(prompt, {{"preset", "snippets"}});
  EXPECT_NE(block(snippets["memory"], code["id"]), nullptr);
  EXPECT_EQ(block(snippets["memory"], note["id"]), nullptr) << "snippets only";

  std::string noteGroup = note["groupId"];
  json group = preview(prompt, {{"preset", "group"}, {"groupId", noteGroup}});
  for (const auto& b : group["memory"]) EXPECT_EQ(b["groupId"], noteGroup) << group["memory"].dump(2);

  c.result("grove/board/edit",
           {{"workspaceUri", kWs}, {"ops", {{{"op", "UpdateItem"}, {"id", code["id"]}, {"archived", true}}}}});
  json after = preview(prompt);
  EXPECT_EQ(block(after["memory"], code["id"]), nullptr) << "archived: out of retrieval";
  EXPECT_EQ(after["system"].get<std::string>().find("TIMEOUT_MS"), std::string::npos);

  // Another workspace's board is not this project's memory.
  std::string elsewhere =
      c.result("grove/project/create", {{"title", "other"}, {"workspaceUri", "file:///home/ana/other"}})["id"];
  json other = c.result("grove/scope/preview", {{"projectId", elsewhere}, {"prompt", prompt}});
  EXPECT_EQ(block(other["memory"], note["id"]), nullptr) << other["memory"].dump(2);

  EXPECT_TRUE(isInvalidParams(c.call("grove/scope/preview", {{"projectId", projectId}, {"prompt", prompt},
                                                             {"memory", {{"preset", "everything"}}}}),
                              "memory.preset"));
  EXPECT_TRUE(isInvalidParams(
      c.call("grove/scope/preview", {{"projectId", projectId}, {"prompt", prompt}, {"memory", {{"preset", "group"}}}}),
      "memory.groupId"));
  EXPECT_TRUE(isInvalidParams(
      c.call("grove/scope/preview", {{"projectId", projectId}, {"prompt", prompt}, {"memory", {{"add", "m_1"}}}}),
      "memory.add"));
  EXPECT_TRUE(isInvalidParams(c.call("grove/scope/preview", {{"projectId", projectId}, {"prompt", prompt}, {"memory", 3}}),
                              "memory"));
  json unknown = c.call("grove/scope/preview",
                        {{"projectId", projectId}, {"prompt", prompt}, {"memory", {{"add", {"m_nothing"}}}}});
  EXPECT_EQ(unknown["error"]["data"]["kind"], "memoletNotFound");
}

TEST_F(MemoryInTurns, ATurnCarriesTheBlocksItsPromptHad) {
  json code = snippet("const TIMEOUT_MS = 3000; // http client timeout", "src/http.ts", "http timeout");
  json note = capture("Staging deploys need a green nightly build.");
  json turn = c.result("grove/chat/send", {{"projectId", projectId},
                                           {"parentId", nullptr},
                                           {"content", "Should the http client timeout be longer?"},
                                           {"memory", {{"add", {note["id"]}}}}});
  const json& blocks = turn["memory"];
  ASSERT_GE(blocks.size(), 2u) << turn.dump(2);
  EXPECT_EQ(blocks[0]["memoletId"], note["id"]);
  EXPECT_EQ(blocks[0]["why"], "added");
  EXPECT_NE(block(blocks, code["id"]), nullptr);
  std::vector<std::string> ids;
  for (const auto& b : blocks) ids.push_back(b["memoletId"]);
  EXPECT_EQ(turn["retrieved"], json(ids)) << "retrieved lists the same memories, in prompt order";
  // A bad choice fails the send before the message is stored.
  json bad = c.call("grove/chat/send", {{"projectId", projectId},
                                        {"parentId", nullptr},
                                        {"content", "again"},
                                        {"memory", {{"preset", "group"}, {"groupId", "g_nothing"}}}});
  EXPECT_EQ(bad["error"]["data"]["kind"], "boardGroupNotFound") << bad.dump();
  json project = c.result("grove/project/get", {{"projectId", projectId}});
  for (const auto& u : project["units"]) EXPECT_NE(u["content"], "again");
  // Regenerate takes a choice too: `none` leaves the added note alone.
  json again = c.result("grove/chat/regenerate",
                        {{"unitId", turn["assistantUnit"]["id"]}, {"memory", {{"preset", "none"}}}});
  EXPECT_EQ(again["memory"], json::array());
}

}  // namespace
}  // namespace grove::test
