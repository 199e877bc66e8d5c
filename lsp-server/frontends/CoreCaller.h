// CoreCaller: a JSON-RPC client of a Grove core over LSP frames, for the
// front ends that translate another protocol (ACP, MCP) into grove/*. Calls
// are asynchronous (a callback per answer) so a front end can keep reading
// its own client while a chat turn streams; callSync is for the many short
// calls a translation makes in sequence.
//
// One reader thread reads the core: it runs answer callbacks and the
// notification handler in the order the core sent them (a turn's
// grove/chat/didStream pieces therefore all arrive before its answer).
// When the connection ends, every unanswered call gets a `coreGone` error,
// so no caller waits forever.
#pragma once

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "jsonrpc/FrameWriter.h"

namespace grove::frontends {

class CoreCaller {
public:
  /// A call's outcome: its `result`, or (ok false) its JSON-RPC `error`
  /// object `{code, message, data?}`.
  struct Outcome {
    bool ok = false;
    nlohmann::json value;
  };
  using Callback = std::function<void(Outcome)>;
  using NotificationHandler = std::function<void(const std::string& method, const nlohmann::json& params)>;

  /// Takes the two ends of a connection (CoreLink's; the same fd for a
  /// socket) and closes them when done.
  CoreCaller(int readFd, int writeFd, size_t maxMessageBytes = 64u << 20);
  /// Ends the connection (the core sees this client leave) and joins the reader.
  ~CoreCaller();
  CoreCaller(const CoreCaller&) = delete;
  CoreCaller& operator=(const CoreCaller&) = delete;

  /// Set before start(). Runs on the reader thread.
  void onNotification(NotificationHandler handler) { onNotification_ = std::move(handler); }
  /// Set before start(). Runs on the reader thread once the core's stream ended.
  void onClosed(std::function<void()> handler) { onClosed_ = std::move(handler); }
  /// Starts the reader thread.
  void start();

  /// Sends a request; `done` runs on the reader thread with its outcome.
  /// Returns the request's id (for cancel).
  int64_t call(const std::string& method, nlohmann::json params, Callback done);
  /// Sends a request and waits for its answer at most `timeout` (an error
  /// `{kind: "timeout"}` then; a late answer is dropped). Never call it from
  /// a callback or the notification handler: the reader would wait for
  /// itself (it answers an error `{kind: "deadlock"}` instead).
  Outcome callSync(const std::string& method, nlohmann::json params,
                   std::chrono::milliseconds timeout = std::chrono::seconds(30));
  void notify(const std::string& method, nlohmann::json params);
  /// Asks the core to stop request `id` ($/cancelRequest): a chat turn then
  /// answers with its partial result.
  void cancel(int64_t id);

  /// initialize + initialized, introducing this front end as `clientName`
  /// (the actor every change it makes is credited to). Returns initialize's outcome.
  Outcome initialize(const std::string& clientName, const std::string& version = "");
  /// shutdown + exit, then ends the connection. Idempotent.
  void close();
  /// close(), then waits for the core to end its stream and the reader to
  /// stop: afterwards no callback or notification handler runs, so what
  /// they reference may go. Not from a callback.
  void finish();
  /// False once the core's stream ended.
  bool connected() const;

private:
  void readLoop();
  void endWrite();

  int readFd_, writeFd_;
  size_t maxMessageBytes_;
  std::unique_ptr<rpc::FrameWriter> writer_;
  NotificationHandler onNotification_;
  std::function<void()> onClosed_;
  mutable std::mutex mu_;
  std::map<int64_t, Callback> pending_;
  int64_t nextId_ = 1;
  bool connected_ = true;
  bool writeEnded_ = false;
  std::thread reader_;
  std::atomic<std::thread::id> readerId_{};
};

/// The error object of an outcome that never reached the core or never came
/// back: `{code: -32603, message, data: {kind}}`.
nlohmann::json callerError(const std::string& kind, const std::string& message);

}  // namespace grove::frontends
