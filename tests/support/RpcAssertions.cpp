#include "RpcAssertions.h"

namespace grove::test {

namespace {

::testing::AssertionResult fail(const std::string& want, const json& reply) {
  return ::testing::AssertionFailure() << "expected " << want << ", got " << reply.dump();
}

const json* errorData(const json& reply) {
  if (!reply.is_object() || !reply.contains("error")) return nullptr;
  const json& err = reply["error"];
  auto it = err.find("data");
  return it == err.end() ? nullptr : &*it;
}

}  // namespace

::testing::AssertionResult isResult(const json& reply) {
  if (reply.is_object() && reply.contains("result") && !reply.contains("error"))
    return ::testing::AssertionSuccess();
  return fail("a result", reply);
}

::testing::AssertionResult isError(const json& reply, int code) {
  if (reply.is_object() && !reply.contains("result") && reply.contains("error") &&
      reply["error"].value("code", 0) == code && reply["error"].contains("message") &&
      reply["error"]["message"].is_string())
    return ::testing::AssertionSuccess();
  return fail("error " + std::to_string(code), reply);
}

::testing::AssertionResult isInvalidParams(const json& reply, const std::string& field) {
  auto r = isError(reply, -32602);
  if (!r) return r;
  const json* data = errorData(reply);
  if (data && data->value("field", "") == field) return ::testing::AssertionSuccess();
  return fail("-32602 with data.field=" + field, reply);
}

::testing::AssertionResult isNotFound(const json& reply, const std::string& kind,
                                      const std::string& id) {
  auto r = isError(reply, 1001);
  if (!r) return r;
  const json* data = errorData(reply);
  if (data && data->value("kind", "") == kind && data->value("id", "") == id)
    return ::testing::AssertionSuccess();
  return fail("1001 with data.kind=" + kind + " data.id=" + id, reply);
}

::testing::AssertionResult isInvalidOperation(const json& reply, const std::string& kind) {
  auto r = isError(reply, 1002);
  if (!r) return r;
  const json* data = errorData(reply);
  if (data && data->value("kind", "") == kind) return ::testing::AssertionSuccess();
  return fail("1002 with data.kind=" + kind, reply);
}

}  // namespace grove::test
