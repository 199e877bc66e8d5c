// McpServer: Grove as a Model Context Protocol server (DESIGN §10): the MCP
// lifecycle, tools/* and resources/* over a LineChannel, each tool or read
// translated into grove/* requests to the core (McpTools, McpResources).
//
// Requests are served one at a time in the order they arrive: every tool is
// a few short core calls, and the order is what an agent expects when it
// appends a note and then previews.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "frontends/CoreCaller.h"
#include "frontends/LineChannel.h"
#include "frontends/mcp/CoreCall.h"

namespace grove::frontends::mcp {

/// The MCP revisions this server speaks, newest first. A client asking for
/// one of them gets it; any other request gets the newest (the client then
/// decides whether it can go on, as the MCP lifecycle says).
extern const char* const kProtocolVersions[2];

class McpServer {
public:
  /// `core` is connected but not yet initialized: the server introduces
  /// itself to the core when the MCP client introduces itself, so changes
  /// are credited to that client ("mcp:<clientInfo.name>").
  McpServer(frontends::LineChannel& client, frontends::CoreCaller& core, std::string version);

  /// Answers one message from the client (notifications and responses need none).
  void handle(const nlohmann::json& message);

private:
  nlohmann::json initialize(const nlohmann::json& params);
  nlohmann::json call(const std::string& method, const nlohmann::json& params);

  frontends::LineChannel& client_;
  frontends::CoreCaller& core_;
  std::string version_;
  bool initialized_ = false;
  CoreCall coreCall_;
};

}  // namespace grove::frontends::mcp
