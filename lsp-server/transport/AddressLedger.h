// AddressLedger: who is connected from where, and who failed to
// authenticate lately. Decides whether a new TCP connection is admitted and
// how long a misbehaving address waits before it is served. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "transport/TcpLimits.h"

namespace grove::transport {

class AddressLedger {
public:
  using Clock = std::chrono::steady_clock;

  explicit AddressLedger(const TcpLimits& limits) : limits_(limits) {}

  enum class Admission { Admitted, TooManyInAll, TooManyFromAddress };
  /// Counts a new connection from `address` unless a limit forbids it.
  Admission admit(const std::string& address);
  /// A connection admitted from `address` closed.
  void release(const std::string& address);
  /// How long a connection from `address` waits before it is served: zero,
  /// or what is left of its penalty for failed authentications.
  Clock::duration delayFor(const std::string& address, Clock::time_point now = Clock::now());
  /// A connection from `address` closed without authenticating.
  void authFailed(const std::string& address, Clock::time_point now = Clock::now());
  /// A connection from `address` authenticated: its penalty is forgiven.
  void authSucceeded(const std::string& address);
  size_t open() const;

private:
  struct Entry {
    size_t open = 0;
    int failures = 0;
    Clock::time_point penaltyUntil{};
  };
  /// Forgets addresses with nothing open and no penalty left (many
  /// addresses, IPv6, must not grow the table without bound).
  void prune(Clock::time_point now);

  TcpLimits limits_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Entry> entries_;
  size_t open_ = 0;
};

}  // namespace grove::transport
