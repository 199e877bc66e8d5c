// Updates: the session/update notifications the agent sends (ACP v1
// `SessionNotification`), built in one place so every sender gets the
// schema's field names right.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace grove::frontends::acp {

/// A `session/update` notification carrying `update`.
nlohmann::json sessionUpdate(const std::string& sessionId, nlohmann::json update);

/// A text chunk of a message: `kind` is "user_message_chunk" or
/// "agent_message_chunk"; `messageId` is the Grove unit id (chunks sharing
/// it form one message), or a fresh id for a command's output. `meta`, when
/// not null, is the chunk's `_meta` (Extensions: unitMeta).
nlohmann::json textChunk(const std::string& sessionId, const char* kind, const std::string& messageId,
                         const std::string& text, nlohmann::json meta = nullptr);

/// The slash commands (`available_commands_update`). Sent after the
/// session/new and session/load replies, never before: Zed drops updates
/// for a session it has not seen yet.
nlohmann::json availableCommands(const std::string& sessionId);

}  // namespace grove::frontends::acp
