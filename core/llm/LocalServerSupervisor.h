// LocalServerSupervisor: keeps a local model server (llama.cpp, Ollama, ...)
// started from a provider's `command` alive for as long as Grove runs.
//
// One watcher thread owns the child: it starts it, polls its base URL until
// it answers, restarts it when it dies (backing off if it keeps dying), and
// on stop() sends SIGTERM to its process group, then SIGKILL after a grace
// period. Requests call ensureReady() first, which notices a dead child at
// once instead of waiting for the watcher's next round.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "support/Cancellation.h"

namespace grove::llm {

struct SupervisorOptions {
  std::string name;                  // the provider's name, for messages
  std::vector<std::string> command;  // argv; argv[0] is looked up on PATH
  std::string healthUrl;             // GET; any status below 500 means ready
  int startTimeoutMs = 120'000;
  int checkIntervalMs = 200;
  int stopGraceMs = 3'000;
  /// Where notices go (default: stderr). Only the program name is ever
  /// logged: arguments may carry secrets such as --api-key.
  std::function<void(std::string_view)> log;
};

class LocalServerSupervisor {
public:
  enum class State { Stopped, Starting, Ready, Failed };

  explicit LocalServerSupervisor(SupervisorOptions options);
  ~LocalServerSupervisor();
  LocalServerSupervisor(const LocalServerSupervisor&) = delete;
  LocalServerSupervisor& operator=(const LocalServerSupervisor&) = delete;

  /// Starts the watcher (and so the server); returns at once.
  void start();
  /// Blocks until the server answers, restarting it if it died. Throws
  /// grove::Error Provider "unreachable" when it cannot be started or does
  /// not answer within startTimeoutMs, Cancelled when `cancel` fires.
  void ensureReady(const CancellationToken& cancel);
  /// A request could not reach a server believed ready (it may be dying):
  /// the next ensureReady() waits until it answers again or is restarted.
  void markSuspect();
  /// Stops the server and the watcher; idempotent.
  void stop();

  State state() const;
  /// The running server's process id (0 when none).
  int pid() const;
  /// How many times the server was started again after it died.
  int restarts() const;

private:
  struct Child;
  void watch();
  void spawnLocked();
  bool probe() const;
  void terminate(std::unique_ptr<Child>& child);
  void log(const std::string& message) const;

  SupervisorOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::unique_ptr<Child> child_;
  std::thread watcher_;
  State state_ = State::Stopped;
  std::string failure_;
  bool stopping_ = false;
  bool wake_ = false;
  int restarts_ = 0;
  int consecutiveFailures_ = 0;
  std::chrono::steady_clock::time_point startedAt_{};
};

}  // namespace grove::llm
