// LoopbackHttp: the few raw-socket helpers tests of providers need on 127.0.0.1:
// one HTTP exchange with the fake provider's control endpoints, a port with
// nothing listening, and a listener that accepts connections but never says
// a word (what a hung model server looks like from the outside).
#pragma once

#include <chrono>
#include <string>

namespace grove::fake_provider {

using Millis = std::chrono::milliseconds;

struct HttpReply {
  int status = 0;
  std::string body;
};

/// One request to 127.0.0.1:`port` with `Connection: close`; the reply is read
/// to end of stream. Throws std::runtime_error on a socket error or when the
/// deadline passes.
HttpReply httpExchange(int port, const std::string& method, const std::string& path,
                       const std::string& body = {}, Millis timeout = Millis(5000));

/// A loopback port that was free a moment ago (bound to port 0, then
/// released). Nothing listens there: connecting is refused.
int unusedLoopbackPort();

/// Listens on a loopback port and never accepts, reads or answers. The
/// kernel completes the TCP handshake from its backlog, so a client connects
/// and then waits for an answer that never comes.
class SilentListener {
public:
  SilentListener();
  ~SilentListener();
  SilentListener(const SilentListener&) = delete;
  SilentListener& operator=(const SilentListener&) = delete;
  int port() const { return port_; }

private:
  int fd_ = -1;
  int port_ = 0;
};

}  // namespace grove::fake_provider
