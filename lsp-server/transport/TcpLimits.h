// TcpLimits: what one team core allows its TCP clients (flags in
// tool/Flags.cpp, documented in SECURITY.md).
#pragma once

#include <chrono>
#include <cstddef>

namespace grove::transport {

struct TcpLimits {
  /// Connections open at once; more are accepted and closed at once.
  size_t maxConnections = 1024;
  /// Connections open at once from one address.
  size_t maxPerAddress = 64;
  /// A frame's header must be complete this long after its first byte (the
  /// body then gets this long plus a second per 64 KiB it declared).
  std::chrono::milliseconds headerTimeout{5000};
  /// `initialize` (with the token, when one is required) must have
  /// succeeded this long after the connection was accepted.
  std::chrono::milliseconds authTimeout{10000};
  /// Each failed authentication from an address doubles the delay before
  /// that address is served again, from this...
  std::chrono::milliseconds penaltyBase{250};
  /// ...to at most this.
  std::chrono::milliseconds penaltyMax{60000};
  /// Threads doing network I/O, and threads running requests (which take
  /// turns on the engine lock anyway).
  size_t ioThreads = 2;
  size_t requestThreads = 2;
};

}  // namespace grove::transport
