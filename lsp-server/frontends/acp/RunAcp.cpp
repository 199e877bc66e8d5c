#include "frontends/acp/RunAcp.h"

#include <unistd.h>

#include <climits>
#include <memory>

#include "frontends/StdioFrontEnd.h"
#include "frontends/acp/Agent.h"

namespace grove::frontends::acp {

namespace {

std::string workingDirectory() {
  char buf[PATH_MAX];
  return ::getcwd(buf, sizeof buf) ? std::string(buf) : std::string("/");
}

}  // namespace

int runAcp(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath) {
  const std::string serverCwd = workingDirectory();
  return serveStdioFrontEnd(flags, socketPath, lockPath, "acp", [&](LineChannel& client, CoreCaller& core) {
    auto agent = std::make_shared<Agent>(client, core, flags.version_string, serverCwd);
    core.onNotification([agent](const std::string& method, const nlohmann::json& params) {
      agent->onCoreNotification(method, params);
    });
    return [agent](const nlohmann::json& message) { agent->handle(message); };
  });
}

}  // namespace grove::frontends::acp
