// Executor: where the session's slow work runs (provider calls, agents,
// embeddings). Two kinds: a worker pool for the running core, and a manual
// queue for tests, which run the queued work on their own thread when they
// choose (runUntilIdle), so a whole chat turn is deterministic.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <mutex>

#include "support/ThreadPool.h"

namespace grove::session {

class Executor {
public:
  virtual ~Executor() = default;
  /// Queues `task`. A task that throws is logged; it never ends the process.
  virtual void post(std::function<void()> task) = 0;
};

/// A fixed pool of worker threads.
class PoolExecutor final : public Executor {
public:
  explicit PoolExecutor(size_t threads) : pool_(threads) {}
  void post(std::function<void()> task) override;

private:
  ThreadPool pool_;
};

/// No threads: tasks wait until the owner runs them.
class ManualExecutor final : public Executor {
public:
  void post(std::function<void()> task) override;
  /// Runs queued tasks (and the tasks they queue) until none is left.
  /// Returns how many ran.
  size_t runUntilIdle();

private:
  std::mutex mu_;
  std::deque<std::function<void()>> tasks_;
};

/// Runs `task`, logging what it throws (shared by both executors).
void runGuarded(const std::function<void()>& task);

}  // namespace grove::session
