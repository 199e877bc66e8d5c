// TokenCommands: grove-server --token-add NAME, --token-list and
// --token-revoke NAME, on the store (tool/StoreTokens) or, with
// --token-file, on that file (transport/TokenFile); and the start-up
// question whether any personal token exists.
#pragma once

#include "tool/Flags.h"

namespace grove::tool {

/// Runs the token command the flags name; returns the exit code.
int runTokenCommand(const Flags& flags);
/// True when at least one personal token exists (false when none can be
/// read: the start-up check then asks for one).
bool hasPersonalTokens(const Flags& flags);
/// Moves a token file an older Grove kept beside a SQLite store
/// (<store>.tokens) into the store, when there is one and no --token-file.
void importLegacyTokens(const Flags& flags);

}  // namespace grove::tool
