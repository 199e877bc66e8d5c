// grove/mainline/set and grove/branch/update.
#include "protocol/Convert.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerStructureHandlers(MethodTable& t) {
  t.add("grove/mainline/set", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.setMainline(p.str("projectId"), p.field("startId"), p.field("endId")));
  });
  t.add("grove/branch/update", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.updateBranch(p.str("projectId"), p.str("headId"),
                                        proto::branchUpdateFrom(p)));
  });
}

}  // namespace grove::server
