// StoreTokens: personal tokens kept in the store (DESIGN §12), the default
// when no --token-file is given. The listener asks it once per connection
// through a connection of its own (store/AccessTokenRows), so a token added
// or revoked through any core, or by --token-add/--token-revoke while cores
// run, counts at the next connection on every core of the store, without a
// restart. The token commands and the import of an older token file are
// here too.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "store/AccessTokenRows.h"
#include "transport/TokenSource.h"

namespace grove::tool {

class StoreTokens final : public transport::TokenSource {
public:
  StoreTokens(std::string db, std::string schema);
  ~StoreTokens() override;

  std::optional<std::string> nameFor(std::string_view token) override;
  bool hasTokens() override;

private:
  // Runs `read` on the connection, opening it first; a failure is logged,
  // drops the connection (the next call opens a new one) and returns
  // `failed`: nobody gets in by name while the store cannot be read.
  template <class T, class F>
  T ask(F&& read, T failed);

  std::string db_, schema_;
  std::mutex mu_;
  std::unique_ptr<sql::Db> conn_;
};

/// A new token for `name` in the store (replacing that name's old one): the
/// token itself, shown this once.
std::string addStoreToken(const std::string& db, const std::string& schema, const std::string& name);
/// Removes `name`'s token from the store; false when it had none.
bool revokeStoreToken(const std::string& db, const std::string& schema, const std::string& name);
std::vector<AccessToken> listStoreTokens(const std::string& db, const std::string& schema);

/// Moves the entries of a token file written by an older Grove (`file`,
/// <store>.tokens) into the store, keeping a name the store already has,
/// and renames the file to <file>.imported. Returns how many were moved; 0
/// when there is no such file.
size_t importTokenFile(const std::string& db, const std::string& file);

}  // namespace grove::tool
