// eventually(): polls a condition until it holds or a deadline passes, for
// effects that land in the background (summaries by the utility model, a
// restarted local server). Never a fixed sleep: it returns as soon as the
// condition holds.
#pragma once

#include <chrono>
#include <thread>

namespace grove::chat_test {

template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds timeout = std::chrono::milliseconds(10000)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (condition()) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace grove::chat_test
