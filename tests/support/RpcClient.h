// RpcClient: a JSON-RPC 2.0 client over a pair of file descriptors, for
// tests that talk to a grove server (in process or a child process).
//
// Single-threaded on purpose: all I/O goes through poll() with a deadline,
// so no call can hang a test, and writing a large burst never deadlocks
// against a server that is blocked writing its replies (the client keeps
// reading while it writes). Responses are filed by id; notifications queue
// up until a test takes them.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "Framing.h"

namespace grove::test {

using nlohmann::json;
using Millis = std::chrono::milliseconds;

/// Thrown when the server does not answer in time or goes away.
class RpcTimeout : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Thrown by RpcClient::result() when the reply is an error.
class RpcError : public std::runtime_error {
public:
  RpcError(const std::string& method, json error)
      : std::runtime_error(method + " failed: " + error.dump()), error_(std::move(error)) {}
  const json& error() const { return error_; }

private:
  json error_;
};

class RpcClient {
public:
  static constexpr Millis kDefaultTimeout{10000};

  /// `readFd` carries the server's output, `writeFd` its input. The client
  /// owns both and closes them.
  RpcClient(int readFd, int writeFd);
  ~RpcClient();
  RpcClient(const RpcClient&) = delete;
  RpcClient& operator=(const RpcClient&) = delete;

  /// Sends a request and returns its id without waiting.
  json send(const std::string& method, const json& params = json::object());
  /// The whole response message ({id, result} or {id, error}) for `id`.
  json waitResponse(const json& id, Millis timeout = kDefaultTimeout);
  /// send + waitResponse.
  json call(const std::string& method, const json& params = json::object(),
            Millis timeout = kDefaultTimeout);
  /// The `result` of a call; throws RpcError when the reply is an error.
  json result(const std::string& method, const json& params = json::object(),
              Millis timeout = kDefaultTimeout);
  void notify(const std::string& method, const json& params = json::object());

  /// `initialize` (as `clientName`) followed by `initialized`; returns the
  /// initialize result.
  json initialize(const std::string& clientName = "grove-tests", Millis timeout = kDefaultTimeout);

  /// The request encoding the client would send, for tests that build their
  /// own bursts. Consumes an id.
  std::string requestFrame(const std::string& method, const json& params, json* idOut = nullptr);
  /// Writes bytes as they are (broken frames, bursts), reading meanwhile.
  void writeRaw(const std::string& bytes, Millis timeout = kDefaultTimeout);
  /// Closes the server's input (it sees end of stream).
  void closeWrite();

  /// Notifications received so far, oldest first; the queue is emptied.
  std::vector<json> takeNotifications();
  /// Waits for a notification that satisfies `pred`; it and the ones before
  /// it are removed from the queue. nullopt when none arrives in time.
  std::optional<json> waitForNotification(const std::function<bool(const json&)>& pred,
                                          Millis timeout = kDefaultTimeout);
  /// The response for `id` if it has already arrived (no waiting).
  std::optional<json> takeResponse(const json& id);
  /// Waits for a response to arrive with `id: null` (bad input replies).
  json waitNullIdResponse(Millis timeout = kDefaultTimeout);
  /// Ids of every response in arrival order since the last call (emptied).
  std::vector<json> takeArrivalOrder();
  /// How many responses arrived since takeArrivalOrder() was last called.
  size_t arrivalCount() const { return arrivals_.size(); }
  /// Waits until arrivalCount() reaches `count`; false on timeout or close.
  bool waitForArrivals(size_t count, Millis timeout = kDefaultTimeout);

  /// True once the server closed its output (all buffered frames are still
  /// readable). Waits up to `timeout` for that to happen.
  bool waitClosed(Millis timeout = kDefaultTimeout);
  bool closed() const { return eof_; }

private:
  using Clock = std::chrono::steady_clock;
  /// Reads whatever arrives before `deadline` (at least once), filing frames.
  /// Returns false when the deadline passed with nothing new.
  bool pump(Clock::time_point deadline);
  void file(const std::string& body);
  void writeAll(const std::string& bytes, Clock::time_point deadline);

  int readFd_;
  int writeFd_;
  long long nextId_ = 1;
  bool eof_ = false;
  FrameParser parser_;
  std::deque<json> responses_;
  std::deque<json> notifications_;
  std::vector<json> arrivals_;
};

}  // namespace grove::test
