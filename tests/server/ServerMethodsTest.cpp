// grove/server/*, and the guard that this suite covers every method the
// server's table holds.
#include <gtest/gtest.h>

#include <set>

#include "ServerFixture.h"

namespace grove::test {
namespace {

using ServerMethods = ServerFixture;

// Every method these tests exercise, success and errors. A method added to
// one of the foundation namespaces below without tests here fails
// MethodTableIsFullyCovered. Later namespaces (grove/chat/*, ...) are
// covered by their own suites.
const std::set<std::string> kCoveredMethods = {
    "grove/project/create",  "grove/project/list",    "grove/project/get",
    "grove/project/rename",  "grove/project/delete",  "grove/project/restore",
    "grove/project/setCursor", "grove/project/structure", "grove/project/branches",
    "grove/unit/append",     "grove/unit/get",        "grove/unit/getMany",
    "grove/unit/revisions",  "grove/unit/edit",       "grove/unit/setScope",
    "grove/unit/delete",
    "grove/mainline/set",    "grove/branch/update",   "grove/branch/return",
    "grove/scope/preview",   "grove/scope/reset",
    "grove/history/undo",    "grove/history/redo",
    "grove/search",
    "grove/server/methods",  "grove/server/clients",
};

TEST_F(ServerMethods, MethodsListsTheTableAndTheProtocolVersion) {
  json res = rpc().result("grove/server/methods");
  EXPECT_EQ(res["protocolVersion"], 1);
  std::vector<std::string> names = res["methods"];
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
}

const std::vector<std::string> kFoundationPrefixes = {
    "grove/project/", "grove/unit/",    "grove/mainline/", "grove/branch/",
    "grove/scope/",   "grove/history/", "grove/search",    "grove/server/",
};

// In a foundation namespace but part of a later issue (the LLM path), with
// tests of its own.
const std::set<std::string> kTestedElsewhere = {"grove/branch/summarize"};

bool isFoundation(const std::string& method) {
  if (kTestedElsewhere.count(method)) return false;
  for (const auto& p : kFoundationPrefixes)
    if (method.rfind(p, 0) == 0) return true;
  return false;
}

TEST_F(ServerMethods, MethodTableIsFullyCovered) {
  // From initialize, so the advertised list is checked as well.
  InProcessServer fresh;
  json init = fresh.client().initialize();
  std::vector<std::string> advertised = init["capabilities"]["grove"]["methods"];
  std::set<std::string> table(advertised.begin(), advertised.end());
  for (const auto& m : table) {
    if (isFoundation(m)) {
      EXPECT_TRUE(kCoveredMethods.count(m)) << m << " is in the method table but has no server tests";
    }
  }
  for (const auto& m : kCoveredMethods)
    EXPECT_TRUE(table.count(m)) << m << " is tested but missing from the method table";
  std::vector<std::string> listed = fresh.client().result("grove/server/methods")["methods"];
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()), table);
}

TEST_F(ServerMethods, ClientsListsThisConnection) {
  json res = rpc().result("grove/server/clients");
  ASSERT_EQ(res["clients"].size(), 1u) << res.dump();
  const json& c = res["clients"][0];
  EXPECT_EQ(c["name"], "grove-tests");  // from initialize's clientInfo
  EXPECT_EQ(c["transport"], "test");
  EXPECT_TRUE(c["since"].is_string());
  EXPECT_TRUE(c.contains("id"));
}

TEST_F(ServerMethods, ServerMethodsIgnoreParamsTheyDoNotUse) {
  EXPECT_TRUE(isResult(rpc().call("grove/server/methods", {{"unused", 1}})));
  EXPECT_TRUE(isResult(rpc().call("grove/server/clients", json::array())));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/server/clients", "x"), "params"));
}

}  // namespace
}  // namespace grove::test
