// grove/history/undo and grove/history/redo: each walks one entry of the
// project's operation log.
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

using HistoryMethods = ServerFixture;

TEST_F(HistoryMethods, UndoAndRedoWalkStructureContentAndScopeChanges) {
  std::string pid = createProject()["id"];
  json q = append(pid, nullptr, "user", "q");
  json a = append(pid, q["id"], "assistant", "first");
  rpc().result("grove/unit/edit", {{"unitId", a["id"]}, {"content", "second"}});
  rpc().result("grove/unit/setScope", {{"unitIds", {q["id"]}}, {"scope", "excluded"}});

  auto undo = [&] { return rpc().result("grove/history/undo", {{"projectId", pid}}); };
  auto redo = [&] { return rpc().result("grove/history/redo", {{"projectId", pid}}); };
  auto unit = [&](const json& id) { return rpc().call("grove/unit/get", {{"unitId", id}}); };

  json p = undo();  // the scope change
  EXPECT_EQ(p["id"], pid);
  EXPECT_EQ(unit(q["id"])["result"]["scope"], "auto");
  undo();  // the edit
  EXPECT_EQ(unit(a["id"])["result"]["content"], "first");
  undo();  // the append of a
  EXPECT_TRUE(isNotFound(unit(a["id"]), "unitNotFound", a["id"]));
  EXPECT_EQ(getProject(pid)["project"]["mainlineEndId"], q["id"]);

  p = redo();
  EXPECT_EQ(unit(a["id"])["result"]["content"], "first");
  EXPECT_EQ(p["mainlineEndId"], a["id"]);
  redo();
  EXPECT_EQ(unit(a["id"])["result"]["content"], "second");
  redo();
  EXPECT_EQ(unit(q["id"])["result"]["scope"], "excluded");
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/history/redo", {{"projectId", pid}}), "nothingToRedo"));
}

TEST_F(HistoryMethods, ANewChangeAfterUndoDropsTheRedoTail) {
  std::string pid = createProject()["id"];
  json q = append(pid, nullptr, "user", "q");
  append(pid, q["id"], "assistant", "a");
  rpc().result("grove/history/undo", {{"projectId", pid}});
  append(pid, q["id"], "assistant", "b");
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/history/redo", {{"projectId", pid}}), "nothingToRedo"));
}

TEST_F(HistoryMethods, UndoOfADeleteBringsTheTextBack) {
  std::string pid = createProject()["id"];
  json q = append(pid, nullptr, "user", "q");
  json a = append(pid, q["id"], "assistant", "answer text");
  append(pid, a["id"], "user", "follow-up");
  rpc().result("grove/unit/delete", {{"unitIds", {a["id"]}}});
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", a["id"]}})["kind"], "placeholder");
  rpc().result("grove/history/undo", {{"projectId", pid}});
  json back = rpc().result("grove/unit/get", {{"unitId", a["id"]}});
  EXPECT_EQ(back["kind"], "message");
  EXPECT_EQ(back["content"], "answer text");
}

TEST_F(HistoryMethods, Errors) {
  std::string pid = createProject()["id"];
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/history/undo", {{"projectId", pid}}), "nothingToUndo"));
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/history/redo", {{"projectId", pid}}), "nothingToRedo"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/history/undo", {{"projectId", "p-no"}}), "projectNotFound", "p-no"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/history/redo", {{"projectId", "p-no"}}), "projectNotFound", "p-no"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/history/undo", json::object()), "projectId"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/history/redo", {{"projectId", 1}}), "projectId"));
}

}  // namespace
}  // namespace grove::test
