// grove/mainline/set, grove/branch/update and grove/branch/return.
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

// root - a - b (mainline), with a branch x - y anchored at a.
class StructureMethods : public ServerFixture {
protected:
  void SetUp() override {
    ServerFixture::SetUp();
    pid = createProject()["id"];
    root = append(pid, nullptr, "user", "root")["id"];
    a = append(pid, root, "assistant", "a")["id"];
    b = append(pid, a, "user", "b")["id"];
    x = append(pid, a, "user", "x", {{"branch", {{"title", "X"}}}})["id"];
    y = append(pid, x, "assistant", "y")["id"];
  }
  json branchByHead(const json& got, const std::string& head) {
    for (const auto& br : got["branches"])
      if (br["headId"] == head) return br;
    return nullptr;
  }
  std::string pid, root, a, b, x, y;
};

TEST_F(StructureMethods, SetMainlineEndInsideABranchDemotesTheOldTail) {
  json p = rpc().result("grove/mainline/set", {{"projectId", pid}, {"endId", y}});
  EXPECT_EQ(p["mainlineEndId"], y);
  json got = getProject(pid);
  ASSERT_EQ(got["branches"].size(), 2u) << got["branches"].dump();
  EXPECT_EQ(got["branches"][0]["isMainline"], true);
  EXPECT_EQ(got["branches"][0]["unitIds"], json::array({root, a, x, y}));
  json demoted = branchByHead(got, b);
  ASSERT_FALSE(demoted.is_null()) << got["branches"].dump();
  EXPECT_EQ(demoted["anchorId"], a);
  EXPECT_EQ(demoted["unitIds"], json::array({b}));
  // Metadata is keyed by head: X's title does not leak onto the mainline.
  EXPECT_TRUE(got["branches"][0]["title"].is_null());
}

TEST_F(StructureMethods, SetMainlineEndAboveTheTipDemotesTheChainBelow) {
  rpc().result("grove/mainline/set", {{"projectId", pid}, {"endId", root}});
  json got = getProject(pid);
  EXPECT_EQ(got["project"]["mainlineEndId"], root);
  EXPECT_EQ(got["branches"][0]["unitIds"], json::array({root}));
  json demoted = branchByHead(got, a);
  ASSERT_FALSE(demoted.is_null()) << got["branches"].dump();
  EXPECT_EQ(demoted["unitIds"], json::array({a, b}));
}

TEST_F(StructureMethods, ClearingTheEndFollowsContinuingChildrenFromTheRoot) {
  rpc().result("grove/mainline/set", {{"projectId", pid}, {"endId", y}});
  json p = rpc().result("grove/mainline/set", {{"projectId", pid}, {"endId", nullptr}});
  EXPECT_EQ(p["mainlineEndId"], y);  // the continuing chain now runs through x
}

TEST_F(StructureMethods, SetMainlineStartCutsWhatTheModelSees) {
  json p = rpc().result("grove/mainline/set", {{"projectId", pid}, {"startId", a}});
  EXPECT_EQ(p["mainlineStartId"], a);
  EXPECT_EQ(p["mainlineEndId"], b);  // absent endId: unchanged
  EXPECT_EQ(messageUnitIds(preview(pid, b)), (std::vector<Ids>{{a}, {b}}));
  // The mainline itself still starts at the root.
  EXPECT_EQ(getProject(pid)["branches"][0]["headId"], root);
  p = rpc().result("grove/mainline/set", {{"projectId", pid}, {"startId", nullptr}});
  EXPECT_TRUE(p["mainlineStartId"].is_null());
  EXPECT_EQ(messageUnitIds(preview(pid, b)), (std::vector<Ids>{{root}, {a}, {b}}));
}

TEST_F(StructureMethods, SetMainlineErrors) {
  EXPECT_TRUE(isNotFound(rpc().call("grove/mainline/set", {{"projectId", pid}, {"endId", "u-none"}}),
                         "unitNotFound", "u-none"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/mainline/set", {{"projectId", pid}, {"startId", "u-none"}}),
                         "unitNotFound", "u-none"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/mainline/set", {{"projectId", "p-none"}, {"endId", y}}),
                         "projectNotFound", "p-none"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/mainline/set", {{"endId", y}}), "projectId"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/mainline/set", {{"projectId", pid}, {"endId", 3}}), "endId"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/mainline/set", {{"projectId", pid}, {"startId", true}}),
                              "startId"));
  json other = createProject("other");
  json foreign = append(other["id"], nullptr, "user", "elsewhere");
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/mainline/set", {{"projectId", pid}, {"endId", foreign["id"]}}), "endId"));
  EXPECT_EQ(getProject(pid)["project"]["mainlineEndId"], b);
}

TEST_F(StructureMethods, BranchUpdateSetsAndClearsMetadata) {
  json br = rpc().result("grove/branch/update",
                         {{"projectId", pid}, {"headId", x}, {"intent", "compare"}, {"status", "completed"}});
  EXPECT_EQ(br["headId"], x);
  EXPECT_EQ(br["anchorId"], a);
  EXPECT_EQ(br["title"], "X");  // absent: unchanged
  EXPECT_EQ(br["intent"], "compare");
  EXPECT_EQ(br["status"], "completed");
  EXPECT_EQ(br["isMainline"], false);
  EXPECT_EQ(br["unitIds"], json::array({x, y}));
  EXPECT_TRUE(br.contains("summary"));
  br = rpc().result("grove/branch/update", {{"projectId", pid}, {"headId", x}, {"title", nullptr}});
  EXPECT_TRUE(br["title"].is_null());  // null: cleared
  EXPECT_EQ(branchByHead(getProject(pid), x)["status"], "completed");
  // The root heads the mainline and can carry metadata too.
  br = rpc().result("grove/branch/update", {{"projectId", pid}, {"headId", root}, {"title", "Main"}});
  EXPECT_EQ(br["isMainline"], true);
  EXPECT_EQ(getProject(pid)["branches"][0]["title"], "Main");
}

TEST_F(StructureMethods, BranchUpdateErrors) {
  EXPECT_TRUE(isInvalidOperation(
      rpc().call("grove/branch/update", {{"projectId", pid}, {"headId", y}, {"title", "t"}}),
      "notBranchHead"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/branch/update", {{"projectId", pid}, {"headId", x}, {"status", "paused"}}),
      "status"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/branch/update", {{"projectId", pid}, {"headId", x}, {"title", 9}}), "title"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/branch/update", {{"projectId", pid}}), "headId"));
  EXPECT_TRUE(isNotFound(
      rpc().call("grove/branch/update", {{"projectId", pid}, {"headId", "u-no"}, {"title", "t"}}),
      "unitNotFound", "u-no"));
  EXPECT_TRUE(isNotFound(
      rpc().call("grove/branch/update", {{"projectId", "p-no"}, {"headId", x}, {"title", "t"}}),
      "projectNotFound", "p-no"));
  EXPECT_EQ(branchByHead(getProject(pid), x)["title"], "X");
}

TEST_F(StructureMethods, ReturnCompletesTheBranchWithItsSummaryAndMovesTheCursorBack) {
  rpc().result("grove/project/setCursor", {{"projectId", pid}, {"cursorId", y}});
  json r = rpc().result("grove/branch/return",
                        {{"projectId", pid}, {"headId", x}, {"summary", "X settled: use y."}});
  EXPECT_EQ(r["branch"]["headId"], x);
  EXPECT_EQ(r["branch"]["status"], "completed");
  EXPECT_EQ(r["branch"]["summary"], "X settled: use y.");
  EXPECT_EQ(r["project"]["cursorId"], b);  // the mainline's end
  json got = getProject(pid);
  EXPECT_EQ(r["revision"], got["project"]["revision"]);
  EXPECT_EQ(got["project"]["cursorId"], b);
  // The mainline's turns now list it among the completed explorations.
  json system = preview(pid, b)["system"];
  EXPECT_NE(system.get<std::string>().find("X settled: use y."), std::string::npos) << system;
  // One undoable operation: undo reopens the branch (the cursor is not history).
  rpc().result("grove/history/undo", {{"projectId", pid}});
  EXPECT_EQ(branchByHead(getProject(pid), x)["status"], "open");
}

TEST_F(StructureMethods, ReturnWithoutSummaryWritesTheExtractiveOne) {
  append(pid, y, "assistant", "The answer is to cache the parsed tree.");
  json r = rpc().result("grove/branch/return", {{"projectId", pid}, {"headId", x}});
  EXPECT_EQ(r["branch"]["status"], "completed");
  ASSERT_TRUE(r["branch"]["summary"].is_string()) << r.dump();
  EXPECT_NE(r["branch"]["summary"].get<std::string>().find("cache the parsed tree"), std::string::npos) << r.dump();
  EXPECT_EQ(r["cursorId"], b);  // it moved: the result says where
}

TEST_F(StructureMethods, ReturnFromANestedBranchGoesToTheParentBranchsTip) {
  std::string n = append(pid, x, "user", "nested", {{"branch", {{"title", "N"}}}})["id"];
  json r = rpc().result("grove/branch/return", {{"projectId", pid}, {"headId", n}});
  EXPECT_EQ(r["project"]["cursorId"], y);
}

TEST_F(StructureMethods, ReturnErrors) {
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/branch/return", {{"projectId", pid}, {"headId", y}}),
                                 "notBranchHead"));
  EXPECT_TRUE(isInvalidOperation(rpc().call("grove/branch/return", {{"projectId", pid}, {"headId", root}}),
                                 "notBranchHead"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/branch/return", {{"projectId", pid}}), "headId"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/branch/return", {{"headId", x}}), "projectId"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/branch/return", {{"projectId", pid}, {"headId", x}, {"summary", 7}}), "summary"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/branch/return", {{"projectId", pid}, {"headId", x}, {"summary", "  "}}), "summary"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/branch/return", {{"projectId", pid}, {"headId", "u-no"}}),
                         "unitNotFound", "u-no"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/branch/return", {{"projectId", "p-no"}, {"headId", x}}),
                         "projectNotFound", "p-no"));
  json stale = rpc().call("grove/branch/return", {{"projectId", pid}, {"headId", x}, {"expectedRevision", 1}});
  EXPECT_TRUE(isInvalidOperation(stale, "revisionConflict"));
  // Nothing of the refused calls stuck.
  EXPECT_EQ(branchByHead(getProject(pid), x)["status"], "open");
}

}  // namespace
}  // namespace grove::test
