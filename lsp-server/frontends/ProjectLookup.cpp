#include "frontends/ProjectLookup.h"

#include "jsonrpc/ErrorCodes.h"

namespace grove::frontends {

using nlohmann::json;

std::optional<json> findProject(const json& listResult, const std::string& projectId) {
  if (!listResult.is_object() || !listResult.contains("projects") || !listResult["projects"].is_array())
    return std::nullopt;
  for (const auto& p : listResult["projects"])
    if (p.is_object() && p.value("id", std::string()) == projectId) return p;
  return std::nullopt;
}

json projectNotFound(const std::string& projectId) {
  return {{"code", rpc::NotFound},
          {"message", "projectNotFound: " + projectId},
          {"data", {{"kind", "projectNotFound"}, {"id", projectId}}}};
}

CoreCaller::Outcome lookUpProject(CoreCaller& core, const std::string& projectId) {
  auto listed = core.callSync("grove/project/list", json::object());
  if (!listed.ok) return listed;
  if (auto p = findProject(listed.value, projectId)) return {true, std::move(*p)};
  return {false, projectNotFound(projectId)};
}

}  // namespace grove::frontends
