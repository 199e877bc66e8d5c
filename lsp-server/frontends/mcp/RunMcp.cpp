#include "frontends/mcp/RunMcp.h"

#include "frontends/CoreCaller.h"
#include "frontends/CoreLink.h"
#include "frontends/LineChannel.h"
#include "frontends/mcp/McpServer.h"
#include "support/Log.h"

namespace grove::mcp {

int runMcp(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath) {
  frontends::CoreLink link(flags, socketPath, lockPath, "mcp");
  auto ends = link.connectOrOwn();
  if (!ends) {
    log::error("mcp: could not reach the Grove core of " + flags.db);
    return 1;
  }
  {
    frontends::CoreCaller core(ends->readFd, ends->writeFd, flags.maxMessageBytes);
    core.start();
    frontends::LineChannel client(0, 1, flags.maxMessageBytes);
    log::info("grove-server " + flags.version_string + " serving MCP on stdio");
    McpServer(client, core, flags.version_string).run();
    core.close();
  }
  // Editors may have joined the core this process owns: it lives until they leave.
  link.releaseOwner();
  return 0;
}

}  // namespace grove::mcp
