// StoreLock: which grove-server owns a store. The owner holds an exclusive
// flock on "<store>.lock" for its whole life; the kernel releases it when the
// process dies, however it dies, so a stale lock can never block a store.
#pragma once

#include <optional>
#include <string>

namespace grove::tool {

class StoreLock {
public:
  explicit StoreLock(std::string path) : path_(std::move(path)) {}
  ~StoreLock();
  StoreLock(const StoreLock&) = delete;
  StoreLock& operator=(const StoreLock&) = delete;

  /// Takes the lock if nobody holds it; false when another process does.
  /// Throws std::runtime_error when the lock file cannot be opened at all
  /// (a missing or read-only directory), which is not "someone owns it".
  bool tryAcquire();
  bool held() const { return fd_ >= 0; }

private:
  std::string path_;
  int fd_ = -1;
};

/// The Unix socket the owner of `dbPath` listens on:
/// $XDG_RUNTIME_DIR/grove/<hash>.sock, else "<db>.sock" when that fits in a
/// socket address, else /tmp/grove-<uid>/<hash>.sock.
std::string socketPathFor(const std::string& dbPath,
                          std::optional<std::string> (*env)(const char*));

}  // namespace grove::tool
