// The PostgreSQL backend of store/Sql.h, over libpq: a connection and its
// prepared statements. Errors become grove::Error(ErrorKind::Storage) naming
// the database (never its password) and what to do.
//
// Statements are prepared once per connection and per text (the row files
// build a Stmt per call with the same SQL, which must not cost a prepare
// round trip each time), with SQLite's `?n` and `?` renumbered as `$n`.
// Values go as text, blobs as binary; a result is read whole when the
// statement first steps (results here are a path or a page, not a table).
//
// Inside a transaction the connection pipelines (libpq's pipeline mode):
// statements whose rows nobody reads (`run()`: inserts, updates, deletes,
// NOTIFY) and the transaction's own BEGIN and SAVEPOINT are sent without
// waiting, and go with the next statement whose rows are read, or with the
// RELEASE or COMMIT that ends the mutation, in one round trip. A mutation's
// failure is still thrown inside that mutation (its release waits for every
// statement before it), and nothing is acknowledged before its COMMIT.
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

  /// While on, a statement's `run()` is queued instead of waited for (the
  /// store turns it on inside its transactions).
  void setPipelining(bool on) { pipelining_ = on; }
  bool pipelining() const { return pipelining_; }
  /// Queues one statement without parameters (BEGIN, SAVEPOINT, RELEASE).
  void queue(const char* sql);
  /// Queues a prepared statement's run; its rows are not read.
  void queuePrepared(const std::string& name, int n, const char* const* values, const int* lengths,
                     const int* formats);
  /// Runs a prepared statement and returns its result, after everything
  /// queued (one round trip for all of it). Throws the first failure.
  PGresult* execPrepared(const std::string& name, int n, const char* const* values, const int* lengths,
                         const int* formats);
  /// Waits for everything queued; throws the first failure.
  void flush();
  /// Waits for everything queued and forgets its failures (before a rollback).
  void discardQueued();

private:
  // Sends Sync, reads the queued results in order (keeping the last when
  // `keepLast`), leaves pipeline mode; the first failure is thrown unless
  // `quiet`.
  PGresult* sync(bool keepLast, bool quiet);
  void enterPipeline();

  PGconn* conn_ = nullptr;
  bool pipelining_ = false;
  int queued_ = 0;  // statements sent and not yet read
  std::string address_;
  std::unordered_map<std::string, Prepared> prepared_;
};

}  // namespace grove::pg
