#include "server/ChangeResult.h"

#include <optional>

namespace grove::server {

using nlohmann::json;

namespace {

const json* stringAt(const json& params, const char* key) {
  auto it = params.find(key);
  return it != params.end() && it->is_string() ? &*it : nullptr;
}

}  // namespace

std::string changedProject(Engine& engine, const json& params) {
  if (!params.is_object()) return "";
  if (const json* p = stringAt(params, "projectId")) return p->get<std::string>();
  if (const json* u = stringAt(params, "unitId")) return engine.unit(u->get<std::string>()).projectId;
  auto ids = params.find("unitIds");
  if (ids != params.end() && ids->is_array() && !ids->empty() && (*ids)[0].is_string())
    return engine.unit((*ids)[0].get<std::string>()).projectId;
  if (const json* s = stringAt(params, "suggestionId")) return engine.suggestion(s->get<std::string>()).projectId;
  return "";
}

ResultStamp stampForChange(Engine& engine, const json& params) {
  std::string projectId;
  std::optional<std::string> cursorBefore;
  try {
    projectId = changedProject(engine, params);
    if (!projectId.empty()) cursorBefore = engine.project(projectId).cursorId;
  } catch (const Error&) {
    return {};  // the handler reports what is wrong with the request
  }
  if (projectId.empty()) return {};
  Engine* e = &engine;  // the engine outlives the server and every reply
  return [e, projectId, cursorBefore](json& reply) {
    auto result = reply.find("result");
    if (result == reply.end() || !result->is_object()) return;
    try {
      Project p = e->project(projectId);
      if (!result->contains("revision")) (*result)["revision"] = p.revision;
      if (p.cursorId != cursorBefore && !result->contains("cursorId"))
        (*result)["cursorId"] = p.cursorId ? json(*p.cursorId) : json(nullptr);
    } catch (const Error&) {
      // The change took the project away (to the trash): no revision to report.
    }
  };
}

}  // namespace grove::server
