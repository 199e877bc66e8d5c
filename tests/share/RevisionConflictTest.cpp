// Two editors never overwrite each other silently: a mutating request may say
// which project revision it was made against (expectedRevision), and when the
// project moved on meanwhile it is refused with 1002 revisionConflict and the
// current revision, changing nothing.
#include <gtest/gtest.h>

#include "SharedStore.h"

namespace grove::test {
namespace {

long long revisionOf(RpcClient& c, const std::string& pid) {
  return c.result("grove/project/get", {{"projectId", pid}})["project"]["revision"].get<long long>();
}

::testing::AssertionResult isConflictAt(const json& reply, long long revision) {
  auto r = isInvalidOperation(reply, "revisionConflict");
  if (!r) return r;
  const json& data = reply["error"]["data"];
  if (data.contains("revision") && data["revision"] == revision) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected data.revision " << revision << ", got " << reply.dump();
}

class RevisionConflictBetweenEditors : public SharedStore {
protected:
  void SetUp() override {
    owner_ = editor("editor-a");
    joined_ = editor("editor-b");
    pid_ = createProject(a(), "contested")["id"];
    unit_ = append(a(), pid_, nullptr, "original")["id"];
  }
  RpcClient& a() { return owner_->client(); }
  RpcClient& b() { return joined_->client(); }

  std::unique_ptr<ServerProcess> owner_, joined_;
  std::string pid_, unit_;
};

TEST_F(RevisionConflictBetweenEditors, AStaleEditIsRefusedAndTheOtherEditorsTextKept) {
  long long seen = revisionOf(b(), pid_);  // both editors look at the same revision
  ASSERT_EQ(revisionOf(a(), pid_), seen);

  json first = a().call("grove/unit/edit", {{"unitId", unit_}, {"content", "a's text"}, {"expectedRevision", seen}});
  ASSERT_TRUE(isResult(first)) << first.dump();
  long long now = revisionOf(a(), pid_);
  ASSERT_GT(now, seen);

  json stale = b().call("grove/unit/edit", {{"unitId", unit_}, {"content", "b's text"}, {"expectedRevision", seen}});
  EXPECT_TRUE(isConflictAt(stale, now));
  EXPECT_EQ(b().result("grove/unit/get", {{"unitId", unit_}})["content"], "a's text");
  EXPECT_EQ(revisionOf(b(), pid_), now) << "a refused request changed the project";
  EXPECT_TRUE(b().result("grove/unit/revisions", {{"unitId", unit_}})["revisions"].size() == 1u)
      << "b's refused text reached the revisions";

  // Retried against the revision it was told about, it goes through.
  json retried = b().call("grove/unit/edit", {{"unitId", unit_}, {"content", "b's text"}, {"expectedRevision", now}});
  EXPECT_TRUE(isResult(retried)) << retried.dump();
  EXPECT_EQ(a().result("grove/unit/get", {{"unitId", unit_}})["content"], "b's text");
}

TEST_F(RevisionConflictBetweenEditors, StaleAppendsRenamesAndScopeChangesAreRefused) {
  long long seen = revisionOf(b(), pid_);
  a().result("grove/project/rename", {{"projectId", pid_}, {"title", "renamed by a"}});
  long long now = revisionOf(a(), pid_);
  size_t unitsBefore = SharedStore::units(b(), pid_).size();

  EXPECT_TRUE(isConflictAt(b().call("grove/unit/append", {{"projectId", pid_}, {"parentId", unit_},
                                                          {"role", "user"}, {"content", "late"},
                                                          {"expectedRevision", seen}}),
                           now));
  EXPECT_TRUE(isConflictAt(b().call("grove/project/rename", {{"projectId", pid_}, {"title", "renamed by b"},
                                                             {"expectedRevision", seen}}),
                           now));
  EXPECT_TRUE(isConflictAt(b().call("grove/unit/setScope", {{"unitIds", {unit_}}, {"scope", "excluded"},
                                                            {"expectedRevision", seen}}),
                           now));

  json project = b().result("grove/project/get", {{"projectId", pid_}});
  EXPECT_EQ(project["project"]["title"], "renamed by a");
  EXPECT_EQ(project["project"]["revision"], now);
  EXPECT_EQ(project["units"].size(), unitsBefore);
  EXPECT_EQ(project["units"][0]["scope"], "auto");

  // The current revision is accepted, and without expectedRevision the last
  // writer wins as before.
  EXPECT_TRUE(isResult(b().call("grove/unit/append", {{"projectId", pid_}, {"parentId", unit_},
                                                      {"role", "user"}, {"content", "on time"},
                                                      {"expectedRevision", now}})));
  EXPECT_TRUE(isResult(a().call("grove/project/rename", {{"projectId", pid_}, {"title", "no check"}})));
}

TEST_F(RevisionConflictBetweenEditors, AConflictIsNotAnnouncedAsAChange) {
  long long seen = revisionOf(b(), pid_);
  a().result("grove/unit/edit", {{"unitId", unit_}, {"content", "moved on"}});
  long long movedOn = revisionOf(a(), pid_);
  json stale = b().call("grove/unit/edit", {{"unitId", unit_}, {"content", "stale"}, {"expectedRevision", seen}});
  ASSERT_TRUE(isInvalidOperation(stale, "revisionConflict"));
  // The next change a hears about after its own edit is b's real one.
  b().result("grove/project/rename", {{"projectId", pid_}, {"title", "real change"}});
  auto next = a().waitForNotification([&](const json& m) {
    return m["method"] == "grove/project/didChange" && m["params"]["revision"].get<long long>() > movedOn;
  });
  ASSERT_TRUE(next);
  EXPECT_EQ((*next)["params"]["op"], "rename") << "the refused edit was announced: " << next->dump();
  EXPECT_EQ((*next)["params"]["revision"], movedOn + 1);
}

}  // namespace
}  // namespace grove::test
