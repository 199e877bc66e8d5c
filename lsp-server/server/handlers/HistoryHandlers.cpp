// grove/history/undo and grove/history/redo.
#include "protocol/Convert.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerHistoryHandlers(MethodTable& t) {
  t.add("grove/history/undo", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.undo(p.str("projectId")));
  });
  t.add("grove/history/redo", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.redo(p.str("projectId")));
  });
}

}  // namespace grove::server
