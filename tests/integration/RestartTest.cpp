// What a clean restart of the real server must keep: every field of every
// unit byte for byte (including NUL and non-ASCII text), code sources,
// revisions, scope, branch metadata, the marks, and the undo/redo history.
#include <gtest/gtest.h>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

void stop(ServerProcess& srv) {
  ASSERT_TRUE(isResult(srv.client().call("shutdown")));
  srv.client().notify("exit");
  ASSERT_EQ(srv.waitExit(), 0);
}

TEST(Restart, StateAndHistorySurviveByteForByte) {
  TempDir dir;
  const std::string db = dir.file("grove.db");
  using namespace std::string_literals;
  const std::string tricky = "nul\0inside, émoji 🌳, quote \" and \\ backslash"s;
  ASSERT_EQ(tricky.size(), 48u);
  json before, code, q, a;
  std::string pid;
  {
    ServerProcess srv(db);
    RpcClient& rpc = srv.client();
    rpc.initialize();
    pid = rpc.result("grove/project/create", {{"title", "🌳 restart"}, {"workspaceUri", "file:///w"}})["id"];
    q = rpc.result("grove/unit/append", {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"},
                                         {"content", tricky}});
    a = rpc.result("grove/unit/append", {{"projectId", pid}, {"parentId", q["id"]}, {"role", "assistant"},
                                         {"content", "v1"}});
    code = rpc.result("grove/unit/append",
                      {{"projectId", pid}, {"parentId", a["id"]}, {"role", "user"}, {"kind", "code"},
                       {"content", "fn main() {}\n"},
                       {"source", {{"uri", "file:///src/main.rs"},
                                   {"range", {{"start", {{"line", 0}, {"character", 0}}},
                                              {"end", {{"line", 0}, {"character", 12}}}}},
                                   {"languageId", "rust"}, {"memo", "entry point"}, {"gitCommit", "abc123"}}},
                       {"branch", {{"title", "Code"}, {"intent", "look at main"}}}});
    rpc.result("grove/unit/edit", {{"unitId", a["id"]}, {"content", "v2"}});
    rpc.result("grove/unit/setScope", {{"unitIds", {q["id"]}}, {"scope", "excluded"}});
    rpc.result("grove/branch/update", {{"projectId", pid}, {"headId", code["id"]}, {"status", "completed"}});
    rpc.result("grove/mainline/set", {{"projectId", pid}, {"startId", a["id"]}});
    before = rpc.result("grove/project/get", {{"projectId", pid}});
    stop(srv);
  }
  ServerProcess srv(db);
  RpcClient& rpc = srv.client();
  rpc.initialize();
  json after = rpc.result("grove/project/get", {{"projectId", pid}});
  EXPECT_EQ(after, before);
  EXPECT_EQ(rpc.result("grove/unit/get", {{"unitId", q["id"]}})["content"], tricky);
  EXPECT_EQ(rpc.result("grove/unit/get", {{"unitId", code["id"]}})["source"], code["source"]);
  EXPECT_EQ(rpc.result("grove/unit/revisions", {{"unitId", a["id"]}})["revisions"][0]["content"], "v1");

  // The history walks back across the restart, newest first...
  EXPECT_TRUE(rpc.result("grove/history/undo", {{"projectId", pid}})["mainlineStartId"].is_null());
  rpc.result("grove/history/undo", {{"projectId", pid}});  // branch status
  rpc.result("grove/history/undo", {{"projectId", pid}});  // scope
  EXPECT_EQ(rpc.result("grove/unit/get", {{"unitId", q["id"]}})["scope"], "auto");
  rpc.result("grove/history/undo", {{"projectId", pid}});  // edit
  EXPECT_EQ(rpc.result("grove/unit/get", {{"unitId", a["id"]}})["content"], "v1");
  stop(srv);

  // ...and the undone part can be redone after another restart.
  ServerProcess third(db);
  third.client().initialize();
  for (int i = 0; i < 4; ++i) third.client().result("grove/history/redo", {{"projectId", pid}});
  EXPECT_TRUE(isInvalidOperation(third.client().call("grove/history/redo", {{"projectId", pid}}),
                                 "nothingToRedo"));
  json redone = third.client().result("grove/project/get", {{"projectId", pid}});
  EXPECT_EQ(redone["units"], before["units"]);
  EXPECT_EQ(redone["branches"], before["branches"]);
  EXPECT_EQ(redone["project"]["mainlineStartId"], a["id"]);
}

}  // namespace
}  // namespace grove::test
