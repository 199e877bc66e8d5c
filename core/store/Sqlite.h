// Thin RAII wrappers over the SQLite C API: a connection and a prepared
// statement. Errors become grove::Error(ErrorKind::Storage) naming the file
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

namespace grove::sqlite {

class Db {
public:
  /// Opens (creating when absent) `path`; with `readOnly`, opens it for
  /// reading only and never creates it.
  explicit Db(const std::string& path, bool readOnly = false);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  sqlite3* handle() const { return db_; }
  /// Runs one or more statements that return no rows.
  void exec(const char* sql);
  [[noreturn]] void fail(const char* what) const;
  /// Resets every statement of this connection still holding a row. A
  /// statement left on a row keeps the connection's read snapshot open, and
  /// a snapshot held across commits pins the WAL: checkpoints cannot copy
  /// past it, so the -wal file grows with every append (2.6 GB after
  /// 100,000) and the database file stays empty. Called at the end of each
  /// transaction, when no caller is between rows.
  void finishReads();
  /// How many statements are between rows now (0 when every read ran to its
  /// end or was reset): a read must not leave a cursor open on an index that
  /// later writes change.
  size_t runningStatements();
  const std::string& path() const { return path_; }
  bool readOnly() const { return readOnly_; }
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

class Stmt {
public:
  Stmt() = default;
  Stmt(Db& db, const char* sql);
  ~Stmt();
  Stmt(Stmt&& o) noexcept : db_(o.db_), st_(o.st_), writes_(o.writes_) { o.st_ = nullptr; }
  Stmt& operator=(Stmt&& o) noexcept;

  /// Resets the statement and clears its bindings, ready for reuse.
  Stmt& reset();
  Stmt& bind(int i, std::string_view v);
  Stmt& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
  Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
  Stmt& bind(int i, int64_t v);
  Stmt& bind(int i, const std::optional<std::string>& v);
  Stmt& bind(int i, const std::optional<int64_t>& v);
  Stmt& bindNull(int i);
  /// A REAL (its own name: an overload would make integer literals ambiguous).
  Stmt& bindReal(int i, double v);
  /// Binary data (vectors); an empty blob binds as a zero-length blob.
  Stmt& bindBlob(int i, std::string_view bytes);

  /// Steps once: true when a row is available.
  bool step();
  /// Steps a statement that returns no rows.
  void run();

  std::string text(int col) const;
  std::optional<std::string> optText(int col) const;
  /// A TEXT column without a copy: valid until the next step or reset.
  std::string_view view(int col) const;
  bool isNull(int col) const;
  int64_t integer(int col) const;
  std::optional<int64_t> optInteger(int col) const;
  double real(int col) const;
  /// A BLOB column's bytes (empty for NULL).
  std::string blob(int col) const;

private:
  bool recording() const { return writes_ && db_->recorder(); }

  Db* db_ = nullptr;
  sqlite3_stmt* st_ = nullptr;
  bool writes_ = false;            // not read-only: recorded while a recorder listens
  std::vector<BoundValue> bound_;  // what was bound since the last reset, while recording
};

}  // namespace grove::sqlite
