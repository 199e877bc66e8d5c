// ServerFixture: an initialized in-process server per test, plus shorthands
// for the calls most tests need to set up a tree.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "InProcessServer.h"
#include "Previews.h"
#include "RpcAssertions.h"

namespace grove::test {

class ServerFixture : public ::testing::Test {
protected:
  void SetUp() override { rpc().initialize(); }

  RpcClient& rpc() { return server_.client(); }

  json createProject(const std::string& title = "test project") {
    return rpc().result("grove/project/create", {{"title", title}});
  }
  /// Appends a message unit; `extra` is merged into the params.
  json append(const std::string& projectId, const json& parentId, const std::string& role,
              const std::string& content, const json& extra = json::object()) {
    json params{{"projectId", projectId}, {"parentId", parentId}, {"role", role},
                {"content", content}};
    params.update(extra);
    return rpc().result("grove/unit/append", params);
  }
  json getProject(const std::string& projectId) {
    return rpc().result("grove/project/get", {{"projectId", projectId}});
  }
  json preview(const std::string& projectId, const json& cursorId, const json& extra = json::object()) {
    json params{{"projectId", projectId}, {"cursorId", cursorId}};
    params.update(extra);
    return rpc().result("grove/scope/preview", params);
  }

  InProcessServer server_;
};

}  // namespace grove::test
