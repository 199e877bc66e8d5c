// TokenFile: personal tokens in a file of their own (--token-file; by
// default they live in the store, tool/StoreTokens), one line per person:
//   name<TAB>sha256-hex-of-token<TAB>created (ISO 8601)
// with # comments. Only hashes are kept, so the file leaks no token. The
// listener asks it on every authentication; it re-reads the file when its
// mtime, size or inode changed (one stat per connection), so revoking a
// person is deleting their line, with no restart. Thread-safe.
#pragma once

#include <sys/types.h>

#include <ctime>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "transport/TokenSource.h"

namespace grove::transport {

struct TokenEntry {
  std::string name;
  std::string hashHex;  // sha256 of the token, 64 lowercase hex digits
  std::string created;
};

class TokenFile final : public TokenSource {
public:
  explicit TokenFile(std::string path) : path_(std::move(path)) {}

  const std::string& path() const { return path_; }
  /// The name the token belongs to, or nullopt (no such token, or none
  /// left). Compares hashes in constant time.
  std::optional<std::string> nameFor(std::string_view token) override;
  /// True when the file holds at least one token now.
  bool hasTokens() override;

  /// sha256 of `token` as hex.
  static std::string hashHex(std::string_view token);
  /// A fresh token: "grove_" and 32 random bytes as hex.
  static std::string newToken();
  /// Throws unless `name` can name a token (non-empty, no leading #, no tab
  /// or newline: it must fit a line of the file and of --token-list).
  static void checkName(const std::string& name);
  /// Now, as a token's creation time (ISO 8601, UTC).
  static std::string now();
  /// The entries of the file at `path` (none when it does not exist).
  /// Throws when it exists and cannot be read; malformed lines are skipped
  /// and reported in `skipped` when given.
  static std::vector<TokenEntry> read(const std::string& path, std::vector<std::string>* skipped = nullptr);
  /// Adds a fresh random token for `name` (replacing that name's old one)
  /// and returns it: the only time it is ever shown. The file is written
  /// whole to a private temporary and renamed over. Throws on a bad name or
  /// an I/O error.
  static std::string add(const std::string& path, const std::string& name);
  /// Removes `name`'s line; false when there was none.
  static bool revoke(const std::string& path, const std::string& name);

private:
  void reloadIfChanged();  // must hold mu_

  std::string path_;
  std::mutex mu_;
  std::vector<TokenEntry> entries_;
  bool loaded_ = false;
  bool existed_ = false;
  timespec mtime_{};
  off_t size_ = -1;
  ino_t inode_ = 0;
};

}  // namespace grove::transport
