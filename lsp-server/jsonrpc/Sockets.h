// Sockets: the few POSIX socket calls the shared core needs (Unix sockets
// between grove-server processes on one machine, TCP for teammates). Each
// returns a file descriptor or throws std::runtime_error with the reason.
#pragma once

#include <string>

namespace grove::rpc {

/// Listens on a Unix socket at `path` (a stale file is replaced), mode 0600.
int listenUnix(const std::string& path);
/// Connects to a Unix socket; -1 when nobody listens there (yet).
int connectUnix(const std::string& path);
/// Listens on TCP HOST:PORT (numeric or "localhost"); port 0 picks one.
int listenTcp(const std::string& host, int port);
/// The port a listening socket is bound to.
int boundPort(int fd);
/// Accepts one connection; -1 when the listening socket was shut down.
/// Running out of descriptors is logged and retried with a backoff.
int acceptConnection(int listenFd, std::string* peer);
/// Whether a host names the loopback interface.
bool isLoopbackHost(const std::string& host);

}  // namespace grove::rpc
