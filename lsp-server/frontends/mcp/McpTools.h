// McpTools: the tools Grove offers an MCP client (DESIGN §10): search
// memolets, capture a snippet, preview a project's context, append a note,
// list projects. Each is a translation onto grove/* requests, so an agent
// using them sees exactly what an editor would.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "frontends/mcp/CoreCall.h"

namespace grove::frontends::mcp {

/// The `tools` array of a tools/list result.
nlohmann::json toolList();

/// Runs tool `name`: a CallToolResult (`content`, `structuredContent`, and
/// `isError` when the arguments or the core refused it), or nullopt when no
/// tool has that name (a protocol error for the caller).
std::optional<nlohmann::json> callTool(const std::string& name, const nlohmann::json& arguments, const CoreCall& core);

}  // namespace grove::frontends::mcp
