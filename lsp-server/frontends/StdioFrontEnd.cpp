#include "frontends/StdioFrontEnd.h"

#include <atomic>

#include "frontends/CoreLink.h"
#include "support/Log.h"

namespace grove::frontends {

int serveStdioFrontEnd(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath,
                       const std::string& name, const FrontEndFactory& makeHandler) {
  CoreLink link(flags, socketPath, lockPath, name);
  auto ends = link.connectOrOwn();
  if (!ends) return 1;  // logged
  {
    CoreCaller core(ends->readFd, ends->writeFd, flags.maxMessageBytes);
    LineChannel client(0, 1, flags.maxMessageBytes);
    MessageHandler handle = makeHandler(client, core);
    std::atomic<bool> leaving{false};
    core.onClosed([&leaving, name] {
      if (!leaving) log::error(name + ": lost the Grove core; requests will fail until this process is restarted");
    });
    core.start();
    log::info("grove-server " + flags.version_string + " serving " + name + " on stdio" +
              (link.owns() ? " (owning the store)" : " (joined the store's owner)"));
    while (auto message = client.next()) handle(*message);
    // The client closed stdin: it is done with us. Requests still running
    // end with the connection (the core keeps a turn's partial answer).
    leaving = true;
    core.finish();  // no core callback reaches the handler after this
    client.flush();
  }
  link.releaseOwner();  // editors that joined our core keep it until they leave
  return 0;
}

}  // namespace grove::frontends
