// Every change method's result carries the project's revision after the
// change, and the cursor when the change moved it, added by the reply path
// of the `Change` methods (server/ChangeResult.cpp), whatever the handler.
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

class ChangeResults : public ServerFixture {
protected:
  void SetUp() override {
    ServerFixture::SetUp();
    pid = createProject()["id"];
    root = append(pid, nullptr, "user", "How do I parse TOML?")["id"];
  }
  int64_t revision() { return getProject(pid)["project"]["revision"]; }
  std::string pid, root;
};

TEST_F(ChangeResults, AppendReportsTheRevisionAndTheCursorItMovedTo) {
  json u = append(pid, root, "assistant", "Use toml11.");
  EXPECT_EQ(u["revision"], revision());
  EXPECT_EQ(u["cursorId"], u["id"]);
  EXPECT_EQ(u["role"], "assistant");  // the unit's own fields stay
}

TEST_F(ChangeResults, ChangesThatLeaveTheCursorCarryOnlyTheRevision) {
  json edited = rpc().result("grove/unit/edit", {{"unitId", root}, {"content", "How do I parse YAML?"}});
  EXPECT_EQ(edited["revision"], revision());
  EXPECT_FALSE(edited.contains("cursorId")) << edited.dump();
  json scoped = rpc().result("grove/unit/setScope", {{"unitIds", {root}}, {"scope", "excluded"}});
  EXPECT_EQ(scoped["revision"], revision());
  EXPECT_TRUE(scoped.contains("units"));
  json reset = rpc().result("grove/scope/reset", {{"projectId", pid}});
  EXPECT_EQ(reset["revision"], revision());
}

TEST_F(ChangeResults, ATurnReportsTheRevisionAfterItsAnswerIsStored) {
  json turn = rpc().result("grove/chat/send", {{"projectId", pid}, {"parentId", root}, {"content", "and YAML?"}});
  EXPECT_EQ(turn["revision"], revision());
  EXPECT_EQ(turn["cursorId"], turn["assistantUnit"]["id"]);
}

TEST_F(ChangeResults, AProjectResultKeepsItsOwnRevisionAndCursor) {
  json p = rpc().result("grove/project/setCursor", {{"projectId", pid}, {"cursorId", nullptr}});
  EXPECT_TRUE(p["cursorId"].is_null());
  EXPECT_EQ(p["revision"], revision());
  EXPECT_EQ(p["id"], pid);
}

TEST_F(ChangeResults, ReadsAndErrorsAreUnchanged) {
  json got = rpc().result("grove/unit/get", {{"unitId", root}});
  EXPECT_FALSE(got.contains("revision")) << got.dump();
  json bad = rpc().call("grove/unit/edit", {{"unitId", "u-no"}, {"content", "x"}});
  EXPECT_TRUE(isNotFound(bad, "unitNotFound", "u-no"));
  EXPECT_FALSE(bad.contains("result"));
}

TEST_F(ChangeResults, AChangeToNoProjectCarriesNoRevision) {
  json model = rpc().result("grove/userModel/reset", json::object());
  EXPECT_FALSE(model.contains("revision")) << model.dump();
}

}  // namespace
}  // namespace grove::test
