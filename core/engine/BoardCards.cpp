// Engine: board cards (DESIGN §11.4). An evolve or reorganize suggestion of a
// workspace board holds the BoardOps that accepting it applies, as one undo
// entry of the board (`op: "accept"`). Cards are proposals: nothing on the
// board changes until the user accepts; the initiative policy of projects
// does not apply (each card follows a user action or the evolution setting).
#include <algorithm>

#include "engine/BoardState.h"
#include "engine/StructureLog.h"
#include "engine/WorkspaceCards.h"
#include "support/Ids.h"

namespace grove {

namespace board {

Suggestion proposeCard(Engine::Impl& e, const std::string& ws, SuggestionKind kind, std::vector<std::string> itemIds,
                       std::string title, std::string reason, std::vector<BoardOp> ops, SuggestionSource source,
                       std::shared_ptr<const knowledge::KnowledgeCard> knowledge) {
  Suggestion s;
  s.id = newId('s');
  s.workspaceUri = ws;
  s.kind = kind;
  s.anchorIds = std::move(itemIds);
  s.title = std::move(title);
  s.reason = std::move(reason);
  s.confidence = 1;
  s.source = source;
  s.createdAt = e.now();
  s.ops = std::move(ops);
  s.knowledge = std::move(knowledge);
  e.store->board().putCard(s);
  e.dirty = true;
  announceSuggestion(e, s, true);
  return s;
}

}  // namespace board

namespace {

[[noreturn]] void cannotApply(const std::string& why, const std::string& id, int opIndex) {
  throw Error::invalidOp("cannotApply", why, id).withOpIndex(opIndex);
}

/// The `proposed` badges this card put on its items become `updated` ones
/// (accepted) or go (rejected).
void settleBadges(Engine::Impl& e, BoardTx* tx, const Suggestion& card, bool accepted,
                  std::vector<std::string>& touched) {
  for (const auto& id : card.anchorIds) {
    auto item = e.store->board().item(id);
    if (!item) continue;
    auto& badges = item->badges;
    auto mine = [&](const BoardBadge& b) { return b.kind == "proposed" && b.suggestionId == card.id; };
    auto it = std::find_if(badges.begin(), badges.end(), mine);
    if (it == badges.end()) continue;
    BoardBadge was = *it;
    badges.erase(std::remove_if(badges.begin(), badges.end(), mine), badges.end());
    if (accepted) badges.push_back({"updated", was.fields, was.byItemId, card.id, e.now()});
    if (tx) {
      board::writeItem(e, *tx, std::move(*item));
    } else {
      e.store->board().putItem(*item);
      e.dirty = true;
    }
    touched.push_back(id);
  }
}

}  // namespace

std::vector<Suggestion> Engine::boardCards(const std::string& workspaceUri, const std::optional<SuggestionKind>& kind,
                                           const std::optional<SuggestionState>& state) {
  return impl_->store->board().cards(board::workspace(workspaceUri), kind, state);
}

Resolution board::settleCard(Engine::Impl& e, const Suggestion& current, Decision decision,
                             const std::function<void(Suggestion&)>& rejected,
                             const std::function<void(Suggestion&, Resolution&)>& accepted) {
  return e.mutate([&] {
    Resolution r;
    Suggestion s = current;
    if (decision == Decision::Defer) {
      s.state = SuggestionState::Deferred;
    } else if (decision == Decision::Reject) {
      s.state = SuggestionState::Rejected;
      rejected(s);
    } else {
      accepted(s, r);
      s.state = SuggestionState::Accepted;
    }
    s.resolvedAt = e.now();
    e.store->board().putCard(s);
    e.dirty = true;
    announceSuggestion(e, s, false);
    r.suggestion = s;
    return r;
  });
}

Resolution board::resolveCard(Engine::Impl& e, const Suggestion& current, Decision decision) {
  const std::string ws = *current.workspaceUri;
  auto rejected = [&](Suggestion& s) {
    // The card's badges go without an undo entry: rejecting changed nothing
    // the user made.
    std::vector<std::string> touched;
    settleBadges(e, nullptr, s, false, touched);
    if (!touched.empty()) board::announceUnlogged(e, ws, touched, "edit");
  };
  auto accepted = [&](Suggestion& s, Resolution& r) {
    BoardTx tx{ws, "accept", {}, {}, {}};
    try {
      board::runOps(e, tx, s.ops);
    } catch (const Error& err) {
      // A target that went away since the card was made.
      const std::string& why = err.reason();
      if (why == "boardItemNotFound" || why == "boardGroupNotFound" || why == "boardLinkNotFound")
        cannotApply(std::string("what this card changes is gone: ") + err.what(), s.id, err.opIndex().value_or(0));
      throw;
    }
    std::vector<std::string> touched;
    settleBadges(e, &tx, s, true, touched);
    r.board = board::finish(e, tx, "accept");
  };
  return settleCard(e, current, decision, rejected, accepted);
}

}  // namespace grove
