#include "SocketClient.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace grove::test {

namespace {

// One connect attempt; the connected fd or -1 (errno set).
int tryConnect(int family, const sockaddr* addr, socklen_t len) {
  int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  if (::connect(fd, addr, len) == 0) return fd;
  int saved = errno;
  ::close(fd);
  errno = saved;
  return -1;
}

std::unique_ptr<RpcClient> connectRetrying(int family, const sockaddr* addr, socklen_t len,
                                           const std::string& what, Millis timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int fd = tryConnect(family, addr, len);
    if (fd >= 0) {
      // RpcClient closes both ends it is given, so it gets its own copy.
      int writeFd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
      return std::make_unique<RpcClient>(fd, writeFd);
    }
    // Not there yet (ENOENT, ECONNREFUSED): the server may still be starting.
    if (std::chrono::steady_clock::now() >= deadline)
      throw RpcTimeout("could not connect to " + what + ": " + std::strerror(errno));
    std::this_thread::sleep_for(Millis(10));
  }
}

}  // namespace

std::unique_ptr<RpcClient> connectUnix(const std::string& path, Millis timeout) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) throw std::invalid_argument("socket path too long: " + path);
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  return connectRetrying(AF_UNIX, reinterpret_cast<const sockaddr*>(&addr), sizeof addr, path, timeout);
}

std::unique_ptr<RpcClient> connectTcp(int port, Millis timeout) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return connectRetrying(AF_INET, reinterpret_cast<const sockaddr*>(&addr), sizeof addr,
                         "127.0.0.1:" + std::to_string(port), timeout);
}

int freeLoopbackPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = 0;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    int saved = errno;
    ::close(fd);
    throw std::runtime_error(std::string("binding a loopback port: ") + std::strerror(saved));
  }
  ::close(fd);
  return ntohs(addr.sin_port);
}

json initializeWith(RpcClient& client, const std::string& name, const json& initializationOptions) {
  json params{{"processId", nullptr},
              {"clientInfo", {{"name", name}, {"version", "1"}}},
              {"capabilities", json::object()},
              {"initializationOptions", initializationOptions}};
  json reply = client.call("initialize", params);
  if (reply.contains("result")) client.notify("initialized", json::object());
  return reply;
}

}  // namespace grove::test
