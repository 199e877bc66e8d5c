#include "frontends/mcp/McpServer.h"

#include "frontends/mcp/McpResources.h"
#include "frontends/mcp/McpTools.h"
#include "jsonrpc/ErrorCodes.h"
#include "support/Log.h"

namespace grove::frontends::mcp {

using nlohmann::json;

const char* const kProtocolVersions[2] = {"2025-11-25", "2025-06-18"};

namespace {

// Raised inside a request to answer it with a JSON-RPC error.
struct ProtocolError {
  int code;
  std::string message;
};

std::string stringParam(const json& params, const char* name) {
  if (!params.is_object() || !params.contains(name) || !params[name].is_string())
    throw ProtocolError{rpc::InvalidParams, std::string(name) + " must be a string"};
  return params[name];
}

}  // namespace

McpServer::McpServer(frontends::LineChannel& client, frontends::CoreCaller& core, std::string version)
    : client_(client), core_(core), version_(std::move(version)) {
  coreCall_ = [this](const std::string& method, const json& params) { return call(method, params); };
}

json McpServer::call(const std::string& method, const json& params) {
  auto outcome = core_.callSync(method, params);
  if (outcome.ok) return outcome.value;
  const json& e = outcome.value;
  throw CoreError(e.value("code", rpc::InternalError), e.value("message", "the Grove core refused " + method),
                  e.contains("data") ? e["data"] : json(nullptr));
}

json McpServer::initialize(const json& params) {
  std::string asked = params.is_object() ? params.value("protocolVersion", "") : "";
  std::string version = kProtocolVersions[0];
  for (const char* v : kProtocolVersions)
    if (asked == v) version = v;
  std::string name = "mcp";
  if (params.is_object() && params.contains("clientInfo") && params["clientInfo"].is_object())
    name += ":" + params["clientInfo"].value("name", "client");
  auto introduced = core_.initialize(name, version_);
  if (!introduced.ok)
    throw ProtocolError{rpc::InternalError,
                        "could not reach the Grove core: " + introduced.value.value("message", std::string("no answer"))};
  initialized_ = true;
  return {{"protocolVersion", version},
          {"capabilities", {{"tools", {{"listChanged", false}}}, {"resources", {{"subscribe", false}, {"listChanged", false}}}}},
          {"serverInfo", {{"name", "grove"}, {"title", "Grove"}, {"version", version_}}},
          {"instructions",
           "Grove keeps the user's AI conversations as trees. Search what was said before with search_memolets, "
           "see what a model would be given with preview_context, and record snippets and notes into a project "
           "with capture_snippet and append_note (list_projects names the projects)."}};
}

void McpServer::handle(const json& message) {
  if (!message.contains("method") || !message["method"].is_string()) return;  // a response: we ask nothing
  const std::string method = message["method"];
  const bool isRequest = message.contains("id");
  const json params = message.value("params", json::object());
  if (!isRequest) return;  // notifications/initialized, notifications/cancelled: nothing to do
  const json& id = message["id"];
  try {
    json result;
    if (method == "ping") {
      result = json::object();
    } else if (method == "initialize") {
      result = initialize(params);
    } else if (!initialized_) {
      throw ProtocolError{rpc::InvalidRequest, "initialize first: " + method + " came before it"};
    } else if (method == "tools/list") {
      result = {{"tools", toolList()}};
    } else if (method == "tools/call") {
      std::string name = stringParam(params, "name");
      auto called = callTool(name, params.value("arguments", json::object()), coreCall_);
      if (!called) throw ProtocolError{rpc::InvalidParams, "unknown tool: " + name};
      result = std::move(*called);
    } else if (method == "resources/list") {
      result = {{"resources", resourceList(coreCall_)}};
    } else if (method == "resources/templates/list") {
      result = {{"resourceTemplates", resourceTemplates()}};
    } else if (method == "resources/read") {
      result = readResource(stringParam(params, "uri"), coreCall_);
    } else {
      throw ProtocolError{rpc::MethodNotFound, "Grove's MCP server has no method " + method};
    }
    client_.send({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  } catch (const ProtocolError& e) {
    client_.sendError(id, e.code, e.message);
  } catch (const ResourceError& e) {
    client_.sendError(id, e.code(), e.what());
  } catch (const CoreError& e) {
    client_.sendError(id, e.code(), e.what(), e.data());
  } catch (const std::exception& e) {
    // A bug of ours: answer it and keep serving the other requests.
    log::error(std::string("mcp: ") + method + " failed: " + e.what());
    client_.sendError(id, rpc::InternalError, method + " failed inside Grove: " + e.what());
  }
}

}  // namespace grove::frontends::mcp
