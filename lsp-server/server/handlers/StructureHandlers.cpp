// grove/mainline/set, grove/branch/update and grove/branch/return.
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
  t.add("grove/branch/return", kChange, [](RequestContext& c, const Params& p) {
    std::optional<std::string> summary = p.optStr("summary");
    if (summary && summary->find_first_not_of(" \t\r\n") == std::string::npos)
      Params::fail("summary", "summary must not be blank (leave it out for a generated one)");
    BranchReturn r = c.session.returnFromBranch(p.str("projectId"), p.str("headId"), summary);
    return json{{"branch", toJson(r.branch)}, {"project", toJson(r.project)}};
  });
}

}  // namespace grove::server
