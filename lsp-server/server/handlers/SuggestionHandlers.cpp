// grove/suggestion/analyze, list and resolve.
#include "protocol/Convert.h"
#include "protocol/SuggestionJson.h"
#include "server/MemoryJobs.h"
#include "server/MethodTable.h"
#include "server/Replies.h"
#include "server/Server.h"
#include "server/StructureJobs.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

namespace {

json list(const std::vector<Suggestion>& suggestions) {
  json out = json::array();
  for (const auto& s : suggestions) out.push_back(toJson(s));
  return json{{"suggestions", out}};
}

// With a provider, the memory agent follows a return's path switch as it
// does a cursor move (the utility model rewrites the summary). Offline the
// engine's extractive summary, which leaves out a delegated request and its
// acknowledgement, is the one the branch keeps.
json resolved(RequestContext& c, const Resolution& r) {
  if (r.pathSwitch && !c.server.providers().offline())
    onPathSwitch(c.server, c.engine, r.suggestion.projectId, r.pathSwitch->first, r.pathSwitch->second);
  return toJson(r);
}

}  // namespace

void registerSuggestionHandlers(MethodTable& t) {
  t.add("grove/suggestion/analyze", [](RequestContext& c, const Params& p) {
    std::string projectId = p.str("projectId");
    std::string prompt = p.str("prompt");
    // An absent cursorId means the project's cursor; null means an empty path.
    Field<std::string> cursor = p.field("cursorId");
    std::optional<std::string> cursorId = cursor ? *cursor : c.engine.project(projectId).cursorId;
    return list(c.engine.analyze(projectId, cursorId, prompt));
  });

  t.add("grove/suggestion/list", [](RequestContext& c, const Params& p) {
    std::optional<SuggestionState> state;
    if (auto s = p.optStr("state")) state = proto::suggestionStateFrom(*s);
    return list(c.engine.suggestions(p.str("projectId"), state));
  });

  t.add("grove/suggestion/resolve", [](RequestContext& c, const Params& p) {
    std::string id = p.str("suggestionId");
    Decision decision = proto::decisionFrom(p);
    Suggestion s = c.engine.suggestion(id);
    bool draftFirst = decision == Decision::Accept && s.kind == SuggestionKind::Extract &&
                      s.state != SuggestionState::Accepted && s.state != SuggestionState::Rejected &&
                      modelExtraction(c.server);
    if (!draftFirst) return resolved(c, c.engine.resolveSuggestion(id, decision));
    // With a provider, the utility model writes the capsule first; the
    // suggestion is accepted when the draft (or its extractive fallback) is in.
    std::vector<Unit> source;
    try {
      source = c.engine.capsuleSource(s.projectId, s.anchorIds);
    } catch (const Error&) {
      return resolved(c, c.engine.resolveSuggestion(id, decision));  // reports what is wrong
    }
    CapsuleType type = parseCapsuleType(s.capsuleType.value_or("task_sop")).value_or(CapsuleType::TaskSop);
    auto conn = c.connection.shared_from_this();
    json reqId = c.id;
    Server& server = c.server;
    c.deferred = true;
    draftCapsule(server, std::move(source), type,
                 [&server, conn, reqId, id](Engine& e, const std::optional<CapsuleDraft>& draft) {
                   try {
                     Resolution r = e.resolveSuggestion(id, Decision::Accept, draft);
                     server.send(*conn, resultReply(reqId, toJson(r)));
                   } catch (const Error& err) {
                     server.send(*conn, errorReply(reqId, err));
                   }
                 });
    return json(nullptr);
  });
}

}  // namespace grove::server
