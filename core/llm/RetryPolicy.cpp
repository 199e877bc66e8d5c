#include "llm/RetryPolicy.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace grove::llm {

bool isRetryableStatus(int status) { return status == 429 || (status >= 500 && status <= 599); }

std::optional<int> parseRetryAfterMs(std::string_view value) {
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  if (value.empty() || value.size() > 6) return std::nullopt;
  int seconds = 0;
  for (char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    seconds = seconds * 10 + (c - '0');
  }
  return seconds * 1000;
}

int backoffMs(int attempt, int baseMs, std::optional<int> retryAfterMs) {
  if (retryAfterMs) return *retryAfterMs;
  constexpr int kCapMs = 30'000;
  long long ms = std::max(0, baseMs);
  for (int i = 0; i < attempt && ms < kCapMs; ++i) ms *= 2;
  return static_cast<int>(std::min<long long>(ms, kCapMs));
}

bool waitUnlessCancelled(int ms, const CancellationToken& cancel) {
  // Short slices: a cancel during a long Retry-After must not wait it out.
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(ms);
  while (Clock::now() < deadline) {
    if (cancel.cancelled()) return false;
    auto left = deadline - Clock::now();
    std::this_thread::sleep_for(std::min<Clock::duration>(left, std::chrono::milliseconds(10)));
  }
  return !cancel.cancelled();
}

}  // namespace grove::llm
