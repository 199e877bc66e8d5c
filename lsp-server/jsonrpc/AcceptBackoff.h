// AcceptBackoff: how long to wait before accepting again after accept(2)
// failed. EMFILE and ENFILE (out of file descriptors) and ENOBUFS/ENOMEM
// leave the pending connection queued, so retrying at once would spin;
// waiting a little, longer each time, lets connections close and frees
// descriptors. Never fatal: the listener always tries again.
#pragma once

#include <algorithm>
#include <chrono>

namespace grove::transport {

class AcceptBackoff {
public:
  static constexpr std::chrono::milliseconds kFirst{10};
  static constexpr std::chrono::milliseconds kMost{1000};

  /// The next wait: 10 ms, doubling up to a second.
  std::chrono::milliseconds next() {
    auto d = delay_;
    delay_ = std::min(delay_ * 2, kMost);
    return d;
  }
  /// An accept succeeded: the next failure waits the shortest again.
  void reset() { delay_ = kFirst; }

private:
  std::chrono::milliseconds delay_ = kFirst;
};

}  // namespace grove::transport
