// StoreAccess: what grove-server checks about its store before serving it.
// Every finding is logged naming the file and what to do about it.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace grove::tool {

/// Whether this account can write the store: the file (when it exists) and
/// its folder (SQLite creates the -wal and -shm files beside it). When it
/// cannot, `why` says which is not writable.
bool storeWritable(const std::string& db, std::string& why);

/// Creates the store's folder when missing, owner-only (0700).
void createStoreFolder(const std::string& db);

/// Reports (and fixes, when this account owns them) the store, its WAL,
/// SHM, lock and the provider configuration being readable by others.
void checkPrivacy(const std::string& db);

/// PRAGMA quick_check on the store at start. A small store (a few
/// milliseconds of reading) is checked before the first request; a larger
/// one on a thread of its own, so the first preview does not wait for a
/// read of the whole file (a 16 MB store took 30-40 ms, most of a fresh
/// process's first context). Above kDelayAboveBytes the thread waits
/// kBackgroundDelay first, so the first requests do not share the machine
/// with it either (reading a 300 MB store took a core and the page cache
/// from the first map and preview). Damage is logged as an error naming the
/// file and what to do.
class IntegrityWatch {
public:
  explicit IntegrityWatch(const std::string& db);
  /// Stops a check still waiting or running and waits for its thread.
  ~IntegrityWatch();

  static constexpr long long kForegroundBytes = 4ll << 20;
  static constexpr long long kDelayAboveBytes = 64ll << 20;  // checked after kBackgroundDelay above this size
  static constexpr std::chrono::seconds kBackgroundDelay{10};

private:
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::condition_variable stopped_;
  std::thread thread_;
};

}  // namespace grove::tool
