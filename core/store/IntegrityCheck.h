// IntegrityCheck: SQLite's `PRAGMA quick_check` on a store, on a connection
// of its own, bounded in time and in how many problems it lists. A store
// with pages overwritten in the middle otherwise opens without a word and
// fails only the requests that touch the damage.
#pragma once

#include <atomic>
#include <chrono>
#include <string>

namespace grove {

struct IntegrityReport {
  enum class Outcome { Ok, Damaged, Unfinished, Unreadable };
  Outcome outcome = Outcome::Ok;
  /// For people: which file, what is wrong, what to do. Empty when Ok.
  std::string message;
};

/// Checks the store at `path` (which must exist), giving up after `budget`
/// or as soon as `*stop` turns true (a core shutting down).
IntegrityReport quickCheck(const std::string& path, std::chrono::milliseconds budget,
                           const std::atomic<bool>* stop = nullptr);

}  // namespace grove
