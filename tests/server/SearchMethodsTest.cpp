// grove/search: full-text search over unit content.
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

using SearchMethods = ServerFixture;

std::vector<std::string> hitIds(const json& res) {
  std::vector<std::string> out;
  for (const auto& h : res["hits"]) out.push_back(h["unitId"]);
  return out;
}

TEST_F(SearchMethods, FindsUnitsByWordsAcrossOrWithinProjects) {
  std::string p1 = createProject("one")["id"], p2 = createProject("two")["id"];
  json a = append(p1, nullptr, "user", "How do I tune the PostgreSQL vacuum settings?");
  json b = append(p1, a["id"], "assistant", "Autovacuum thresholds matter most.");
  json c = append(p2, nullptr, "user", "PostgreSQL replication lag");
  json res = rpc().result("grove/search", {{"query", "postgresql"}});
  std::vector<std::string> ids = hitIds(res);
  std::sort(ids.begin(), ids.end());
  std::vector<std::string> want{a["id"], c["id"]};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(ids, want);
  for (const auto& h : res["hits"]) {
    EXPECT_TRUE(h["score"].is_number());
    EXPECT_TRUE(h["snippet"].is_string());
    EXPECT_TRUE(h["projectId"].is_string());
  }
  res = rpc().result("grove/search", {{"query", "PostgreSQL"}, {"projectId", p2}});
  EXPECT_EQ(hitIds(res), std::vector<std::string>{c["id"]});
  EXPECT_EQ(res["hits"][0]["projectId"], p2);
  res = rpc().result("grove/search", {{"query", "postgresql"}, {"limit", 1}});
  EXPECT_EQ(res["hits"].size(), 1u);
  // Punctuation in a query is text, not query syntax.
  EXPECT_TRUE(isResult(rpc().call("grove/search", {{"query", "\"C++\" AND (vacuum OR -x*"}})));
  (void)b;
}

TEST_F(SearchMethods, EditedAndDeletedUnitsFollowTheIndex) {
  std::string pid = createProject()["id"];
  json a = append(pid, nullptr, "user", "zebra crossing");
  json b = append(pid, a["id"], "assistant", "giraffe neck");
  rpc().result("grove/unit/edit", {{"unitId", a["id"]}, {"content", "okapi stripes"}});
  EXPECT_TRUE(hitIds(rpc().result("grove/search", {{"query", "zebra"}})).empty());
  EXPECT_EQ(hitIds(rpc().result("grove/search", {{"query", "okapi"}})), std::vector<std::string>{a["id"]});
  rpc().result("grove/unit/delete", {{"unitIds", {b["id"]}}});
  EXPECT_TRUE(hitIds(rpc().result("grove/search", {{"query", "giraffe"}})).empty());
}

TEST_F(SearchMethods, Errors) {
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/search", {{"query", "  "}}), "query"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/search", json::object()), "query"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/search", {{"query", 5}}), "query"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/search", {{"query", "x"}, {"limit", 0}}), "limit"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/search", {{"query", "x"}, {"limit", "9"}}), "limit"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/search", {{"query", "x"}, {"projectId", "p-no"}}),
                         "projectNotFound", "p-no"));
}

}  // namespace
}  // namespace grove::test
