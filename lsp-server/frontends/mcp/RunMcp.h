// runMcp: `grove-server --mcp`: serves MCP on stdio, reaching the store's
// core through a CoreLink (joining its owner, or owning it).
#pragma once

#include <string>

#include "tool/Flags.h"

namespace grove::frontends::mcp {

/// Returns the process's exit code: 0 when the client closed its input, 1
/// when the core could not be reached.
int runMcp(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath);

}  // namespace grove::frontends::mcp
