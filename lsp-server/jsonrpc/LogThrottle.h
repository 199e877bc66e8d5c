// LogThrottle: a line per reason at most once a second, with a count of
// what was left out, so a flood of refused connections cannot flood the log.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "support/Log.h"

namespace grove::transport {

class LogThrottle {
public:
  void warn(const std::string& message) {
    using Clock = std::chrono::steady_clock;
    std::string line;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto now = Clock::now();
      if (now - last_ < std::chrono::seconds(1)) {
        ++suppressed_;
        return;
      }
      last_ = now;
      line = message;
      if (suppressed_ > 0)
        line += " (and " + std::to_string(suppressed_) + " similar in the last second)";
      suppressed_ = 0;
    }
    log::warn(line);
  }

private:
  std::mutex mu_;
  std::chrono::steady_clock::time_point last_{};
  long long suppressed_ = 0;
};

}  // namespace grove::transport
