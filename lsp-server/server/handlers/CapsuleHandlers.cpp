// grove/capsule/extract, list, update, setEnabled and delete.
#include "protocol/SuggestionJson.h"
#include "server/MethodTable.h"
#include "server/Replies.h"
#include "server/Server.h"
#include "server/StructureJobs.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerCapsuleHandlers(MethodTable& t) {
  t.add("grove/capsule/extract", [](RequestContext& c, const Params& p) {
    std::string projectId = p.str("projectId");
    std::vector<std::string> unitIds = p.strList("unitIds");
    CapsuleType type = proto::capsuleTypeFrom(p, "type");
    std::vector<Unit> source = c.engine.capsuleSource(projectId, unitIds);
    if (!modelExtraction(c.server)) return toJson(c.engine.extractCapsule(projectId, unitIds, type, std::nullopt));
    auto conn = c.connection.shared_from_this();
    json reqId = c.id;
    Server& server = c.server;
    c.deferred = true;
    draftCapsule(server, std::move(source), type,
                 [&server, conn, reqId, projectId, unitIds, type](Engine& e, const std::optional<CapsuleDraft>& d) {
                   try {
                     server.send(*conn, resultReply(reqId, toJson(e.extractCapsule(projectId, unitIds, type, d))));
                   } catch (const Error& err) {
                     server.send(*conn, errorReply(reqId, err));
                   }
                 });
    return json(nullptr);
  });

  t.add("grove/capsule/list", [](RequestContext& c, const Params& p) {
    json out = json::array();
    for (const auto& cap : c.engine.capsules(p.optStr("projectId"))) out.push_back(toJson(cap));
    return json{{"capsules", out}};
  });

  t.add("grove/capsule/update", [](RequestContext& c, const Params& p) {
    CapsuleUpdate u;
    u.name = p.optStr("name");
    u.instruction = p.optStr("instruction");
    u.example = p.optStr("example");
    if (p.has("reviewed")) u.reviewed = p.flag("reviewed", false);
    return toJson(c.engine.updateCapsule(p.str("capsuleId"), u));
  });

  t.add("grove/capsule/setEnabled", [](RequestContext& c, const Params& p) {
    std::string capsuleId = p.str("capsuleId");
    std::string projectId = p.str("projectId");
    if (!p.has("enabled")) Params::fail("enabled", "enabled is required");
    return toJson(c.engine.setCapsuleEnabled(capsuleId, projectId, p.flag("enabled", false)));
  });

  t.add("grove/capsule/delete", [](RequestContext& c, const Params& p) {
    c.engine.deleteCapsule(p.str("capsuleId"));
    return json::object();
  });
}

}  // namespace grove::server
