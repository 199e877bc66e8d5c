#include "jsonrpc/Sockets.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "jsonrpc/AcceptBackoff.h"
#include "jsonrpc/LogThrottle.h"

namespace grove::rpc {

namespace {

sockaddr_un unixAddress(const std::string& path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof(addr.sun_path))
    throw std::runtime_error("socket path too long: " + path);
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  return addr;
}

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

}  // namespace

int listenUnix(const std::string& path) {
  sockaddr_un addr = unixAddress(path);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) fail("socket");
  ::unlink(path.c_str());  // a stale socket from an owner that died
  // Created 0600 from the start: umask covers the window before chmod.
  mode_t old = ::umask(0177);
  int rc = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  ::umask(old);
  if (rc < 0 || ::chmod(path.c_str(), 0600) < 0 || ::listen(fd, 64) < 0) {
    int e = errno;
    ::close(fd);
    errno = e;
    fail("listen on " + path);
  }
  return fd;
}

int connectUnix(const std::string& path) {
  sockaddr_un addr = unixAddress(path);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) fail("socket");
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) < 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool isLoopbackHost(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

int listenTcp(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  if (host != "localhost") hints.ai_flags |= AI_NUMERICHOST;  // never a DNS lookup
  addrinfo* res = nullptr;
  std::string service = std::to_string(port);
  int rc = ::getaddrinfo(host == "localhost" ? "127.0.0.1" : host.c_str(), service.c_str(), &hints, &res);
  if (rc != 0) throw std::runtime_error("bad listen address " + host + ": " + gai_strerror(rc));
  int fd = ::socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (fd < 0 || ::bind(fd, res->ai_addr, res->ai_addrlen) < 0 || ::listen(fd, 64) < 0) {
    int e = errno;
    ::freeaddrinfo(res);
    if (fd >= 0) ::close(fd);
    errno = e;
    fail("listen on " + host + ":" + service);
  }
  ::freeaddrinfo(res);
  return fd;
}

int boundPort(int fd) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len);
  if (ss.ss_family == AF_INET) return ntohs(reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
  if (ss.ss_family == AF_INET6) return ntohs(reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port);
  return 0;
}

int acceptConnection(int listenFd, std::string* peer) {
  transport::AcceptBackoff backoff;
  for (;;) {
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    int fd = ::accept4(listenFd, reinterpret_cast<sockaddr*>(&ss), &len, SOCK_CLOEXEC);
    if (fd >= 0) {
      if (peer) {
        char buf[INET6_ADDRSTRLEN] = "local";
        if (ss.ss_family == AF_INET)
          ::inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(&ss)->sin_addr, buf, sizeof buf);
        else if (ss.ss_family == AF_INET6)
          ::inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(&ss)->sin6_addr, buf, sizeof buf);
        *peer = buf;
      }
      return fd;
    }
    if (errno == EINTR || errno == ECONNABORTED || errno == EPROTO) continue;
    if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
      // Out of descriptors or memory: never fatal. The pending connection
      // stays queued; wait for some to close, then accept again.
      static transport::LogThrottle throttle;
      auto wait = backoff.next();
      throttle.warn(std::string("accept failed: ") + std::strerror(errno) + "; retrying in " +
                    std::to_string(wait.count()) + " ms");
      std::this_thread::sleep_for(wait);
      continue;
    }
    return -1;  // the listening socket was shut down
  }
}

}  // namespace grove::rpc
