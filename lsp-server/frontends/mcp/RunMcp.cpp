#include "frontends/mcp/RunMcp.h"

#include <memory>

#include "frontends/StdioFrontEnd.h"
#include "frontends/mcp/McpServer.h"

namespace grove::frontends::mcp {

int runMcp(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath) {
  return serveStdioFrontEnd(flags, socketPath, lockPath, "mcp", [&](LineChannel& client, CoreCaller& core) {
    auto server = std::make_shared<McpServer>(client, core, flags.version_string);
    return [server](const nlohmann::json& message) { server->handle(message); };
  });
}

}  // namespace grove::frontends::mcp
