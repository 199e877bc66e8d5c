// The team core's personal access tokens, kept in the store (DESIGN §12):
// a name, the SHA-256 of the token as hex, and when it was made. Only the
// hash is ever stored; making tokens and hashing them is the server's
// (lsp-server/transport/TokenFile). Rows in the store are what every core on
// one database shares, so a token added or revoked through any of them
// counts on all of them at the next connection.
//
// The listener checks tokens on its own threads, beside a running core, so
// it reads them through a connection of its own (openSideConnection), never
// the engine's.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/Sql.h"

namespace grove {

/// The table, the same SQL on both databases (SQLite's migration 15,
/// PostgreSQL's 3).
inline constexpr const char* kAccessTokensTable = R"sql(
CREATE TABLE access_tokens(
  name TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  created TEXT NOT NULL
);
)sql";

struct AccessToken {
  std::string name;
  std::string hashHex;  // sha256 of the token, 64 lowercase hex digits
  std::string created;  // ISO 8601, UTC
};

class AccessTokenRows {
public:
  explicit AccessTokenRows(sql::Db& db);

  /// Stores `token`, replacing the token its name had.
  void put(const AccessToken& token);
  /// Removes `name`'s token; false when it had none.
  bool remove(const std::string& name);
  /// Every token, by name.
  std::vector<AccessToken> list();
  /// The name whose token hashes to `hashHex`.
  std::optional<std::string> nameFor(const std::string& hashHex);
  bool any();

private:
  sql::Db& db_;
};

/// A connection of its own to the store at `where` (a file, or a
/// postgresql:// address with `schema`), for tokens beside a running core.
/// With `migrate`, brings the schema up to date first (a token command on a
/// store no core of this version has opened yet). Unlike opening the whole
/// store, it never replays a running core's redo log.
std::unique_ptr<sql::Db> openSideConnection(const std::string& where, const std::string& schema, bool migrate);

}  // namespace grove
