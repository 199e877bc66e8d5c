// BlockingRead: one read(2) that waits for data even on a non-blocking fd.
// A socket or terminal shared with a non-blocking FrameWriter (the same fd,
// or stdin sharing its file description with stdout) returns EAGAIN instead
// of waiting; readers of frames and of lines both need the wait.
#pragma once

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstddef>

namespace grove::rpc {

/// Returns when `fd` has input, or after `window` without any, polling
/// without sleeping. A thread that sleeps in read(2) takes tens of
/// microseconds to wake on a virtual machine (a bare echo over stdio: p50
/// 117 us idle, 55 us with the reader polling), and a client that answers a
/// reply with its next request (a burst of appends, a client's load queue,
/// the ACP front end's paged reads) sends it within that window.
inline void pollBriefly(int fd, std::chrono::microseconds window) {
  if (window.count() <= 0) return;
  const auto until = std::chrono::steady_clock::now() + window;
  pollfd p{fd, POLLIN, 0};
  while (::poll(&p, 1, 0) == 0 && std::chrono::steady_clock::now() < until) {
  }
}

/// Bytes read (> 0), or 0 at end of stream or on an error.
inline size_t readBlocking(int fd, char* buffer, size_t size) {
  for (;;) {
    ssize_t n = ::read(fd, buffer, size);
    if (n > 0) return static_cast<size_t>(n);
    if (n == 0) return 0;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      pollfd p{fd, POLLIN, 0};
      ::poll(&p, 1, -1);
      continue;
    }
    return 0;
  }
}

}  // namespace grove::rpc
