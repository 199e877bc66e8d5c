// grove/scope/preview and grove/scope/reset.
#include "protocol/Convert.h"
#include "protocol/MemoletJson.h"
#include "protocol/PreviewText.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerScopeHandlers(MethodTable& t) {
  t.addWithReply("grove/scope/preview", kRead, [](RequestContext& c, const Params& p, Reply reply) {
    // An absent cursorId means the project's cursor; null means an empty path.
    session::PreviewRequest r{p.str("projectId"), p.field("cursorId"), p.optStr("prompt"), p.optInt("budgetTokens"),
                              proto::memoryChoiceFrom(p)};
    // withText false: a client marking what is in scope needs the ids, not
    // the prompt (half a megabyte at the tip of 1,000 messages, per click).
    const bool withText = p.flag("withText", true);
    session::PreviewResult preview = c.session.preview(r);
    // Written as text: at the tip of a long path it is the whole prompt.
    reply.sendText(proto::previewText(preview, preview.memory, withText));
  });
  t.add("grove/scope/reset", kChange, [](RequestContext& c, const Params& p) {
    c.engine.resetScope(p.str("projectId"));
    return json::object();
  });
}

}  // namespace grove::server
