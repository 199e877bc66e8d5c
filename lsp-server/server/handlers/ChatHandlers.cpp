// grove/chat/*, grove/branch/summarize and grove/provider/list: chat turns
// and the agents around them.
#include "memory/References.h"
#include "protocol/Convert.h"
#include "server/ChatTurn.h"
#include "server/Delegation.h"
#include "server/StructureJobs.h"
#include "server/MemoryJobs.h"
#include "server/MethodTable.h"
#include "server/Replies.h"
#include "server/Server.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerChatHandlers(MethodTable& t) {
  t.add("grove/chat/send", [](RequestContext& c, const Params& p) {
    AppendRequest r;
    r.projectId = p.str("projectId");
    r.parentId = p.nullableStr("parentId");
    r.role = Role::User;
    r.content = p.str("content");
    if (r.content.find_first_not_of(" \t\r\n") == std::string::npos)
      Params::fail("content", "content must not be empty");
    r.branch = proto::branchInfoFrom(p);
    // An unknown @ reference fails the send before anything is stored.
    for (const auto& id : memory::referencedIds(r.content)) c.engine.memolet(id);
    auto model = p.optStr("model");
    Project before = c.engine.project(r.projectId);
    Unit user = c.engine.append(r);
    // Sending somewhere else than the cursor (or opening a branch) is a path switch.
    if (before.cursorId && *before.cursorId != user.id)
      onPathSwitch(c.server, c.engine, r.projectId, *before.cursorId, user.id);
    // Cards still pending were passed by; then the structure agent judges
    // this message (native now, the model in parallel with the answer).
    c.engine.passPendingSuggestions(r.projectId);
    SendAnalysis analysis = c.engine.analyzeSend(user);
    if (analysis.delegated) return answerDelegation(c.engine, user, *analysis.delegated);
    startStructureAgent(c.server, c.engine, user, analysis);
    startAnswer(c, user, model);
    return json(nullptr);
  });

  t.add("grove/chat/regenerate", [](RequestContext& c, const Params& p) {
    Unit unit = c.engine.unit(p.str("unitId"));
    // An answer is regenerated from the message it answered; a user unit
    // gets one more answer.
    Unit prompt = unit;
    if (unit.role == Role::Assistant) {
      if (!unit.parentId)
        throw Error::invalidOp("nothingToAnswer", "this answer has no message before it", unit.id);
      prompt = c.engine.unit(*unit.parentId);
    }
    startAnswer(c, prompt, p.optStr("model"));
    return json(nullptr);
  });

  t.add("grove/branch/summarize", [](RequestContext& c, const Params& p) {
    std::string projectId = p.str("projectId");
    std::string headId = p.str("headId");
    Unit head = c.engine.unit(headId);
    if (head.projectId != projectId)
      Params::fail("headId", "unit " + headId + " belongs to another project");
    if (head.parentId && !head.startsBranch)
      throw Error::invalidOp("notBranchHead", "unit " + headId + " does not start a branch", headId);
    auto conn = c.connection.shared_from_this();
    json id = c.id;
    Server& server = c.server;
    bool now = summarizeBranch(server, c.engine, projectId, headId,
                               [&server, conn, id, headId](Engine& e, const std::optional<Error>& err) {
                                 // Only reached here for the background case.
                                 server.send(*conn, err ? errorReply(id, *err)
                                                        : resultReply(id, toJson(e.branchOf(headId))));
                               });
    if (now) return toJson(c.engine.branchOf(headId));
    c.deferred = true;
    return json(nullptr);
  });

  t.add("grove/provider/list", [](RequestContext& c, const Params&) {
    json list = json::array();
    for (const auto& info : c.server.providers().list())
      list.push_back({{"name", info.name},
                      {"kind", info.kind},
                      {"model", info.model},
                      {"utilityModel", info.utilityModel},
                      {"baseUrl", info.baseUrl},
                      {"active", info.active},
                      {"hasKey", info.hasKey},
                      {"state", info.state}});
    return json{{"providers", list}};
  });
}

}  // namespace grove::server
