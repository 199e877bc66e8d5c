// grove/project/*: create, list, get, rename, delete (to the trash), restore,
// setCursor.
#include "protocol/Convert.h"
#include "server/MemoryJobs.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerProjectHandlers(MethodTable& t) {
  t.add("grove/project/create", [](RequestContext& c, const Params& p) {
    return toJson(c.engine.createProject(p.str("title"), p.optStr("workspaceUri")));
  });
  t.add("grove/project/list", [](RequestContext& c, const Params& p) {
    json list = json::array();
    for (const auto& pr : c.engine.listProjects(p.optStr("workspaceUri"), p.flag("includeDeleted", false)))
      list.push_back(toJson(pr));
    return json{{"projects", list}};
  });
  t.add("grove/project/get", [](RequestContext& c, const Params& p) {
    ProjectSnapshot s = c.engine.getProject(p.str("projectId"));
    json units = json::array(), branches = json::array();
    for (const auto& u : s.units) units.push_back(toJson(u));
    for (const auto& b : s.branches) branches.push_back(toJson(b));
    return json{{"project", toJson(s.project)}, {"units", units}, {"branches", branches}};
  });
  t.add("grove/project/rename", [](RequestContext& c, const Params& p) {
    return toJson(c.engine.renameProject(p.str("projectId"), p.str("title")));
  });
  t.add("grove/project/delete", [](RequestContext& c, const Params& p) {
    c.engine.deleteProject(p.str("projectId"));
    return json::object();
  });
  t.add("grove/project/restore", [](RequestContext& c, const Params& p) {
    return toJson(c.engine.restoreProject(p.str("projectId")));
  });
  t.add("grove/project/setCursor", [](RequestContext& c, const Params& p) {
    std::string projectId = p.str("projectId");
    auto cursor = p.nullableStr("cursorId");
    Project before = c.engine.project(projectId);
    Project after = c.engine.setCursor(projectId, cursor);
    // A move to another path is a path switch: the memory agent runs.
    if (before.cursorId && cursor) {
      onPathSwitch(c.server, c.engine, projectId, *before.cursorId, *cursor);
      after = c.engine.project(projectId);
    }
    return toJson(after);
  });
}

}  // namespace grove::server
