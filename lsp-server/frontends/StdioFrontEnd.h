// serveStdioFrontEnd: what `grove-server --acp` and `--mcp` share around
// their protocol: link to the store's core (join its owner or own it),
// serve one client on stdio until it closes its input, then let go of the
// core, which lives on while editors that joined it remain.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

#include "frontends/CoreCaller.h"
#include "frontends/LineChannel.h"
#include "tool/Flags.h"

namespace grove::frontends {

/// Handles one message from the stdio client.
using MessageHandler = std::function<void(const nlohmann::json& message)>;
/// Makes the protocol's handler for this client and core. It runs before the
/// core's reader starts, so it may set the core's notification handler; what
/// it captures lives until no core callback can run any more.
using FrontEndFactory = std::function<MessageHandler(LineChannel& client, CoreCaller& core)>;

/// `name`: the protocol, for logs and for the transport a core this process
/// owns shows in grove/server/clients. `socketPath` empty: the store is not
/// shared (see CoreLink). Returns the process's exit code (1 when no core
/// could be reached).
int serveStdioFrontEnd(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath,
                       const std::string& name, const FrontEndFactory& makeHandler);

}  // namespace grove::frontends
