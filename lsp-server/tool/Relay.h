// Relay: a grove-server started on a store another grove-server owns. It
// passes its editor's messages to the owner over the owner's Unix socket and
// the owner's messages back, so the editor cannot tell the difference.
//
// When the owner dies, the relay answers the requests that were in flight
// with a `coreRestarted` error, then either takes ownership itself (the
// kernel released the owner's lock) or reconnects to whichever relay did,
// and replays the editor's `initialize` there, so the editor sees a short
// pause and loses nothing that was acknowledged.
#pragma once

#include <string>

#include "tool/Flags.h"

namespace grove::tool {

/// Runs until the editor leaves (and, if this process became the owner,
/// until its last client leaves). Returns the process exit code.
int runRelay(const Flags& flags, const std::string& socketPath, const std::string& lockPath);

}  // namespace grove::tool
