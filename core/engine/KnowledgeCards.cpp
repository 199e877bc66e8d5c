// Engine: knowledge-map cards (DESIGN §11.4; issue 17). A child or
// knowledgeEdit suggestion of a workspace holds the KnowledgeOps that
// accepting it applies to the map as one undo entry (`op: "accept"`). They
// live beside the board's cards (board_cards, one id space, one list per
// workspace) and are proposed and settled by the same code; only what
// accepting runs differs.
#include "engine/BoardState.h"
#include "engine/WorkspaceCards.h"
#include "knowledge/WorkspaceUri.h"
#include "support/OpError.h"

namespace grove {

Suggestion Engine::proposeKnowledgeCard(const std::string& workspaceUri, SuggestionKind kind,
                                        std::vector<std::string> anchorIds, std::string title, std::string reason,
                                        knowledge::KnowledgeCard card) {
  if (kind != SuggestionKind::Child && kind != SuggestionKind::KnowledgeEdit)
    throw Error::invalidArg("kind", "a knowledge-map card is child or knowledgeEdit");
  if (card.ops.empty()) throw Error::invalidArg("ops", "a knowledge-map card needs at least one op");
  std::string ws = knowledge::normalizeWorkspaceUri(workspaceUri);
  auto body = std::make_shared<const knowledge::KnowledgeCard>(std::move(card));
  return impl_->mutate([&] {
    return board::proposeCard(*impl_, ws, kind, std::move(anchorIds), std::move(title), std::move(reason), {},
                              SuggestionSource::Native, body);
  });
}

Resolution board::resolveKnowledgeCard(Engine& engine, Engine::Impl& e, const Suggestion& current, Decision decision) {
  auto accepted = [&](Suggestion& s, Resolution& r) {
    KnowledgeEditRequest edit;
    edit.workspaceUri = *s.workspaceUri;
    edit.ops = s.knowledge->ops;
    edit.op = "accept";
    try {
      r.knowledge = engine.editKnowledge(edit).change;
    } catch (const OpError& err) {
      // A node, edge or group the card names went away since it was made.
      if (err.kind() != ErrorKind::NotFound) throw;
      throw Error::invalidOp("cannotApply", std::string("what this card changes is gone: ") + err.what(), s.id)
          .withOpIndex(err.opIndex());
    }
  };
  // A map card has no badges: rejecting it changes only the card.
  return settleCard(e, current, decision, [](Suggestion&) {}, accepted);
}

}  // namespace grove
