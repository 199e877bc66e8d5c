// Input limits (PROTOCOL.md "Input limits", protocol/Limits.h): a value one
// past each limit is refused with -32602 naming the field, the value at the
// limit is accepted, and nothing of a refused request is stored. The message
// size limit is tested in BadInputTest (BadInputLimits).
#include <gtest/gtest.h>

#include "RpcAssertions.h"
#include "ServerFixture.h"
#include "protocol/Limits.h"

namespace grove::test {
namespace {

using InputLimits = ServerFixture;
using namespace grove::proto;

json nested(int depth) {
  json v = 1;
  for (int i = 0; i < depth; ++i) v = json::array({v});
  return v;
}

TEST_F(InputLimits, UnitContentAboveTheLimitIsRefusedAndNothingIsStored) {
  std::string projectId = createProject()["id"];
  json reply = rpc().call("grove/unit/append", {{"projectId", projectId},
                                                {"parentId", nullptr},
                                                {"role", "user"},
                                                {"content", std::string(kMaxTextBytes + 1, 'a')}});
  EXPECT_TRUE(isInvalidParams(reply, "content"));
  EXPECT_TRUE(getProject(projectId)["units"].empty());
  // At the limit it is a unit like any other.
  json unit = append(projectId, nullptr, "user", std::string(kMaxTextBytes, 'a'));
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", unit["id"]}})["content"].get<std::string>().size(),
            kMaxTextBytes);
}

TEST_F(InputLimits, AnIdAboveTheLimitIsRefusedNamingItsField) {
  std::string projectId = createProject()["id"];
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/unit/get", {{"unitId", std::string(kMaxIdBytes + 1, 'u')}}),
                              "unitId"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/project/get", {{"projectId", std::string(kMaxIdBytes + 1, 'p')}}), "projectId"));
  // One long id inside a list is enough.
  json ids = json::array({"u-1", std::string(kMaxIdBytes + 1, 'u')});
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/unit/getMany", {{"unitIds", ids}}), "unitIds"));
  // At the limit the id is looked up (and simply not found).
  EXPECT_TRUE(isError(rpc().call("grove/unit/get", {{"unitId", std::string(kMaxIdBytes, 'u')}}), 1001));
}

TEST_F(InputLimits, MoreUnitsPerCallThanTheLimitAreRefused) {
  std::string projectId = createProject()["id"];
  std::string unitId = append(projectId, nullptr, "user", "hello")["id"];
  json many = json::array();
  for (size_t i = 0; i <= kMaxListItems; ++i) many.push_back(unitId);
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/unit/getMany", {{"unitIds", many}}), "unitIds"));
  many.erase(many.size() - 1);
  EXPECT_TRUE(isResult(rpc().call("grove/unit/getMany", {{"unitIds", many}})));
}

TEST_F(InputLimits, AQueryAboveTheLimitIsRefused) {
  createProject();
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/search", {{"query", std::string(kMaxQueryBytes + 1, 'q')}}),
                              "query"));
  EXPECT_TRUE(isResult(rpc().call("grove/search", {{"query", std::string(kMaxQueryBytes, 'q')}})));
}

TEST_F(InputLimits, ATitleAboveTheLimitIsRefused) {
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/create", {{"title", std::string(kMaxTitleBytes + 1, 't')}}),
                              "title"));
  EXPECT_TRUE(rpc().result("grove/project/list")["projects"].empty());
}

TEST_F(InputLimits, ParamsNestedDeeperThanTheLimitAreRefusedNamingTheField) {
  std::string projectId = createProject()["id"];
  // params is level 1, so the field itself may nest kMaxParamsDepth - 1 levels.
  json reply = rpc().call("grove/scope/preview",
                          {{"projectId", projectId}, {"cursorId", nullptr}, {"scope", nested(kMaxParamsDepth)}});
  EXPECT_TRUE(isInvalidParams(reply, "scope"));
  json within = rpc().call("grove/project/get", {{"projectId", projectId}, {"extra", nested(kMaxParamsDepth - 1)}});
  EXPECT_TRUE(isResult(within));
}

}  // namespace
}  // namespace grove::test
