// Delegation: a message that asks for a structural action in words ("branch
// this off", "go back to the main thread", "exclude the earlier setup
// discussion", "save this as an SOP") is not sent to the model. It becomes a
// suggestion card, and the answer says plainly that a card was proposed and
// that nothing has changed until the user accepts it (docs/decisions.md).
#pragma once

#include "engine/Engine.h"
#include "session/Turn.h"

namespace grove::session {

/// The answer text for a delegated request.
std::string delegationAnswer(const Suggestion& card);

/// Stores that answer under `userUnit` and returns the finished turn.
Turn answerDelegation(Engine& engine, const Unit& userUnit, const Suggestion& card);

}  // namespace grove::session
