#include "RpcClient.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

namespace grove::test {

namespace {

void setNonBlocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

int msUntil(std::chrono::steady_clock::time_point deadline) {
  auto left = std::chrono::duration_cast<Millis>(deadline - std::chrono::steady_clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

}  // namespace

RpcClient::RpcClient(int readFd, int writeFd) : readFd_(readFd), writeFd_(writeFd) {
  // A server that died must show up as a failed write, not kill the tests.
  std::signal(SIGPIPE, SIG_IGN);
  setNonBlocking(readFd_);
  setNonBlocking(writeFd_);
}

RpcClient::~RpcClient() {
  closeWrite();
  if (readFd_ >= 0) ::close(readFd_);
}

void RpcClient::closeWrite() {
  if (writeFd_ >= 0) ::close(writeFd_);
  writeFd_ = -1;
}

std::string RpcClient::requestFrame(const std::string& method, const json& params, json* idOut) {
  json id = nextId_++;
  if (idOut) *idOut = id;
  json msg{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}};
  // Params built from fuzzed bytes may hold invalid UTF-8: send it replaced
  // (as an editor's JSON encoder would) instead of throwing in the client.
  return frame(msg.dump(-1, ' ', false, json::error_handler_t::replace));
}

json RpcClient::send(const std::string& method, const json& params) {
  json id;
  std::string bytes = requestFrame(method, params, &id);
  writeRaw(bytes);
  return id;
}

void RpcClient::notify(const std::string& method, const json& params) {
  json msg{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}};
  writeRaw(frame(msg.dump()));
}

json RpcClient::call(const std::string& method, const json& params, Millis timeout) {
  return waitResponse(send(method, params), timeout);
}

json RpcClient::result(const std::string& method, const json& params, Millis timeout) {
  json reply = call(method, params, timeout);
  if (reply.contains("error")) throw RpcError(method, reply["error"]);
  if (!reply.contains("result")) throw RpcError(method, {{"message", "reply without result"}});
  return reply["result"];
}

json RpcClient::initialize(const std::string& clientName, Millis timeout) {
  json params{{"processId", nullptr},
              {"clientInfo", {{"name", clientName}, {"version", "1"}}},
              {"capabilities", json::object()}};
  json res = result("initialize", params, timeout);
  notify("initialized", json::object());
  return res;
}

void RpcClient::writeRaw(const std::string& bytes, Millis timeout) {
  writeAll(bytes, Clock::now() + timeout);
}

void RpcClient::writeAll(const std::string& bytes, Clock::time_point deadline) {
  if (writeFd_ < 0) throw RpcTimeout("the client's write side is closed");
  size_t done = 0;
  while (done < bytes.size()) {
    pollfd fds[2] = {{writeFd_, POLLOUT, 0}, {readFd_, POLLIN, 0}};
    int n = ::poll(fds, eof_ ? 1 : 2, msUntil(deadline));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw RpcTimeout(std::string("poll failed: ") + std::strerror(errno));
    if (n == 0) throw RpcTimeout("timed out writing to the server");
    // Keep draining replies so a server blocked on its output can go on.
    if (!eof_ && (fds[1].revents & (POLLIN | POLLHUP))) pump(Clock::now());
    if (fds[0].revents & (POLLERR | POLLHUP)) throw RpcTimeout("the server closed its input");
    if (fds[0].revents & POLLOUT) {
      ssize_t w = ::write(writeFd_, bytes.data() + done, bytes.size() - done);
      if (w > 0) {
        done += static_cast<size_t>(w);
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        throw RpcTimeout(std::string("write to the server failed: ") + std::strerror(errno));
      }
    }
  }
}

bool RpcClient::pump(Clock::time_point deadline) {
  if (eof_) return false;
  bool got = false;
  for (;;) {
    pollfd pfd{readFd_, POLLIN, 0};
    int n = ::poll(&pfd, 1, got ? 0 : msUntil(deadline));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return got;
    char buf[65536];
    ssize_t r = ::read(readFd_, buf, sizeof buf);
    if (r < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (r <= 0) {
      eof_ = true;
      return true;
    }
    got = true;
    parser_.feed(std::string_view(buf, static_cast<size_t>(r)));
    while (auto body = parser_.next()) file(*body);
  }
}

void RpcClient::file(const std::string& body) {
  json msg = json::parse(body, nullptr, false);
  if (msg.is_discarded()) throw std::runtime_error("server wrote invalid JSON: " + body);
  if (msg.contains("method")) {
    notifications_.push_back(std::move(msg));
    return;
  }
  arrivals_.push_back(msg.value("id", json()));
  responses_.push_back(std::move(msg));
}

json RpcClient::waitResponse(const json& id, Millis timeout) {
  auto deadline = Clock::now() + timeout;
  for (;;) {
    for (auto it = responses_.begin(); it != responses_.end(); ++it) {
      if (it->value("id", json()) == id) {
        json reply = std::move(*it);
        responses_.erase(it);
        return reply;
      }
    }
    if (eof_)
      throw RpcTimeout("the server closed its output before answering id " + id.dump());
    if (!pump(deadline) && Clock::now() >= deadline)
      throw RpcTimeout("no reply to id " + id.dump() + " within " +
                       std::to_string(timeout.count()) + " ms");
  }
}

std::optional<json> RpcClient::takeResponse(const json& id) {
  pump(Clock::now());
  for (auto it = responses_.begin(); it != responses_.end(); ++it) {
    if (it->value("id", json()) == id) {
      json reply = std::move(*it);
      responses_.erase(it);
      return reply;
    }
  }
  return std::nullopt;
}

json RpcClient::waitNullIdResponse(Millis timeout) { return waitResponse(json(nullptr), timeout); }

std::vector<json> RpcClient::takeArrivalOrder() {
  std::vector<json> out = std::move(arrivals_);
  arrivals_.clear();
  return out;
}

bool RpcClient::waitForArrivals(size_t count, Millis timeout) {
  auto deadline = Clock::now() + timeout;
  while (arrivals_.size() < count) {
    if (eof_) return false;
    if (!pump(deadline) && Clock::now() >= deadline) return false;
  }
  return true;
}

std::vector<json> RpcClient::takeNotifications() {
  pump(Clock::now());
  std::vector<json> out(notifications_.begin(), notifications_.end());
  notifications_.clear();
  return out;
}

std::optional<json> RpcClient::waitForNotification(const std::function<bool(const json&)>& pred,
                                                   Millis timeout) {
  auto deadline = Clock::now() + timeout;
  for (;;) {
    for (size_t i = 0; i < notifications_.size(); ++i) {
      if (pred(notifications_[i])) {
        json found = std::move(notifications_[i]);
        notifications_.erase(notifications_.begin(), notifications_.begin() + i + 1);
        return found;
      }
    }
    if (eof_) return std::nullopt;
    if (!pump(deadline) && Clock::now() >= deadline) return std::nullopt;
  }
}

bool RpcClient::waitClosed(Millis timeout) {
  auto deadline = Clock::now() + timeout;
  while (!eof_)
    if (!pump(deadline) && Clock::now() >= deadline) return false;
  return true;
}

}  // namespace grove::test
