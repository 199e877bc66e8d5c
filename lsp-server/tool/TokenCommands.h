// TokenCommands: grove-server --token-add NAME, --token-list and
// --token-revoke NAME on the token file (transport/TokenFile), and the
// start-up question whether any personal token exists.
#pragma once

#include "tool/Flags.h"

namespace grove::tool {

/// Runs the token command the flags name; returns the exit code.
int runTokenCommand(const Flags& flags);
/// True when the token file holds at least one token (false when it cannot
/// be read: the start-up check then asks for one).
bool hasPersonalTokens(const Flags& flags);

}  // namespace grove::tool
