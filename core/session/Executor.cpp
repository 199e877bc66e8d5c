#include "session/Executor.h"

#include <exception>
#include <string>

#include "support/Log.h"

namespace grove::session {

void runGuarded(const std::function<void()>& task) {
  try {
    task();
  } catch (const std::exception& e) {
    // Whatever the task held (a reply among them) is released when the task
    // is destroyed, after this returns: an unanswered request is answered then.
    log::error(std::string("background task failed: ") + e.what());
  } catch (...) {
    log::error("background task failed with an unknown exception");
  }
}

void PoolExecutor::post(std::function<void()> task) {
  pool_.submit([task = std::move(task)] { runGuarded(task); });
}

void ManualExecutor::post(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mu_);
  tasks_.push_back(std::move(task));
}

size_t ManualExecutor::runUntilIdle() {
  size_t ran = 0;
  for (;;) {
    std::function<void()> task;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (tasks_.empty()) return ran;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    runGuarded(task);
    ++ran;
  }
}

}  // namespace grove::session
