#include "LoopbackOnce.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace grove::fuzz {
namespace {

bool writeAll(int fd, const std::string& bytes) {
  size_t off = 0;
  while (off < bytes.size()) {
    ssize_t n = ::send(fd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
    if (n <= 0) return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

LoopbackOnce::LoopbackOnce() {
  listenFd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  if (listenFd_ < 0 || ::bind(listenFd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(listenFd_, 16) != 0 ||
      ::getsockname(listenFd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
    throw std::runtime_error("LoopbackOnce: cannot listen on 127.0.0.1");
  port_ = ntohs(addr.sin_port);
  thread_ = std::thread([this] { serve(); });
}

LoopbackOnce::~LoopbackOnce() {
  stop_ = true;
  ::shutdown(listenFd_, SHUT_RDWR);
  thread_.join();
  ::close(listenFd_);
}

void LoopbackOnce::setResponse(std::string contentType, std::string body) {
  std::lock_guard<std::mutex> lock(mu_);
  contentType_ = std::move(contentType);
  body_ = std::move(body);
}

void LoopbackOnce::serve() {
  while (!stop_) {
    pollfd p{listenFd_, POLLIN, 0};
    if (::poll(&p, 1, 200) <= 0) continue;
    int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    answer(fd);
    ::close(fd);
  }
}

void LoopbackOnce::answer(int fd) {
  // Read the request head and its body (Content-Length), bounded by a
  // deadline so a client that stops mid-request cannot wedge the server.
  std::string req;
  size_t need = std::string::npos;
  char buf[8192];
  while (need == std::string::npos || req.size() < need) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 2000) <= 0) return;
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return;
    req.append(buf, static_cast<size_t>(n));
    size_t end = req.find("\r\n\r\n");
    if (need == std::string::npos && end != std::string::npos) {
      size_t length = 0;
      size_t cl = req.find("Content-Length:");
      if (cl == std::string::npos) cl = req.find("content-length:");
      if (cl != std::string::npos && cl < end) length = std::stoul(req.substr(cl + 15));
      need = end + 4 + length;
    }
  }
  std::string contentType, body;
  {
    std::lock_guard<std::mutex> lock(mu_);
    contentType = contentType_;
    body = body_;
  }
  writeAll(fd, "HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nConnection: close\r\n\r\n");
  writeAll(fd, body);
}

}  // namespace grove::fuzz
