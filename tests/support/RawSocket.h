// RawSocket: plain loopback TCP connections for tests and benchmarks that
// misbehave on purpose (hold idle connections, send half a header, never
// read), where an RpcClient would be too well-behaved.
#pragma once

#include <string>

#include "RpcClient.h"

namespace grove::test {

/// A blocking TCP socket connected to 127.0.0.1:port, or -1.
int connectLoopback(int port);
/// A blocking Unix-domain socket connected to `path`, or -1.
int connectUnixSocket(const std::string& path);
/// True once the peer closed `fd` (read returns 0 or an error) before the
/// deadline; bytes it sends meanwhile are read and dropped.
bool waitPeerClosed(int fd, Millis timeout);
/// Sends all of `bytes`; false when the peer went away.
bool sendAll(int fd, const std::string& bytes);
/// Reads until one whole frame arrived (its body), or "" at the deadline or
/// when the peer closed.
std::string readFrame(int fd, Millis timeout);

}  // namespace grove::test
