// grove/project/didChange: one notification after every change, carrying
// the operation's name, the project's new revision and the units it touched;
// none for reads or refused requests.
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

class DidChange : public ServerFixture {
protected:
  /// Runs a request that must succeed and returns the notification it causes,
  /// checking that it is the very next one (so reads before it sent none).
  json expectChange(const std::string& method, const json& params, const std::string& op) {
    rpc().result(method, params);
    // Answers also index memolets; those have their own notification.
    auto n = rpc().waitForNotification(
        [](const json& m) { return m.value("method", "") != "grove/memolet/didChange"; });
    if (!n) {
      ADD_FAILURE() << method << " sent no didChange";
      return json::object();
    }
    EXPECT_EQ((*n)["method"], "grove/project/didChange");
    const json& p = (*n)["params"];
    EXPECT_EQ(p["op"], op) << method;
    if (lastRevision_ >= 0 && p["projectId"] == projectId_) {
      EXPECT_EQ(p["revision"].get<int64_t>(), lastRevision_ + 1) << method;
    }
    projectId_ = p["projectId"];
    lastRevision_ = p["revision"].get<int64_t>();
    return p;
  }
  std::string projectId_;
  int64_t lastRevision_ = -1;
};

TEST_F(DidChange, EveryChangeAnnouncesItselfWithIncreasingRevisions) {
  rpc().takeNotifications();
  json create = expectChange("grove/project/create", {{"title", "t"}}, "create");
  std::string pid = create["projectId"];
  EXPECT_EQ(create["unitIds"], json::array());

  json n = expectChange("grove/unit/append",
                        {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", "q"}},
                        "append");
  ASSERT_EQ(n["unitIds"].size(), 1u);
  std::string q = n["unitIds"][0];
  n = expectChange("grove/unit/append",
                   {{"projectId", pid}, {"parentId", q}, {"role", "assistant"}, {"content", "a"}}, "append");
  std::string a = n["unitIds"][0];
  n = expectChange("grove/unit/append",
                   {{"projectId", pid}, {"parentId", q}, {"role", "assistant"}, {"content", "b"},
                    {"branch", {{"title", "B"}}}},
                   "append");
  std::string b = n["unitIds"][0];

  // Reads in between announce nothing: the next notification is the edit's.
  rpc().result("grove/project/get", {{"projectId", pid}});
  rpc().result("grove/scope/preview", {{"projectId", pid}, {"cursorId", a}});
  rpc().result("grove/search", {{"query", "q"}});
  // Neither do refused changes.
  EXPECT_TRUE(isError(rpc().call("grove/unit/edit", {{"unitId", "u-none"}, {"content", "x"}}), 1001));

  n = expectChange("grove/unit/edit", {{"unitId", a}, {"content", "a2"}}, "edit");
  EXPECT_EQ(n["unitIds"], json::array({a}));
  n = expectChange("grove/unit/setScope", {{"unitIds", {q}}, {"scope", "excluded"}}, "setScope");
  EXPECT_EQ(n["unitIds"], json::array({q}));
  expectChange("grove/scope/reset", {{"projectId", pid}}, "scopeReset");
  expectChange("grove/mainline/set", {{"projectId", pid}, {"endId", b}}, "mainline");
  expectChange("grove/branch/update", {{"projectId", pid}, {"headId", a}, {"status", "abandoned"}}, "branch");
  expectChange("grove/history/undo", {{"projectId", pid}}, "undo");
  expectChange("grove/history/redo", {{"projectId", pid}}, "redo");
  n = expectChange("grove/unit/delete", {{"unitIds", {a}}}, "delete");
  EXPECT_EQ(n["unitIds"], json::array({a}));
  expectChange("grove/project/setCursor", {{"projectId", pid}, {"cursorId", q}}, "cursor");
  expectChange("grove/project/rename", {{"projectId", pid}, {"title", "renamed"}}, "rename");
  expectChange("grove/project/delete", {{"projectId", pid}}, "delete");
  json restored = expectChange("grove/project/restore", {{"projectId", pid}}, "restore");

  // The last revision announced is the project's revision.
  EXPECT_EQ(getProject(pid)["project"]["revision"], restored["revision"]);
}

TEST_F(DidChange, APreviewDeleteAndANoOpEditAnnounceNothing) {
  std::string pid = createProject()["id"];
  json q = append(pid, nullptr, "user", "same");
  rpc().result("grove/unit/delete", {{"unitIds", {q["id"]}}, {"preview", true}});
  rpc().result("grove/unit/edit", {{"unitId", q["id"]}, {"content", "same"}});
  // Drain what the setup caused, then a real change must be next in line.
  auto setup = rpc().waitForNotification([&](const json& n) {
    return n["params"]["op"] == "append";
  });
  ASSERT_TRUE(setup);
  int64_t rev = (*setup)["params"]["revision"];
  rpc().result("grove/project/rename", {{"projectId", pid}, {"title", "r"}});
  auto next = rpc().waitForNotification([](const json&) { return true; });
  ASSERT_TRUE(next);
  EXPECT_EQ((*next)["params"]["op"], "rename");
  EXPECT_EQ((*next)["params"]["revision"], rev + 1);
}

}  // namespace
}  // namespace grove::test
