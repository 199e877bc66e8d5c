// grove/unit/*: append, get, getMany, revisions, edit, setScope, delete.
#include <gtest/gtest.h>

#include <set>

#include "ServerFixture.h"

namespace grove::test {
namespace {

class UnitMethods : public ServerFixture {
protected:
  void SetUp() override {
    ServerFixture::SetUp();
    project = createProject();
    pid = project["id"];
  }
  json call(const std::string& method, const json& params) { return rpc().call(method, params); }
  json appendParams(const json& parentId, const json& extra = json::object()) {
    json p{{"projectId", pid}, {"parentId", parentId}, {"role", "user"}, {"content", "text"}};
    p.update(extra);
    return p;
  }

  json project;
  std::string pid;
};

json codeSource() {
  return {{"uri", "file:///src/main.cpp"},
          {"range", {{"start", {{"line", 9}, {"character", 0}}}, {"end", {{"line", 11}, {"character", 1}}}}},
          {"languageId", "cpp"},
          {"memo", "the retry loop"},
          {"symbol", "main"}};
}

TEST_F(UnitMethods, AppendRootAndChildren) {
  json root = append(pid, nullptr, "user", "first question");
  EXPECT_TRUE(root["parentId"].is_null());
  EXPECT_EQ(root["projectId"], pid);
  EXPECT_EQ(root["role"], "user");
  EXPECT_EQ(root["kind"], "message");
  EXPECT_EQ(root["status"], "complete");
  EXPECT_EQ(root["scope"], "auto");
  EXPECT_EQ(root["content"], "first question");
  EXPECT_EQ(root["startsBranch"], false);
  EXPECT_TRUE(root["editedAt"].is_null());
  EXPECT_TRUE(root["source"].is_null());
  json answer = append(pid, root["id"], "assistant", "an answer");
  EXPECT_EQ(answer["parentId"], root["id"]);
  EXPECT_GT(answer["seq"].get<int64_t>(), root["seq"].get<int64_t>());
  EXPECT_EQ(getProject(pid)["project"]["mainlineEndId"], answer["id"]);
  json note = append(pid, answer["id"], "user", "remember this", {{"kind", "note"}});
  EXPECT_EQ(note["kind"], "note");
  json sys = append(pid, note["id"], "system", "be brief");
  EXPECT_EQ(sys["role"], "system");
}

TEST_F(UnitMethods, AppendWithBranchOpensABranchAndKeepsTheMainlineEnd) {
  json root = append(pid, nullptr, "user", "q");
  json a = append(pid, root["id"], "assistant", "a");
  json b = append(pid, a["id"], "user", "a tangent",
                  {{"branch", {{"title", "Tangent"}, {"intent", "explore"}}}});
  EXPECT_EQ(b["startsBranch"], true);
  json got = getProject(pid);
  EXPECT_EQ(got["project"]["mainlineEndId"], a["id"]);
  ASSERT_EQ(got["branches"].size(), 2u);
  EXPECT_EQ(got["branches"][1]["title"], "Tangent");
  EXPECT_EQ(got["branches"][1]["intent"], "explore");
  // The path can still continue below the same unit, and that advances the end.
  json c = append(pid, a["id"], "user", "continue");
  EXPECT_EQ(c["startsBranch"], false);
  EXPECT_EQ(getProject(pid)["project"]["mainlineEndId"], c["id"]);
  // A second child without branch metadata starts a branch too.
  json d = append(pid, a["id"], "user", "another");
  EXPECT_EQ(d["startsBranch"], true);
  EXPECT_EQ(getProject(pid)["project"]["mainlineEndId"], c["id"]);
}

TEST_F(UnitMethods, AppendCodeUnitKeepsItsSource) {
  json root = append(pid, nullptr, "user", "look");
  json code = append(pid, root["id"], "user", "for (;;) retry();",
                     {{"kind", "code"}, {"source", codeSource()}});
  EXPECT_EQ(code["kind"], "code");
  EXPECT_EQ(code["source"]["uri"], "file:///src/main.cpp");
  EXPECT_EQ(code["source"]["range"]["start"]["line"], 9);
  EXPECT_EQ(code["source"]["range"]["end"]["character"], 1);
  EXPECT_EQ(code["source"]["languageId"], "cpp");
  EXPECT_EQ(code["source"]["memo"], "the retry loop");
  EXPECT_EQ(code["source"]["symbol"], "main");
  EXPECT_FALSE(code["source"]["contentHash"].get<std::string>().empty());
  // Rendered for the model as a fenced block with path, lines and memo.
  json pv = preview(pid, code["id"]);
  ASSERT_EQ(pv["messages"].size(), 1u);  // same role: merged with the root
  std::string text = pv["messages"][0]["content"];
  EXPECT_NE(text.find("/src/main.cpp"), std::string::npos) << text;
  EXPECT_NE(text.find("10-12"), std::string::npos) << text;
  EXPECT_NE(text.find("the retry loop"), std::string::npos) << text;
  EXPECT_NE(text.find("```cpp\nfor (;;) retry();\n```"), std::string::npos) << text;
}

TEST_F(UnitMethods, AppendErrors) {
  json root = append(pid, nullptr, "user", "root");
  json second = call("grove/unit/append", appendParams(nullptr));
  EXPECT_TRUE(isInvalidOperation(second, "rootExists"));
  EXPECT_EQ(second["error"]["data"]["id"], root["id"]);

  json noParent = appendParams(nullptr);
  noParent.erase("parentId");
  EXPECT_TRUE(isInvalidParams(call("grove/unit/append", noParent), "parentId"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/append", appendParams(root["id"], {{"role", "robot"}})), "role"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/append", appendParams(root["id"], {{"kind", "video"}})), "kind"));
  EXPECT_TRUE(isInvalidParams(
      call("grove/unit/append", appendParams(root["id"], {{"kind", "placeholder"}})), "kind"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/append", appendParams(root["id"], {{"content", nullptr}})), "content"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/append", appendParams(root["id"], {{"parentId", 4}})), "parentId"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/append", appendParams(root["id"], {{"kind", "code"}})), "source"));
  EXPECT_TRUE(isInvalidParams(
      call("grove/unit/append", appendParams(root["id"], {{"source", codeSource()}})), "source"));
  json badRange = codeSource();
  badRange["range"]["start"]["line"] = -1;
  EXPECT_TRUE(isInvalidParams(
      call("grove/unit/append", appendParams(root["id"], {{"kind", "code"}, {"source", badRange}})),
      "source.range.start.line"));
  json backwards = codeSource();
  backwards["range"]["end"]["line"] = 2;
  EXPECT_TRUE(isInvalidParams(
      call("grove/unit/append", appendParams(root["id"], {{"kind", "code"}, {"source", backwards}})),
      "source.range"));
  EXPECT_TRUE(isInvalidParams(
      call("grove/unit/append", appendParams(root["id"], {{"branch", {{"title", 7}}}})), "branch.title"));
  EXPECT_TRUE(isNotFound(call("grove/unit/append", appendParams("u-missing")), "unitNotFound", "u-missing"));
  json other = createProject("other");
  json foreign = append(other["id"], nullptr, "user", "elsewhere");
  EXPECT_TRUE(isInvalidParams(call("grove/unit/append", appendParams(foreign["id"])), "parentId"));
  json lost = appendParams(root["id"]);
  lost["projectId"] = "p-missing";
  EXPECT_TRUE(isNotFound(call("grove/unit/append", lost), "projectNotFound", "p-missing"));
  // None of the refused appends left anything behind.
  EXPECT_EQ(getProject(pid)["units"].size(), 1u);
}

TEST_F(UnitMethods, GetAndGetMany) {
  json root = append(pid, nullptr, "user", "one");
  json two = append(pid, root["id"], "assistant", "two");
  // The append's result is the unit, plus the revision it made and where the cursor went.
  EXPECT_EQ(two["cursorId"], two["id"]);
  two.erase("revision");
  two.erase("cursorId");
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", two["id"]}}), two);
  json many = rpc().result("grove/unit/getMany", {{"unitIds", {two["id"], root["id"]}}});
  ASSERT_EQ(many["units"].size(), 2u);
  EXPECT_EQ(many["units"][0]["id"], two["id"]);  // in the order asked
  EXPECT_EQ(many["units"][1]["id"], root["id"]);
  EXPECT_EQ(rpc().result("grove/unit/getMany", {{"unitIds", json::array()}})["units"], json::array());
}

TEST_F(UnitMethods, GetAndGetManyErrors) {
  json root = append(pid, nullptr, "user", "one");
  EXPECT_TRUE(isNotFound(call("grove/unit/get", {{"unitId", "u-x"}}), "unitNotFound", "u-x"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/get", json::object()), "unitId"));
  EXPECT_TRUE(isNotFound(call("grove/unit/getMany", {{"unitIds", {root["id"], "u-y"}}}),
                         "unitNotFound", "u-y"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/getMany", {{"unitIds", root["id"]}}), "unitIds"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/getMany", {{"unitIds", {1, 2}}}), "unitIds"));
}

TEST_F(UnitMethods, EditKeepsEveryPriorTextAsARevision) {
  json root = append(pid, nullptr, "user", "v1");
  json e1 = rpc().result("grove/unit/edit", {{"unitId", root["id"]}, {"content", "v2"}});
  EXPECT_EQ(e1["content"], "v2");
  EXPECT_TRUE(e1["editedAt"].is_string());
  rpc().result("grove/unit/edit", {{"unitId", root["id"]}, {"content", "v3"}});
  json revs = rpc().result("grove/unit/revisions", {{"unitId", root["id"]}})["revisions"];
  ASSERT_EQ(revs.size(), 2u) << revs.dump();
  EXPECT_EQ(revs[0]["content"], "v1");
  EXPECT_EQ(revs[1]["content"], "v2");
  EXPECT_TRUE(revs[0]["editedAt"].is_string());
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", root["id"]}})["content"], "v3");
  // Restore is an edit with an old text; the current text becomes a revision.
  rpc().result("grove/unit/edit", {{"unitId", root["id"]}, {"content", "v1"}});
  EXPECT_EQ(rpc().result("grove/unit/revisions", {{"unitId", root["id"]}})["revisions"].size(), 3u);
}

TEST_F(UnitMethods, RevisionsOfAnUneditedUnitAreEmpty) {
  json root = append(pid, nullptr, "user", "v1");
  EXPECT_EQ(rpc().result("grove/unit/revisions", {{"unitId", root["id"]}})["revisions"], json::array());
}

TEST_F(UnitMethods, EditAndRevisionsErrors) {
  json root = append(pid, nullptr, "user", "q");
  json leaf = append(pid, root["id"], "assistant", "a");
  EXPECT_TRUE(isNotFound(call("grove/unit/edit", {{"unitId", "u-x"}, {"content", "c"}}), "unitNotFound", "u-x"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/edit", {{"unitId", root["id"]}}), "content"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/edit", {{"content", "c"}}), "unitId"));
  EXPECT_TRUE(isNotFound(call("grove/unit/revisions", {{"unitId", "u-x"}}), "unitNotFound", "u-x"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/revisions", {{"unitId", 1}}), "unitId"));
  // A placeholder has no text to edit.
  ASSERT_TRUE(isResult(call("grove/unit/delete", {{"unitIds", {root["id"]}}})));
  EXPECT_TRUE(isInvalidOperation(call("grove/unit/edit", {{"unitId", root["id"]}, {"content", "c"}}),
                                 "isPlaceholder"));
  (void)leaf;
}

TEST_F(UnitMethods, SetScopeIncludedExcludedAuto) {
  json root = append(pid, nullptr, "user", "q");
  json a = append(pid, root["id"], "assistant", "a");
  json res = rpc().result("grove/unit/setScope", {{"unitIds", {root["id"], a["id"]}}, {"scope", "excluded"}});
  ASSERT_EQ(res["units"].size(), 2u);
  EXPECT_EQ(res["units"][0]["scope"], "excluded");
  EXPECT_EQ(res["units"][1]["scope"], "excluded");
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", a["id"]}})["scope"], "excluded");
  res = rpc().result("grove/unit/setScope", {{"unitIds", {a["id"]}}, {"scope", "included"}});
  EXPECT_EQ(res["units"][0]["scope"], "included");
  res = rpc().result("grove/unit/setScope", {{"unitIds", {a["id"]}}, {"scope", "auto"}});
  EXPECT_EQ(res["units"][0]["scope"], "auto");
}

TEST_F(UnitMethods, SetScopeToggleFlipsRelativeToTheCursor) {
  json root = append(pid, nullptr, "user", "q");
  json a = append(pid, root["id"], "assistant", "a");
  json side = append(pid, root["id"], "assistant", "side", {{"branch", json::object()}});
  auto toggle = [&](const json& id, const json& cursor) {
    return rpc().result("grove/unit/setScope",
                        {{"unitIds", {id}}, {"scope", "toggle"}, {"cursorId", cursor}})["units"][0]["scope"];
  };
  // On the path: in scope -> excluded -> auto.
  EXPECT_EQ(toggle(root["id"], a["id"]), "excluded");
  EXPECT_EQ(toggle(root["id"], a["id"]), "auto");
  // Off the path: out of scope -> included -> auto.
  EXPECT_EQ(toggle(side["id"], a["id"]), "included");
  EXPECT_EQ(toggle(side["id"], a["id"]), "auto");
  // A null cursor is an empty path: everything is off it.
  EXPECT_EQ(toggle(root["id"], nullptr), "included");
}

TEST_F(UnitMethods, SetScopeErrors) {
  json root = append(pid, nullptr, "user", "q");
  EXPECT_TRUE(isInvalidParams(call("grove/unit/setScope", {{"unitIds", {root["id"]}}, {"scope", "toggle"}}),
                              "cursorId"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/setScope", {{"unitIds", {root["id"]}}, {"scope", "maybe"}}),
                              "scope"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/setScope", {{"unitIds", {root["id"]}}}), "scope"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/setScope", {{"unitIds", json::array()}, {"scope", "auto"}}),
                              "unitIds"));
  EXPECT_TRUE(isNotFound(call("grove/unit/setScope", {{"unitIds", {root["id"], "u-z"}}, {"scope", "auto"}}),
                         "unitNotFound", "u-z"));
  json other = createProject("other");
  json foreign = append(other["id"], nullptr, "user", "elsewhere");
  EXPECT_TRUE(isInvalidParams(
      call("grove/unit/setScope", {{"unitIds", {root["id"], foreign["id"]}}, {"scope", "excluded"}}),
      "unitIds"));
  EXPECT_TRUE(isInvalidParams(
      call("grove/unit/setScope",
           {{"unitIds", {root["id"]}}, {"scope", "toggle"}, {"cursorId", foreign["id"]}}),
      "cursorId"));
  // Nothing changed on the way.
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", root["id"]}})["scope"], "auto");
}

TEST_F(UnitMethods, DeleteRemovesLeavesAndLeavesPlaceholdersWhereStructureNeedsThem) {
  json root = append(pid, nullptr, "user", "q");
  json mid = append(pid, root["id"], "assistant", "a");
  json leaf = append(pid, mid["id"], "user", "q2");
  json res = rpc().result("grove/unit/delete", {{"unitIds", {mid["id"]}}});
  EXPECT_EQ(res["removed"], json::array());
  EXPECT_EQ(res["placeholders"], json::array({mid["id"]}));
  json ph = rpc().result("grove/unit/get", {{"unitId", mid["id"]}});
  EXPECT_EQ(ph["kind"], "placeholder");
  EXPECT_EQ(ph["content"], "");
  // The placeholder keeps the path, and is dropped from the prompt.
  EXPECT_EQ(messageUnitIds(preview(pid, leaf["id"])), (std::vector<Ids>{{root["id"], leaf["id"]}}));

  res = rpc().result("grove/unit/delete", {{"unitIds", {leaf["id"]}}});
  EXPECT_EQ(res["removed"], json::array({leaf["id"]}));
  EXPECT_EQ(res["placeholders"], json::array());
  EXPECT_TRUE(isNotFound(call("grove/unit/get", {{"unitId", leaf["id"]}}), "unitNotFound", leaf["id"]));
  // The end moved to the nearest surviving ancestor.
  EXPECT_EQ(getProject(pid)["project"]["mainlineEndId"], mid["id"]);
}

TEST_F(UnitMethods, DeleteSubtreeRemovesEverythingBelow) {
  json root = append(pid, nullptr, "user", "q");
  json a = append(pid, root["id"], "assistant", "a");
  json b = append(pid, a["id"], "user", "b");
  json c = append(pid, a["id"], "user", "c", {{"branch", json::object()}});
  json res = rpc().result("grove/unit/delete", {{"unitIds", {a["id"]}}, {"subtree", true}});
  std::set<std::string> removed(res["removed"].begin(), res["removed"].end());
  EXPECT_EQ(removed, (std::set<std::string>{a["id"], b["id"], c["id"]}));
  EXPECT_EQ(res["placeholders"], json::array());
  json got = getProject(pid);
  ASSERT_EQ(got["units"].size(), 1u);
  EXPECT_EQ(got["branches"].size(), 1u);
}

TEST_F(UnitMethods, DeletePreviewReportsWithoutChangingAnything) {
  json root = append(pid, nullptr, "user", "q");
  json a = append(pid, root["id"], "assistant", "a");
  json b = append(pid, a["id"], "user", "b");
  json before = getProject(pid);
  json pv = rpc().result("grove/unit/delete", {{"unitIds", {a["id"], b["id"]}}, {"preview", true}});
  json real = getProject(pid);
  EXPECT_EQ(real, before);
  json applied = rpc().result("grove/unit/delete", {{"unitIds", {a["id"], b["id"]}}});
  EXPECT_EQ(pv["revision"], before["project"]["revision"]);  // the preview made no revision
  EXPECT_EQ(applied["revision"], getProject(pid)["project"]["revision"]);
  pv.erase("revision");
  applied.erase("revision");
  applied.erase("cursorId");  // the cursor was on b, which is gone
  EXPECT_EQ(pv, applied);
  EXPECT_EQ(applied["removed"], json::array({b["id"], a["id"]}));  // deepest first
}

TEST_F(UnitMethods, DeleteErrors) {
  json root = append(pid, nullptr, "user", "q");
  EXPECT_TRUE(isInvalidParams(call("grove/unit/delete", {{"unitIds", json::array()}}), "unitIds"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/delete", json::object()), "unitIds"));
  EXPECT_TRUE(isNotFound(call("grove/unit/delete", {{"unitIds", {"u-q"}}}), "unitNotFound", "u-q"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/delete", {{"unitIds", {root["id"]}}, {"subtree", "yes"}}),
                              "subtree"));
  EXPECT_TRUE(isInvalidParams(call("grove/unit/delete", {{"unitIds", {root["id"]}}, {"preview", 1}}),
                              "preview"));
  EXPECT_EQ(getProject(pid)["units"].size(), 1u);
}

}  // namespace
}  // namespace grove::test
