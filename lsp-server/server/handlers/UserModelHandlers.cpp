// grove/initiative/get and set, grove/userModel/get and reset.
#include "protocol/SuggestionJson.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerUserModelHandlers(MethodTable& t) {
  t.add("grove/initiative/get", kRead, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.initiative(p.str("projectId")));
  });

  t.add("grove/initiative/set", kChange, [](RequestContext& c, const Params& p) {
    std::string projectId = p.str("projectId");
    InitiativeUpdate u;
    if (auto level = p.optStr("level")) {
      u.level = parseInitiativeLevel(*level);
      if (!u.level) Params::fail("level", "level must be off, on_demand or suggest");
    }
    u.cooldownTurns = p.optInt("cooldownTurns");
    u.maxPerHour = p.optInt("maxPerHour");
    return toJson(c.engine.setInitiative(projectId, u));
  });

  t.add("grove/userModel/get", kRead, [](RequestContext& c, const Params&) { return toJson(c.engine.userModel()); });

  t.add("grove/userModel/reset", kChange, [](RequestContext& c, const Params&) {
    return toJson(c.engine.resetUserModel());
  });
}

}  // namespace grove::server
