// The SQLite backend of store/Sql.h: a connection and its prepared
// statements. Errors become grove::Error(ErrorKind::Storage) naming the file
// and what to do; a write refused because the store is read-only becomes
// InvalidOperation "readOnlyStore", so clients can tell it from a fault.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/RedoLog.h"
#include "store/Sql.h"

namespace grove::sqlite {

/// The SQLite connection.
class Db final : public sql::Db {
public:
  /// Opens (creating when absent) `path`; with `readOnly`, opens it for
  /// reading only and never creates it.
  explicit Db(const std::string& path, bool readOnly = false);
  ~Db() override;
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  sql::Dialect dialect() const override { return sql::Dialect::Sqlite; }
  sqlite3* handle() const { return db_; }
  /// Runs one or more statements that return no rows.
  void exec(const char* sql) override;
  std::unique_ptr<sql::Cursor> prepare(const char* sql) override;
  [[noreturn]] void fail(const char* what) const;
  /// Resets every statement of this connection still holding a row. A
  /// statement left on a row keeps the connection's read snapshot open, and
  /// a snapshot held across commits pins the WAL: checkpoints cannot copy
  /// past it, so the -wal file grows with every append (2.6 GB after
  /// 100,000) and the database file stays empty. Called at the end of each
  /// transaction, when no caller is between rows.
  void finishReads() override;
  /// How many statements are between rows now (0 when every read ran to its
  /// end or was reset): a read must not leave a cursor open on an index that
  /// later writes change.
  size_t runningStatements();
  const std::string& path() const override { return path_; }
  bool readOnly() const override { return readOnly_; }
  /// While set, every write statement run on this connection is added to it
  /// with its values (see RedoLog). Null: nothing is recorded.
  void setRecorder(RedoRecorder* recorder) { recorder_ = recorder; }
  RedoRecorder* recorder() const { return recorder_; }

private:
  RedoRecorder* recorder_ = nullptr;
  sqlite3* db_ = nullptr;
  std::string path_;
  bool readOnly_ = false;
};

/// Statements are the backend-neutral handle (store/Sql.h).
using Stmt = sql::Stmt;

}  // namespace grove::sqlite
