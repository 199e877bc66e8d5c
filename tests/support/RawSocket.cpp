#include "RawSocket.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "Framing.h"

namespace grove::test {

namespace {

// Waits for `fd` to become readable before the deadline.
bool readable(int fd, std::chrono::steady_clock::time_point deadline) {
  auto left = std::chrono::duration_cast<Millis>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) return false;
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, static_cast<int>(left.count())) > 0;
}

}  // namespace

int connectLoopback(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) return fd;
  ::close(fd);
  return -1;
}

int connectUnixSocket(const std::string& path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) return -1;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) return fd;
  ::close(fd);
  return -1;
}

bool waitPeerClosed(int fd, Millis timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  char buf[4096];
  for (;;) {
    if (!readable(fd, deadline)) {
      if (std::chrono::steady_clock::now() >= deadline) return false;
      continue;
    }
    if (::read(fd, buf, sizeof buf) <= 0) return true;
  }
}

bool sendAll(int fd, const std::string& bytes) {
  for (size_t off = 0; off < bytes.size();) {
    ssize_t n = ::send(fd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      // A non-blocking socket (an RpcClient shared it): wait until it takes more.
      pollfd p{fd, POLLOUT, 0};
      ::poll(&p, 1, -1);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

std::string readFrame(int fd, Millis timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  FrameParser parser;
  char buf[16384];
  while (readable(fd, deadline)) {
    // One byte past the frame is never read: MSG_PEEK would be needed for
    // that, and callers here read one reply per request.
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) return "";
    parser.feed(std::string_view(buf, static_cast<size_t>(n)));
    if (auto body = parser.next()) return *body;
  }
  return "";
}

}  // namespace grove::test
