#include "session/Delegation.h"

namespace grove::session {

std::string delegationAnswer(const Suggestion& card) {
  std::string what;
  switch (card.kind) {
    case SuggestionKind::Branch: what = "a branch suggestion"; break;
    case SuggestionKind::Return: what = "a suggestion to return to the parent thread"; break;
    case SuggestionKind::Extract: what = "a suggestion to save this as a capsule"; break;
    case SuggestionKind::Exclude:
      what = "a suggestion to exclude " + std::to_string(card.anchorIds.size()) + " unit(s) from the context";
      break;
    case SuggestionKind::Evolve:  // board cards are never delegated from a conversation
    case SuggestionKind::Reorganize: what = "a change to the memory board"; break;
    case SuggestionKind::Child:  // nor are knowledge-map cards
    case SuggestionKind::KnowledgeEdit: what = "a change to the knowledge map"; break;
  }
  std::string out = "Structure request: I proposed " + what + " as a card";
  if (!card.reason.empty()) out += " (" + card.reason + ")";
  return out + ". Nothing has changed yet: accept the card to carry it out, or reject it.";
}

Turn answerDelegation(Engine& engine, const Unit& userUnit, const Suggestion& card) {
  AppendRequest r;
  r.projectId = userUnit.projectId;
  r.parentId = userUnit.id;
  r.role = Role::Assistant;
  r.content = delegationAnswer(card);
  Turn turn;
  turn.assistantUnit = engine.append(r);
  turn.userUnit = engine.unit(userUnit.id);
  turn.finishReason = "delegated";
  turn.suggestionId = card.id;
  turn.hasMemory = false;
  return turn;
}

}  // namespace grove::session
