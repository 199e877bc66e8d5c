// Responder: writes one scripted response in the dialect the request asked
// for: an OpenAI or Anthropic event stream, an embeddings answer, or an
// error body, misbehaving exactly as the script says (stall, drop, garbage).
#pragma once

#include "HttpIo.h"
#include "Script.h"

namespace fake {

/// The dialect a path speaks: "openai", "anthropic", "embeddings" or "".
std::string kindForPath(const std::string& path);

/// Serves `response` to `request` on `fd`; the caller closes the socket.
void respond(int fd, const Request& request, const ScriptedResponse& response, int maxHangMs);

}  // namespace fake
