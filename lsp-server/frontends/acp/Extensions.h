// Extensions: Grove over ACP for clients that know Grove (ACP's `_meta` and
// underscore-method conventions; stock editors ignore all of it).
//   - `agentCapabilities._meta.grove` advertises them;
//   - `_grove/<area>/<verb>` requests pass through to `grove/<area>/<verb>`
//     on the core, unchanged both ways, so such a client reaches the whole
//     tree (structure, scope, branches, memolets) over the one ACP process;
//   - a client whose `clientCapabilities._meta.grove` is set hears the
//     core's change notifications as `_grove/...` notifications;
//   - message chunks carry `_meta.grove` (the unit behind the message) and
//     listed sessions their project's revision, cursor and mainline end.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace grove::frontends::acp {

/// The prefix of Grove's extension methods and notifications.
inline constexpr const char* kExtensionPrefix = "_grove/";

/// `agentCapabilities._meta.grove`.
nlohmann::json extensionCapability();

/// The grove/* method an extension request passes through to, or nullopt
/// when it names none: a chat turn is session/prompt's (its stream belongs
/// to the ACP session), and lifecycle methods are the agent's own.
std::optional<std::string> passThroughMethod(const std::string& acpMethod);

/// Whether the client's initialize asked for Grove's notifications.
bool wantsGroveNotifications(const nlohmann::json& initializeParams);

/// The `_grove/...` notification a core notification becomes, or nullopt
/// for ones that are not changes (a turn's stream goes out as chunks).
std::optional<nlohmann::json> forwardedNotification(const std::string& method, const nlohmann::json& params);

/// `_meta` for a message chunk of `unit` (a grove Unit object, or just its id).
nlohmann::json unitMeta(const nlohmann::json& unit);

}  // namespace grove::frontends::acp
