#include "frontends/acp/RunAcp.h"

#include <unistd.h>

#include <atomic>
#include <climits>
#include <memory>

#include "frontends/CoreCaller.h"
#include "frontends/CoreLink.h"
#include "frontends/LineChannel.h"
#include "frontends/acp/Agent.h"
#include "support/Log.h"

namespace grove::frontends::acp {

namespace {

std::string workingDirectory() {
  char buf[PATH_MAX];
  return ::getcwd(buf, sizeof buf) ? std::string(buf) : std::string("/");
}

}  // namespace

int runAcp(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath) {
  CoreLink link(flags, socketPath, lockPath, "acp");
  auto ends = link.connectOrOwn();
  if (!ends) return 1;  // logged
  {
    CoreCaller core(ends->readFd, ends->writeFd, flags.maxMessageBytes);
    LineChannel client(0, 1, flags.maxMessageBytes);
    Agent agent(client, core, flags.version_string, workingDirectory());
    core.onNotification([&agent](const std::string& method, const nlohmann::json& params) {
      agent.onCoreNotification(method, params);
    });
    std::atomic<bool> leaving{false};
    core.onClosed([&leaving] {
      if (!leaving) log::error("lost the Grove core; requests will fail until the agent is restarted");
    });
    core.start();
    log::info(std::string("grove-server ") + flags.version_string + " serving ACP on stdio" +
              (link.owns() ? " (owning the store)" : " (joined the store's owner)"));
    while (auto message = client.next()) agent.handle(*message);
    // The client closed stdin: it is done with us. Turns still running end
    // with the connection (the core keeps their partial answers).
    leaving = true;
    core.finish();  // no core callback reaches the agent after this
    client.flush();
  }
  link.releaseOwner();  // editors that joined our core keep it until they leave
  return 0;
}

}  // namespace grove::frontends::acp
