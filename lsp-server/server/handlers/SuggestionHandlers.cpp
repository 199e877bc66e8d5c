// grove/suggestion/analyze, list and resolve.
#include "protocol/Convert.h"
#include "protocol/SuggestionJson.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

namespace {

json list(const std::vector<Suggestion>& suggestions) {
  json out = json::array();
  for (const auto& s : suggestions) out.push_back(toJson(s));
  return json{{"suggestions", out}};
}

}  // namespace

void registerSuggestionHandlers(MethodTable& t) {
  t.add("grove/suggestion/analyze", kRead, [](RequestContext& c, const Params& p) {
    std::string projectId = p.str("projectId");
    std::string prompt = p.str("prompt");
    // An absent cursorId means the project's cursor; null means an empty path.
    Field<std::string> cursor = p.field("cursorId");
    std::optional<std::string> cursorId = cursor ? *cursor : c.engine.project(projectId).cursorId;
    return list(c.engine.analyze(projectId, cursorId, prompt));
  });

  t.add("grove/suggestion/list", kRead, [](RequestContext& c, const Params& p) {
    std::optional<SuggestionState> state;
    if (auto s = p.optStr("state")) state = proto::suggestionStateFrom(*s);
    // A workspace lists its cards (board and knowledge map); a project its
    // structure cards.
    if (p.has("workspaceUri") && !p.has("projectId")) {
      std::optional<SuggestionKind> kind;
      if (auto k = p.optStr("kind")) {
        kind = parseSuggestionKind(*k);
        if (!kind || (*kind != SuggestionKind::Evolve && *kind != SuggestionKind::Reorganize &&
                      *kind != SuggestionKind::Child && *kind != SuggestionKind::KnowledgeEdit))
          Params::fail("kind", "kind must be evolve, reorganize, child or knowledgeEdit for a workspace");
      }
      return list(c.engine.boardCards(p.str("workspaceUri"), kind, state));
    }
    return list(c.engine.suggestions(p.str("projectId"), state));
  });

  t.addWithReply("grove/suggestion/resolve", kSlowChange, [](RequestContext& c, const Params& p, Reply reply) {
    std::string id = p.str("suggestionId");
    Decision decision = proto::decisionFrom(p);
    c.session.resolveSuggestion(id, decision, answerWith<Resolution>(std::move(reply), [](const Resolution& r) {
                                  return toJson(r);
                                }));
  });
}

}  // namespace grove::server
