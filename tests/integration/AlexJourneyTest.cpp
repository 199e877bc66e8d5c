// Contextify's reference journey ("Alex", seed-contextify.md §7) replayed
// against the real grove-server over stdio, checking what the model would
// see after every step and how the tree's branches look.
//
// The tree it builds (seq order):
//   u1 a1 u2 a2 u3 a3            data-analyst mainline (a1 hallucinates C++)
//   a3 -> u4 a4 u5 a5            PM interview branch (the pivot)
//   a3 -> u6 a6                  back on the analyst mainline
//   a4 -> p1 p2 p3 p4            temporary PMP-exam side branch
//   p2 -> s1 s2                  stakeholder stories, anchored inside it
#include <gtest/gtest.h>

#include "Previews.h"
#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

class AlexJourney : public ::testing::Test {
protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(dir_.file("grove.db"));
    rpc().initialize("alex-journey");
  }
  RpcClient& rpc() { return server_->client(); }

  std::string append(const std::string& parent, const std::string& role, const std::string& content,
                     const json& branch = nullptr) {
    json params{{"projectId", pid_}, {"parentId", parent.empty() ? json() : json(parent)},
                {"role", role}, {"content", content}};
    if (!branch.is_null()) params["branch"] = branch;
    json unit = rpc().result("grove/unit/append", params);
    return unit["id"];
  }
  json preview(const std::string& cursor) {
    return rpc().result("grove/scope/preview", {{"projectId", pid_}, {"cursorId", cursor}});
  }
  json project() { return rpc().result("grove/project/get", {{"projectId", pid_}}); }
  json unit(const std::string& id) { return rpc().result("grove/unit/get", {{"unitId", id}}); }
  /// headId -> {anchorId, unitIds, isMainline, title}, in the server's order.
  static std::vector<json> branchShapes(const json& got) {
    std::vector<json> out;
    for (const auto& b : got["branches"])
      out.push_back({{"headId", b["headId"]}, {"anchorId", b["anchorId"]},
                     {"unitIds", b["unitIds"]}, {"isMainline", b["isMainline"]}, {"title", b["title"]}});
    return out;
  }
  static json shape(const std::string& head, const json& anchor, const Ids& units, bool mainline,
                    const json& title = nullptr) {
    return {{"headId", head}, {"anchorId", anchor}, {"unitIds", units}, {"isMainline", mainline},
            {"title", title}};
  }

  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
  std::string pid_;
};

TEST_F(AlexJourney, ReplaysTheReferenceScenario) {
  pid_ = rpc().result("grove/project/create", {{"title", "Alex: job search"}})["id"];

  // ---- The mainline: polishing a data-analyst résumé ----------------------
  const std::string hallucination =
      "Here is a polished draft. Skills: SQL, Python, Tableau, proficient in C++.";
  std::string u1 = append("", "user", "Help me polish my resume for a data analyst role.");
  std::string a1 = append(u1, "assistant", hallucination);
  std::string u2 = append(a1, "user", "Write a Python script that scrapes job postings.");
  std::string a2 = append(u2, "assistant", "Here is a Python web scraping script using BeautifulSoup.");
  std::string u3 = append(a2, "user", "Give me a mock interview question for a data analyst.");
  std::string a3 = append(u3, "assistant", "Tell me about a time you cleaned a messy dataset.");

  json pv = preview(a3);
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{u1}, {a1}, {u2}, {a2}, {u3}, {a3}}));
  EXPECT_EQ(messageRoles(pv), (std::vector<std::string>{"user", "assistant", "user", "assistant",
                                                        "user", "assistant"}));
  EXPECT_EQ(project()["project"]["mainlineEndId"], a3);
  EXPECT_EQ(branchShapes(project()), (std::vector<json>{shape(u1, nullptr, {u1, a1, u2, a2, u3, a3}, true)}));

  // ---- 1. Edit the hallucinated answer ------------------------------------
  const std::string corrected = "Here is a polished draft. Skills: SQL, Python, Tableau.";
  json edited = rpc().result("grove/unit/edit", {{"unitId", a1}, {"content", corrected}});
  EXPECT_EQ(edited["content"], corrected);
  EXPECT_TRUE(edited["editedAt"].is_string());
  json revs = rpc().result("grove/unit/revisions", {{"unitId", a1}})["revisions"];
  ASSERT_EQ(revs.size(), 1u);
  EXPECT_EQ(revs[0]["content"], hallucination);
  pv = preview(a3);
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{u1}, {a1}, {u2}, {a2}, {u3}, {a3}}));
  EXPECT_EQ(pv["messages"][1]["content"], corrected);
  EXPECT_EQ(allContent(pv).find("C++"), std::string::npos) << "the model still sees the hallucination";

  // ---- 2. The pivot to PM interviews, opened as a branch ------------------
  std::string u4 = append(a3, "user", "I want to move into product management. How do I prepare for PM interviews?",
                          {{"title", "PM interview strategy"}, {"intent", "prepare for product manager interviews"}});
  std::string a4 = append(u4, "assistant", "Focus on product sense, execution and behavioural stories.");
  std::string u5 = append(a4, "user", "Which product sense frameworks should I use?");
  std::string a5 = append(u5, "assistant", "Use CIRCLES for design questions and a metrics tree for goals.");
  EXPECT_TRUE(unit(u4)["startsBranch"].get<bool>());
  EXPECT_EQ(project()["project"]["mainlineEndId"], a3) << "a branch must not move the mainline end";
  EXPECT_EQ(branchShapes(project()),
            (std::vector<json>{shape(u1, nullptr, {u1, a1, u2, a2, u3, a3}, true),
                               shape(u4, a3, {u4, a4, u5, a5}, false, "PM interview strategy")}));
  pv = preview(a5);
  EXPECT_EQ(messageUnitIds(pv),
            (std::vector<Ids>{{u1}, {a1}, {u2}, {a2}, {u3}, {a3}, {u4}, {a4}, {u5}, {a5}}));
  // The branch still carries the coding history...
  EXPECT_NE(allContent(pv).find("scraping"), std::string::npos);
  // ...while the mainline does not see the branch.
  EXPECT_EQ(messageUnitIds(preview(a3)), (std::vector<Ids>{{u1}, {a1}, {u2}, {a2}, {u3}, {a3}}));

  // ---- 3. Batch exclude of the early coding units -------------------------
  json scoped = rpc().result("grove/unit/setScope", {{"unitIds", {u2, a2}}, {"scope", "excluded"}});
  ASSERT_EQ(scoped["units"].size(), 2u);
  for (const auto& u : scoped["units"]) EXPECT_EQ(u["scope"], "excluded");
  pv = preview(a5);
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{u1}, {a1}, {u3}, {a3}, {u4}, {a4}, {u5}, {a5}}));
  EXPECT_EQ(pv["excluded"], json::array({u2, a2}));
  EXPECT_EQ(pv["included"], json::array());
  EXPECT_EQ(allContent(pv).find("scraping"), std::string::npos) << "technical baggage still in scope";

  // Alex goes back to the analyst mainline for one more exchange.
  std::string u6 = append(a3, "user", "Back to the analyst role: which SQL questions should I expect?");
  std::string a6 = append(u6, "assistant", "Expect joins, window functions and aggregations.");
  EXPECT_FALSE(unit(u6)["startsBranch"].get<bool>());
  EXPECT_EQ(project()["project"]["mainlineEndId"], a6);
  pv = preview(a6);
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{u1}, {a1}, {u3}, {a3}, {u6}, {a6}}));
  EXPECT_EQ(pv["excluded"], json::array({u2, a2}));  // excluded everywhere

  // ---- 4. A temporary PMP side branch, deleted with a preview first -------
  std::string p1 = append(a4, "user", "How do I register for the PMP exam?",
                          {{"title", "PMP exam"}, {"intent", "temporary: exam registration"}});
  std::string p2 = append(p1, "assistant", "Register on pmi.org; you need 35 contact hours.");
  // A pivot of the PM logic happens inside it: stakeholder stories.
  std::string s1 = append(p2, "user", "Which stories show stakeholder management in PM interviews?",
                          {{"title", "Stakeholder stories"}});
  std::string s2 = append(s1, "assistant", "Use the dashboard migration where you aligned three teams.");
  std::string p3 = append(p2, "user", "When is the next exam date?");
  std::string p4 = append(p3, "assistant", "Exams run year-round at test centres.");
  json before = project();
  EXPECT_EQ(branchShapes(before),
            (std::vector<json>{shape(u1, nullptr, {u1, a1, u2, a2, u3, a3, u6, a6}, true),
                               shape(u4, a3, {u4, a4, u5, a5}, false, "PM interview strategy"),
                               shape(p1, a4, {p1, p2, p3, p4}, false, "PMP exam"),
                               shape(s1, p2, {s1, s2}, false, "Stakeholder stories")}));

  json delPreview = rpc().result("grove/unit/delete", {{"unitIds", {p1, p2, p3, p4}}, {"preview", true}});
  EXPECT_EQ(delPreview["removed"], json::array({p4, p3}));
  EXPECT_EQ(delPreview["placeholders"], json::array({p2, p1}));
  EXPECT_EQ(project(), before) << "a delete preview changed the project";

  json deleted = rpc().result("grove/unit/delete", {{"unitIds", {p1, p2, p3, p4}}});
  // A change's result also names the revision it made and where the cursor went.
  EXPECT_GT(deleted["revision"], delPreview["revision"]);
  for (const char* f : {"revision", "cursorId"}) {
    deleted.erase(f);
    delPreview.erase(f);
  }
  EXPECT_EQ(deleted, delPreview);
  EXPECT_TRUE(isNotFound(rpc().call("grove/unit/get", {{"unitId", p3}}), "unitNotFound", p3));
  EXPECT_TRUE(isNotFound(rpc().call("grove/unit/get", {{"unitId", p4}}), "unitNotFound", p4));
  for (const auto& id : {p1, p2}) {
    json ph = unit(id);
    EXPECT_EQ(ph["kind"], "placeholder");
    EXPECT_EQ(ph["content"], "");
  }
  EXPECT_EQ(branchShapes(project()),
            (std::vector<json>{shape(u1, nullptr, {u1, a1, u2, a2, u3, a3, u6, a6}, true),
                               shape(u4, a3, {u4, a4, u5, a5}, false, "PM interview strategy"),
                               shape(p1, a4, {p1, p2}, false, "PMP exam"),
                               shape(s1, p2, {s1, s2}, false, "Stakeholder stories")}));
  // The stakeholder branch keeps its context; placeholders add no messages.
  pv = preview(s2);
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{u1}, {a1}, {u3}, {a3}, {u4}, {a4}, {s1}, {s2}}));
  EXPECT_EQ(pv["excluded"], json::array({u2, a2}));

  // Alex pulls the stakeholder answer into every scope of the project.
  rpc().result("grove/unit/setScope", {{"unitIds", {s2}}, {"scope", "included"}});
  pv = preview(a5);
  // a5 and s2 are both assistant turns: merged into one message, seq order.
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{u1}, {a1}, {u3}, {a3}, {u4}, {a4}, {u5}, {a5, s2}}));
  EXPECT_EQ(pv["included"], json::array({s2}));
  EXPECT_EQ(pv["excluded"], json::array({u2, a2}));

  // ---- 5. The PM path's end becomes the mainline end ----------------------
  json promoted = rpc().result("grove/mainline/set", {{"projectId", pid_}, {"endId", a5}});
  EXPECT_EQ(promoted["mainlineEndId"], a5);
  json after = project();
  // The old analyst tail (u6 a6) is demoted to a branch anchored where it left.
  EXPECT_EQ(branchShapes(after),
            (std::vector<json>{shape(u1, nullptr, {u1, a1, u2, a2, u3, a3, u4, a4, u5, a5}, true),
                               shape(u6, a3, {u6, a6}, false),
                               shape(p1, a4, {p1, p2}, false, "PMP exam"),
                               shape(s1, p2, {s1, s2}, false, "Stakeholder stories")}));
  EXPECT_FALSE(unit(u4)["startsBranch"].get<bool>());
  EXPECT_TRUE(unit(u6)["startsBranch"].get<bool>());
  // What the model sees follows the path, not the labels: unchanged.
  EXPECT_EQ(messageUnitIds(preview(a5)),
            (std::vector<Ids>{{u1}, {a1}, {u3}, {a3}, {u4}, {a4}, {u5}, {a5, s2}}));
  pv = preview(a6);
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{u1}, {a1}, {u3}, {a3}, {u6}, {a6, s2}}));
  EXPECT_EQ(pv["included"], json::array({s2}));
  // An empty path sees only what was included.
  pv = rpc().result("grove/scope/preview", {{"projectId", pid_}, {"cursorId", nullptr}});
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{s2}}));

  // Undo puts the analyst mainline back; redo promotes the PM path again.
  json undone = rpc().result("grove/history/undo", {{"projectId", pid_}});
  EXPECT_EQ(undone["mainlineEndId"], a6);
  EXPECT_EQ(project()["branches"][0]["unitIds"], json::array({u1, a1, u2, a2, u3, a3, u6, a6}));
  json redone = rpc().result("grove/history/redo", {{"projectId", pid_}});
  EXPECT_EQ(redone["mainlineEndId"], a5);
  EXPECT_EQ(branchShapes(project()), branchShapes(after));

  // ---- Everything survives a clean restart --------------------------------
  json finalProject = project();
  json finalPreview = preview(a5);
  ASSERT_TRUE(isResult(rpc().call("shutdown")));
  rpc().notify("exit");
  ASSERT_EQ(server_->waitExit(), 0);
  server_ = std::make_unique<ServerProcess>(dir_.file("grove.db"));
  rpc().initialize("alex-journey-again");
  EXPECT_EQ(project(), finalProject);
  EXPECT_EQ(preview(a5), finalPreview);
  EXPECT_EQ(rpc().result("grove/unit/revisions", {{"unitId", a1}})["revisions"][0]["content"], hallucination);
}

}  // namespace
}  // namespace grove::test
