// Clock port: where the core gets the time, so tests can pin it.
#pragma once

#include <chrono>
#include <cstdint>

namespace grove {

class Clock {
public:
  virtual ~Clock() = default;
  /// Milliseconds since the Unix epoch.
  virtual int64_t nowMs() = 0;
};

class SystemClock final : public Clock {
public:
  int64_t nowMs() override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
};

}  // namespace grove
