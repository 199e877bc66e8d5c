// Replay: what `session/load` sends before it answers: path(cursor), root
// first, as message chunks whose messageId is the unit id, so a reloaded
// conversation shows exactly the path the next prompt continues.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "frontends/acp/ProjectView.h"

namespace grove::frontends::acp {

/// User units become user_message_chunk, assistant units
/// agent_message_chunk (code units as a text block naming their file;
/// placeholders and system units are skipped). Excluded units are replayed
/// too: the path is the path, and ACP has no way to grey a message out.
std::vector<nlohmann::json> replayPath(const std::string& sessionId, const ProjectView& view);

}  // namespace grove::frontends::acp
