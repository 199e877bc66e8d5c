// WorkspaceCards: what resolving a workspace's card (board or knowledge map,
// DESIGN §11.4) does the same for every kind (engine/BoardCards.cpp).
#pragma once

#include <functional>

#include "engine/EngineImpl.h"

namespace grove::board {

/// Resolves a workspace card in one transaction: defer only changes its
/// state, reject runs `rejected` first, accept runs `accepted` (which applies
/// the card and fills the resolution, or throws and changes nothing); then
/// the card is stored and announced.
Resolution settleCard(Engine::Impl& e, const Suggestion& card, Decision decision,
                      const std::function<void(Suggestion&)>& rejected,
                      const std::function<void(Suggestion&, Resolution&)>& accepted);

}  // namespace grove::board
