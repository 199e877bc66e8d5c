// runAcp: `grove-server --acp`. Reaches the store's core through CoreLink
// (joining the grove-server that owns it, or owning it), then serves one ACP
// client on stdio until it closes stdin.
#pragma once

#include <string>

#include "tool/Flags.h"

namespace grove::frontends::acp {

/// `socketPath` empty: the store is not shared (see CoreLink). Returns the
/// process's exit code.
int runAcp(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath);

}  // namespace grove::frontends::acp
