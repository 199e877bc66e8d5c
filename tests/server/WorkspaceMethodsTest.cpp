// grove/workspace/refresh over the wire: the Source's new fields on a code
// unit, the refresh result's shape, an unsaved buffer re-anchoring a capture,
// and every bad input (the anchor rule itself: tests/core AnchoringTest; git
// and files: tests/session CaptureAnchorsTest).
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

const std::string kWorkspace = "file:///nowhere/grove-test-workspace";
const std::string kUri = kWorkspace + "/src/a.cpp";

class WorkspaceMethods : public ServerFixture {
protected:
  void SetUp() override {
    ServerFixture::SetUp();
    pid = createProject()["id"];
    json source = {{"uri", kUri},
                   {"range", {{"start", {{"line", 1}, {"character", 0}}}, {"end", {{"line", 2}, {"character", 0}}}}},
                   {"languageId", "cpp"},
                   {"memo", ""}};
    unit = append(pid, nullptr, "user", "return x;\n", {{"kind", "code"}, {"source", source}});
  }
  json refresh(const json& params) { return rpc().call("grove/workspace/refresh", params); }
  std::string pid;
  json unit;
};

TEST_F(WorkspaceMethods, ACodeUnitCarriesProvenanceAndAnUncheckedAnchor) {
  const json& s = unit["source"];
  EXPECT_TRUE(s["gitBranch"].is_null());
  EXPECT_TRUE(s["dirty"].is_null());
  EXPECT_EQ(s["capturedRange"], s["range"]);
  EXPECT_EQ(s["anchor"], json({{"state", "unchecked"}, {"checkedAt", nullptr}, {"diffSummary", nullptr}}));
}

TEST_F(WorkspaceMethods, AnUnsavedBufferMovesTheAnchor) {
  json r = rpc().result("grove/workspace/refresh",
                        {{"workspaceUri", kWorkspace},
                         {"changes", {{{"uri", kUri}, {"type", "changed"}, {"text", "a\nb\nc\nreturn x;\n"}}}}});
  ASSERT_EQ(r["anchors"].size(), 1u);
  EXPECT_EQ(r["anchors"][0]["unitId"], unit["id"]);
  EXPECT_TRUE(r["anchors"][0]["memoletId"].is_null());
  EXPECT_EQ(r["anchors"][0]["anchor"]["state"], "moved");
  EXPECT_EQ(r["anchors"][0]["range"]["start"]["line"], 3);
  EXPECT_EQ(r["documents"], json({{"added", json::array()}, {"updated", json::array()}, {"removed", json::array()}}));
  json stored = rpc().result("grove/unit/get", {{"unitId", unit["id"]}});
  EXPECT_EQ(stored["source"]["range"]["start"]["line"], 3);
  EXPECT_EQ(stored["source"]["capturedRange"]["start"]["line"], 1);
  EXPECT_EQ(stored["source"]["anchor"]["state"], "moved");
  EXPECT_TRUE(stored["source"]["anchor"]["checkedAt"].is_string());
}

TEST_F(WorkspaceMethods, BadInput) {
  EXPECT_TRUE(isInvalidParams(refresh(json::object()), "workspaceUri"));
  EXPECT_TRUE(isInvalidParams(refresh({{"workspaceUri", kWorkspace}, {"changes", "all"}}), "changes"));
  EXPECT_TRUE(isInvalidParams(refresh({{"workspaceUri", kWorkspace}, {"changes", {7}}}), "changes[0]"));
  EXPECT_TRUE(isInvalidParams(refresh({{"workspaceUri", kWorkspace}, {"changes", {{{"type", "changed"}}}}}),
                              "changes[0].uri"));
  EXPECT_TRUE(isInvalidParams(
      refresh({{"workspaceUri", kWorkspace}, {"changes", {{{"uri", kUri}, {"type", "moved"}}}}}), "changes[0].type"));
  EXPECT_TRUE(isInvalidParams(
      refresh({{"workspaceUri", kWorkspace}, {"changes", {{{"uri", kUri}, {"type", "renamed"}}}}}),
      "changes[0].oldUri"));
  EXPECT_TRUE(isInvalidParams(
      refresh({{"workspaceUri", kWorkspace}, {"changes", {{{"uri", kUri}, {"type", "changed"}, {"text", 3}}}}}),
      "changes[0].text"));
  json badDirty = unit["source"];
  badDirty["dirty"] = "yes";
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/unit/append", {{"projectId", pid},
                                                               {"parentId", unit["id"]},
                                                               {"role", "user"},
                                                               {"kind", "code"},
                                                               {"content", "x"},
                                                               {"source", badDirty}}),
                              "source.dirty"));
}

}  // namespace
}  // namespace grove::test
