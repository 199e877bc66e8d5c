// The PostgreSQL backend of store/Sql.h, over libpq: a connection and its
// prepared statements. Errors become grove::Error(ErrorKind::Storage) naming
// the database (never its password) and what to do.
//
// Statements are prepared once per connection and per text (the row files
// build a Stmt per call with the same SQL, which must not cost a prepare
// round trip each time), with SQLite's `?n` and `?` renumbered as `$n`.
// Values go as text, blobs as binary; a result is read whole when the
// statement first steps (results here are a path or a page, not a table).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "store/Sql.h"

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

namespace grove::pg {

/// `?1`, `?` (numbered after the highest seen so far) as `$1`, `$n`, outside
/// quoted strings and identifiers; `count` gets the highest number used.
std::string renumberParameters(const char* sql, int& count);

/// The address without its password, for messages and logs.
std::string redactedAddress(const std::string& conninfo);

class Db final : public sql::Db {
public:
  /// Connects to `conninfo` (a postgresql:// URL or key=value pairs); with a
  /// non-empty `schema`, creates it when absent and works inside it.
  Db(const std::string& conninfo, const std::string& schema = "");
  ~Db() override;
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  sql::Dialect dialect() const override { return sql::Dialect::Postgres; }
  void exec(const char* sql) override;
  std::unique_ptr<sql::Cursor> prepare(const char* sql) override;
  const std::string& path() const override { return address_; }
  PGconn* handle() const { return conn_; }

  struct Prepared {
    std::string name;
    int params = 0;
  };
  /// The statement prepared for `sql` on this connection, preparing it once.
  const Prepared& prepared(const char* sql);
  /// Throws the storage error for a failed result (and frees it).
  [[noreturn]] void fail(const char* what, PGresult* result) const;

private:
  PGconn* conn_ = nullptr;
  std::string address_;
  std::unordered_map<std::string, Prepared> prepared_;
};

}  // namespace grove::pg
