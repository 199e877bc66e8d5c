// Delegation: a message that asks for a structural action in words ("branch
// this off", "go back to the main thread", "exclude the earlier setup
// discussion", "save this as an SOP") is not sent to the model. It becomes a
// suggestion card, and the answer says plainly that a card was proposed and
// that nothing has changed until the user accepts it (docs/decisions.md).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/Engine.h"

namespace grove::server {

/// The answer text for a delegated request.
std::string delegationAnswer(const Suggestion& card);

/// Stores that answer under `userUnit` and returns the grove/chat/send result.
nlohmann::json answerDelegation(Engine& engine, const Unit& userUnit, const Suggestion& card);

}  // namespace grove::server
