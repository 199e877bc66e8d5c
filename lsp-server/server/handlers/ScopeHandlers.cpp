// grove/scope/preview and grove/scope/reset.
#include "protocol/Convert.h"
#include "protocol/MemoletJson.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerScopeHandlers(MethodTable& t) {
  t.add("grove/scope/preview", kRead, [](RequestContext& c, const Params& p) {
    // An absent cursorId means the project's cursor; null means an empty path.
    session::PreviewRequest r{p.str("projectId"), p.field("cursorId"), p.optStr("prompt"), p.optInt("budgetTokens"),
                              proto::memoryChoiceFrom(p)};
    session::PreviewResult preview = c.session.preview(r);
    json out = toJson(static_cast<const ScopePreview&>(preview));
    out["memory"] = toJson(preview.memory);
    return out;
  });
  t.add("grove/scope/reset", kChange, [](RequestContext& c, const Params& p) {
    c.engine.resetScope(p.str("projectId"));
    return json::object();
  });
}

}  // namespace grove::server
