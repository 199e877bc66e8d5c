#include "store/AccessTokenRows.h"

#include "store/Migrations.h"
#include "store/Postgres.h"
#include "store/PostgresMigrations.h"
#include "store/PostgresStore.h"
#include "store/Sqlite.h"

namespace grove {

AccessTokenRows::AccessTokenRows(sql::Db& db) : db_(db) {}

void AccessTokenRows::put(const AccessToken& token) {
  sql::Stmt(db_, sql::upsert("access_tokens", "name, hash, created", "name"))
      .bind(1, token.name)
      .bind(2, token.hashHex)
      .bind(3, token.created)
      .run();
}

bool AccessTokenRows::remove(const std::string& name) {
  sql::Stmt st(db_, "DELETE FROM access_tokens WHERE name=? RETURNING name");
  bool removed = st.bind(1, name).step();
  while (st.step()) {}
  return removed;
}

std::vector<AccessToken> AccessTokenRows::list() {
  sql::Stmt st(db_, "SELECT name, hash, created FROM access_tokens ORDER BY name");
  std::vector<AccessToken> out;
  while (st.step()) out.push_back({st.text(0), st.text(1), st.text(2)});
  return out;
}

std::optional<std::string> AccessTokenRows::nameFor(const std::string& hashHex) {
  // An indexed lookup by hash, not a constant-time comparison: what an
  // attacker sends is hashed first, so timing tells them nothing about a
  // token they do not already hold.
  sql::Stmt st(db_, "SELECT name FROM access_tokens WHERE hash=?");
  if (!st.bind(1, hashHex).step()) return std::nullopt;
  return st.text(0);
}

bool AccessTokenRows::any() {
  sql::Stmt st(db_, "SELECT 1 FROM access_tokens LIMIT 1");
  return st.step();
}

std::unique_ptr<sql::Db> openSideConnection(const std::string& where, const std::string& schema, bool migrate) {
  if (isPostgresAddress(where)) {
    auto db = std::make_unique<pg::Db>(where, schema);
    if (migrate) migratePostgres(*db);
    return db;
  }
  auto db = std::make_unique<sqlite::Db>(where);
  db->exec("PRAGMA busy_timeout=5000");  // the core's commits come and go
  if (migrate) grove::migrate(*db);
  return db;
}

}  // namespace grove
