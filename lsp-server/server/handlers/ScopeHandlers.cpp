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
    // The system prompt a turn from this cursor would get (mode block and
    // enabled capsules), so the preview is exactly what the model receives.
    std::string system = c.engine.systemPrompt(projectId, cursorId);
    // Memory for the prompt: referenced memolets in full, then retrieved ones
    // (offline retrieval; a provider's query expansion only runs in a turn).
    if (auto prompt = p.optStr("prompt")) {
      RetrievalRequest memory;
      memory.projectId = projectId;
      memory.message = *prompt;
      memory.budgetTokens = p.optInt("budgetTokens");
      std::string section = c.engine.memoletContext(memory).section;
      if (!section.empty()) system = system.empty() ? section : system + "\n\n" + section;
    }
    return toJson(c.engine.preview(projectId, cursorId, p.optStr("prompt"),
                                   p.optInt("budgetTokens"), system));
  });
  t.add("grove/scope/reset", [](RequestContext& c, const Params& p) {
    c.engine.resetScope(p.str("projectId"));
    return json::object();
  });
}

}  // namespace grove::server
