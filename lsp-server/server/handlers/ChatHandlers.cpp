// grove/chat/send and regenerate, grove/branch/summarize and
// grove/provider/list: each one call into the session.
#include "protocol/Convert.h"
#include "protocol/MemoletJson.h"
#include "protocol/TurnJson.h"
#include "server/MethodTable.h"
#include "server/TurnReply.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerChatHandlers(MethodTable& t) {
  t.addWithReply("grove/chat/send", kSlowChange, [](RequestContext& c, const Params& p, Reply reply) {
    session::SendRequest r;
    r.projectId = p.str("projectId");
    r.parentId = p.nullableStr("parentId");
    r.content = p.str("content");
    r.branch = proto::branchInfoFrom(p);
    r.model = p.optStr("model");
    r.memory = proto::memoryChoiceFrom(p);
    answerTurn(c, std::move(reply), [&](session::TurnCallbacks cb, CancellationToken cancel) {
      c.session.sendMessage(r, std::move(cb), std::move(cancel));
    });
  });

  t.addWithReply("grove/chat/regenerate", kSlowChange, [](RequestContext& c, const Params& p, Reply reply) {
    session::AnswerAgainRequest r{p.str("unitId"), p.optStr("model"), std::nullopt, proto::memoryChoiceFrom(p)};
    answerTurn(c, std::move(reply), [&](session::TurnCallbacks cb, CancellationToken cancel) {
      c.session.answerAgain(r, std::move(cb), std::move(cancel));
    });
  });

  t.addWithReply("grove/branch/summarize", kSlowChange, [](RequestContext& c, const Params& p, Reply reply) {
    c.session.summarizeBranch(p.str("projectId"), p.str("headId"),
                              answerWith<Branch>(std::move(reply), [](const Branch& b) { return toJson(b); }));
  });

  t.add("grove/provider/list", kRead, [](RequestContext& c, const Params&) {
    json list = json::array();
    for (const auto& info : c.session.providers()) list.push_back(toJson(info));
    return json{{"providers", list}};
  });
}

}  // namespace grove::server
