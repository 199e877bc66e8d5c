#include "server/Delegation.h"

#include "protocol/Convert.h"

namespace grove::server {

std::string delegationAnswer(const Suggestion& card) {
  std::string what;
  switch (card.kind) {
    case SuggestionKind::Branch: what = "a branch suggestion"; break;
    case SuggestionKind::Return: what = "a suggestion to return to the parent thread"; break;
    case SuggestionKind::Extract: what = "a suggestion to save this as a capsule"; break;
    case SuggestionKind::Exclude:
      what = "a suggestion to exclude " + std::to_string(card.anchorIds.size()) + " unit(s) from the context";
      break;
  }
  std::string out = "Structure request: I proposed " + what + " as a card";
  if (!card.reason.empty()) out += " (" + card.reason + ")";
  return out + ". Nothing has changed yet: accept the card to carry it out, or reject it.";
}

nlohmann::json answerDelegation(Engine& engine, const Unit& userUnit, const Suggestion& card) {
  AppendRequest r;
  r.projectId = userUnit.projectId;
  r.parentId = userUnit.id;
  r.role = Role::Assistant;
  r.content = delegationAnswer(card);
  Unit answer = engine.append(r);
  return {{"userUnit", proto::toJson(engine.unit(userUnit.id))},
          {"assistantUnit", proto::toJson(answer)},
          {"usage", {{"promptTokens", 0}, {"completionTokens", 0}}},
          {"finishReason", "delegated"},
          {"suggestionId", card.id}};
}

}  // namespace grove::server
