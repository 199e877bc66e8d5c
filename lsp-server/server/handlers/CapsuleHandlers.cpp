// grove/capsule/extract, list, update, setEnabled and delete.
#include "protocol/SuggestionJson.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerCapsuleHandlers(MethodTable& t) {
  t.addWithReply("grove/capsule/extract", kSlowChange, [](RequestContext& c, const Params& p, Reply reply) {
    std::string projectId = p.str("projectId");
    std::vector<std::string> unitIds = p.strList("unitIds");
    CapsuleType type = proto::capsuleTypeFrom(p, "type");
    c.session.extractCapsule(projectId, unitIds, type,
                             answerWith<Capsule>(std::move(reply), [](const Capsule& cap) { return toJson(cap); }));
  });

  t.add("grove/capsule/list", kRead, [](RequestContext& c, const Params& p) {
    json out = json::array();
    for (const auto& cap : c.engine.capsules(p.optStr("projectId"))) out.push_back(toJson(cap));
    return json{{"capsules", out}};
  });

  t.add("grove/capsule/update", kChange, [](RequestContext& c, const Params& p) {
    CapsuleUpdate u;
    u.name = p.optStr("name");
    u.instruction = p.optStr("instruction");
    u.example = p.optStr("example");
    if (p.has("reviewed")) u.reviewed = p.flag("reviewed", false);
    return toJson(c.engine.updateCapsule(p.str("capsuleId"), u));
  });

  t.add("grove/capsule/setEnabled", kChange, [](RequestContext& c, const Params& p) {
    std::string capsuleId = p.str("capsuleId");
    std::string projectId = p.str("projectId");
    if (!p.has("enabled")) Params::fail("enabled", "enabled is required");
    return toJson(c.engine.setCapsuleEnabled(capsuleId, projectId, p.flag("enabled", false)));
  });

  t.add("grove/capsule/delete", kChange, [](RequestContext& c, const Params& p) {
    c.engine.deleteCapsule(p.str("capsuleId"));
    return json::object();
  });
}

}  // namespace grove::server
