// TurnReply: how a chat request (send, regenerate, refine) is answered: the
// streamed text goes to the asking client only as grove/chat/didStream, the
// finished turn answers the request, and $/cancelRequest reaches the stream.
#pragma once

#include <functional>

#include "server/MethodTable.h"
#include "session/Turn.h"

namespace grove::server {

using StartTurn = std::function<void(session::TurnCallbacks, CancellationToken)>;

/// Calls `start` with callbacks that stream to, and finally answer, the
/// request in `c`, and the token its $/cancelRequest trips.
void answerTurn(RequestContext& c, Reply reply, const StartTurn& start);

}  // namespace grove::server
