#include "frontends/acp/Extensions.h"

namespace grove::frontends::acp {

using nlohmann::json;

namespace {

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// Notifications that tell a Grove-aware client its picture is stale.
constexpr const char* kForwarded[] = {"grove/project/didChange", "grove/memolet/didChange",
                                      "grove/suggestion/didCreate", "grove/suggestion/didChange"};

}  // namespace

json extensionCapability() {
  return {{"methods", "_grove/<area>/<verb> passes through to grove/<area>/<verb> (lsp-server/PROTOCOL.md), "
                      "except grove/chat/*: prompts are session/prompt"},
          {"notifications", "set clientCapabilities._meta.grove to receive _grove/project/didChange, "
                            "_grove/memolet/didChange, _grove/suggestion/didCreate and _grove/suggestion/didChange"},
          {"chunkMeta", "each message chunk's _meta.grove names its unit: {unitId, kind?, scope?}"}};
}

std::optional<std::string> passThroughMethod(const std::string& acpMethod) {
  if (!startsWith(acpMethod, kExtensionPrefix)) return std::nullopt;
  std::string rest = acpMethod.substr(std::string(kExtensionPrefix).size());
  if (rest.empty() || startsWith(rest, "chat/") || rest.find('/') == std::string::npos) return std::nullopt;
  return "grove/" + rest;
}

bool wantsGroveNotifications(const json& initializeParams) {
  if (!initializeParams.is_object() || !initializeParams.contains("clientCapabilities")) return false;
  const json& caps = initializeParams["clientCapabilities"];
  if (!caps.is_object() || !caps.contains("_meta") || !caps["_meta"].is_object()) return false;
  const json& meta = caps["_meta"];
  return meta.contains("grove") && !meta["grove"].is_null() && meta["grove"] != false;
}

std::optional<json> forwardedNotification(const std::string& method, const json& params) {
  for (const char* m : kForwarded)
    if (method == m)
      return json{{"jsonrpc", "2.0"}, {"method", std::string(kExtensionPrefix) + method.substr(6)}, {"params", params}};
  return std::nullopt;
}

json unitMeta(const json& unit) {
  if (unit.is_string()) return {{"grove", {{"unitId", unit}}}};
  json grove{{"unitId", unit.value("id", std::string())}};
  if (unit.contains("kind")) grove["kind"] = unit["kind"];
  if (unit.contains("scope")) grove["scope"] = unit["scope"];
  return {{"grove", std::move(grove)}};
}

}  // namespace grove::frontends::acp
