// RpcAssertions: checks on JSON-RPC replies that print the whole reply when
// they fail. Use with EXPECT_TRUE / ASSERT_TRUE.
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace grove::test {

using nlohmann::json;

/// A success reply (has `result`, no `error`).
::testing::AssertionResult isResult(const json& reply);
/// An error reply with this code.
::testing::AssertionResult isError(const json& reply, int code);
/// -32602 with `data.field` == field.
::testing::AssertionResult isInvalidParams(const json& reply, const std::string& field);
/// 1001 with `data.kind` and `data.id`.
::testing::AssertionResult isNotFound(const json& reply, const std::string& kind,
                                      const std::string& id);
/// 1002 with `data.kind`.
::testing::AssertionResult isInvalidOperation(const json& reply, const std::string& kind);

}  // namespace grove::test
