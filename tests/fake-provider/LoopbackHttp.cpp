#include "LoopbackHttp.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace grove::fake_provider {
namespace {

using Clock = std::chrono::steady_clock;

sockaddr_in loopback(int port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  return addr;
}

int boundSocket(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("socket() failed");
  sockaddr_in addr = loopback(port);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error(std::string("bind() failed: ") + std::strerror(errno));
  }
  return fd;
}

int portOf(int fd) {
  sockaddr_in addr{};
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  return ntohs(addr.sin_port);
}

// Milliseconds left before `deadline`, for poll(); throws once it passed.
int remainingMs(Clock::time_point deadline, const char* what) {
  auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now()).count();
  if (left <= 0) throw std::runtime_error(std::string("loopback HTTP: timed out ") + what);
  return static_cast<int>(left);
}

}  // namespace

HttpReply httpExchange(int port, const std::string& method, const std::string& path,
                       const std::string& body, Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("socket() failed");
  sockaddr_in addr = loopback(port);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error("loopback HTTP: cannot connect to port " + std::to_string(port));
  }
  std::string request = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  if (!body.empty() || method == "POST")
    request += "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  request += "\r\n" + body;

  std::string raw;
  try {
    for (size_t sent = 0; sent < request.size();) {
      pollfd p{fd, POLLOUT, 0};
      if (::poll(&p, 1, remainingMs(deadline, "writing")) <= 0) continue;
      ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error("loopback HTTP: send failed");
      sent += static_cast<size_t>(n);
    }
    for (;;) {  // the server closes the connection after its reply
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, remainingMs(deadline, "reading")) <= 0) continue;
      char buf[8192];
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0) throw std::runtime_error("loopback HTTP: read failed");
      if (n == 0) break;
      raw.append(buf, static_cast<size_t>(n));
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);

  size_t headEnd = raw.find("\r\n\r\n");
  size_t space = raw.find(' ');
  if (headEnd == std::string::npos || space == std::string::npos)
    throw std::runtime_error("loopback HTTP: malformed reply: " + raw.substr(0, 200));
  return HttpReply{std::atoi(raw.c_str() + space + 1), raw.substr(headEnd + 4)};
}

int unusedLoopbackPort() {
  int fd = boundSocket(0);
  int port = portOf(fd);
  ::close(fd);
  return port;
}

SilentListener::SilentListener() {
  fd_ = boundSocket(0);
  if (::listen(fd_, 16) != 0) {
    ::close(fd_);
    throw std::runtime_error("listen() failed");
  }
  port_ = portOf(fd_);
}

SilentListener::~SilentListener() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace grove::fake_provider
