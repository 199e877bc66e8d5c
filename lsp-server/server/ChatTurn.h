// ChatTurn: one chat turn, from the user's message to the streamed answer
// (grove/chat/send and grove/chat/regenerate).
//
// On the engine lock: the user unit is stored, the scope resolved and the
// conversation agent's system prompt built, and an assistant unit opened
// with status `streaming`. After that commit, a worker streams the answer
// from the provider (grove/chat/didStream to the asking client only); on
// the lock again the answer's final text and status are stored and the
// request is answered. $/cancelRequest stops the transfer at once and keeps
// the partial answer as `interrupted`.
#pragma once

#include <optional>
#include <string>

#include "server/MethodTable.h"

namespace grove::server {

/// Streams an answer to `promptUnit` (a user unit) into a new assistant
/// child, answering the request in `c` when done.
/// `refine`: grove/chat/refine's manipulations (the prompt is then sectioned).
void startAnswer(RequestContext& c, const Unit& promptUnit, const std::optional<std::string>& model,
                 const std::optional<RefineRequest>& refine = std::nullopt);

}  // namespace grove::server
