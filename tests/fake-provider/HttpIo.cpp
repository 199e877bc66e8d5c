#include "HttpIo.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>

namespace fake {
namespace {

constexpr std::size_t kMaxHead = 64 * 1024;
constexpr std::size_t kMaxBody = 64 * 1024 * 1024;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

}  // namespace

const char* reasonPhrase(int status) {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 529: return "Overloaded";
    default: return "Status";
  }
}

bool writeAll(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

bool writeChunk(int fd, std::string_view data) {
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  return writeAll(fd, std::string(size) + std::string(data) + "\r\n");
}

bool writeResponse(int fd, int status, const std::string& contentType, const std::string& body,
                   const std::map<std::string, std::string>& extraHeaders) {
  std::string head = "HTTP/1.1 " + std::to_string(status) + " " + reasonPhrase(status) + "\r\n";
  head += "Content-Type: " + contentType + "\r\n";
  head += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  for (const auto& [k, v] : extraHeaders) head += k + ": " + v + "\r\n";
  head += "Connection: close\r\n\r\n";
  return writeAll(fd, head + body);
}

std::optional<Request> readRequest(int fd) {
  std::string buf;
  size_t headEnd;
  char tmp[8192];
  while ((headEnd = buf.find("\r\n\r\n")) == std::string::npos) {
    if (buf.size() > kMaxHead) return std::nullopt;
    ssize_t n = ::recv(fd, tmp, sizeof tmp, 0);
    if (n <= 0) return std::nullopt;
    buf.append(tmp, static_cast<size_t>(n));
  }
  Request req;
  std::string_view head(buf.data(), headEnd);
  size_t lineEnd = head.find("\r\n");
  std::string_view requestLine = head.substr(0, lineEnd);
  size_t sp1 = requestLine.find(' ');
  size_t sp2 = requestLine.find(' ', sp1 + 1);
  if (sp1 == std::string_view::npos || sp2 == std::string_view::npos) return std::nullopt;
  req.method = std::string(requestLine.substr(0, sp1));
  req.path = std::string(requestLine.substr(sp1 + 1, sp2 - sp1 - 1));
  while (lineEnd != std::string_view::npos && lineEnd < head.size()) {
    size_t start = lineEnd + 2;
    lineEnd = head.find("\r\n", start);
    std::string_view line = head.substr(start, lineEnd == std::string_view::npos ? head.npos : lineEnd - start);
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    req.headers[lower(std::string(line.substr(0, colon)))] = std::string(value);
  }
  size_t length = 0;
  if (auto it = req.headers.find("content-length"); it != req.headers.end()) {
    length = std::strtoull(it->second.c_str(), nullptr, 10);
    if (length > kMaxBody) return std::nullopt;
  }
  if (auto it = req.headers.find("expect"); it != req.headers.end() && lower(it->second) == "100-continue") {
    if (!writeAll(fd, "HTTP/1.1 100 Continue\r\n\r\n")) return std::nullopt;
  }
  req.body = buf.substr(headEnd + 4);
  while (req.body.size() < length) {
    ssize_t n = ::recv(fd, tmp, sizeof tmp, 0);
    if (n <= 0) return std::nullopt;
    req.body.append(tmp, static_cast<size_t>(n));
  }
  req.body.resize(length);
  return req;
}

void waitForDisconnect(int fd, int maxMs) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(maxMs);
  char tmp[4096];
  while (Clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    int ready = ::poll(&p, 1, 100);
    if (ready < 0) return;
    if (ready == 0) continue;
    if (p.revents & (POLLHUP | POLLERR)) return;
    ssize_t n = ::recv(fd, tmp, sizeof tmp, 0);
    if (n <= 0) return;  // closed (or reset): the client gave up
  }
}

}  // namespace fake
