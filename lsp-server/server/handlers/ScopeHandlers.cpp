// grove/scope/preview and grove/scope/reset.
#include "protocol/Convert.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerScopeHandlers(MethodTable& t) {
  t.add("grove/scope/preview", [](RequestContext& c, const Params& p) {
    std::string projectId = p.str("projectId");
    // An absent cursorId means the project's cursor; null means an empty path.
    Field<std::string> cursor = p.field("cursorId");
    std::optional<std::string> cursorId =
        cursor ? *cursor : c.engine.project(projectId).cursorId;
    return toJson(c.engine.preview(projectId, cursorId, p.optStr("prompt"),
                                   p.optInt("budgetTokens")));
  });
  t.add("grove/scope/reset", [](RequestContext& c, const Params& p) {
    c.engine.resetScope(p.str("projectId"));
    return json::object();
  });
}

}  // namespace grove::server
