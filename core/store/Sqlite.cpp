#include "store/Sqlite.h"

#include <unistd.h>

#include "store/Bm25Function.h"
#include "store/FtsDocumentFunction.h"
#include "support/Error.h"

namespace grove::sqlite {
namespace {

// What a person can do about an SQLite failure, by its primary code.
const char* advice(int code) {
  switch (code & 0xff) {
    case SQLITE_NOTADB:
      return " (this file is not a Grove store: check --db, or move the file aside)";
    case SQLITE_CORRUPT:
      return " (the file is damaged: stop Grove and restore the store from a backup; "
             "`sqlite3 FILE .recover` can salvage what is readable)";
    case SQLITE_CANTOPEN:
      return " (check that the file and its folder exist and that this account may use them)";
    case SQLITE_FULL:
      return " (the disk is full)";
    case SQLITE_IOERR:
      return " (the disk reported an I/O error)";
    default:
      return "";
  }
}

[[noreturn]] void raise(const std::string& path, int code, const std::string& what,
                        const std::string& message) {
  if ((code & 0xff) == SQLITE_READONLY)
    throw Error::invalidOp("readOnlyStore",
                           "the store " + path +
                               " is read-only for this account: reads work, changes are refused");
  if ((code & 0xff) == SQLITE_FULL)
    throw Error::storage("store " + path + ": the disk holding the store is full (" + what + message +
                         "); nothing of this request was kept; free some space and retry");
  throw Error::storage("store " + path + ": " + what + message + advice(code));
}

}  // namespace

namespace {

// Opens `target` (a path, or a file: URI) or throws naming `path`.
sqlite3* openOrThrow(const std::string& path, const std::string& target, int flags) {
  // A change inside an open transaction (every append while commits are
  // carried, store/RedoLog) runs in a savepoint, and SQLite keeps the
  // savepoint's before-images in a statement journal that goes to a temp
  // file past 64 KiB. A released savepoint empties an in-memory journal but
  // not a file, so from the first spill on every append wrote each page it
  // touched to that file again (8 in 10 of an append's writes). So the
  // journal never spills (-1): it stays in memory, in 1 KiB chunks, and is
  // emptied as each change ends; it holds the pages one change touched, a
  // few KiB for an append. Not a larger spill size: with SQLite 3.40 any
  // size but the default made a full-text merge inside nested savepoints
  // fail with SQLITE_FULL on a disk with room (StoreTest.AFullTextMerge...),
  // and SQLite allocates in chunks of the spill size (8 MiB chunks tripled an
  // edit's time under ASan).
  // Process-wide, so set once, before SQLite's first use (it is refused
  // after; the spill is then as before, slower but correct).
  static const int journalInMemory = sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1);
  (void)journalInMemory;
  // SQLite keeps statistics of its memory use (sqlite3_memory_used), under
  // a process-wide mutex taken on every allocation and free. Grove reads
  // none of them and sets no heap limit, which needs them.
  static const int noMemoryStatistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)noMemoryStatistics;
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(target.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    throw Error::storage("cannot open the store " + path + ": " + msg + advice(rc));
  }
  sqlite3_extended_result_codes(db, 1);
  // The memolets' full-text triggers and view call one (migration 18);
  // project-scoped searches rank with the other.
  int fn = addFtsDocumentFunction(db);
  if (fn == SQLITE_OK) fn = addBm25Function(db);
  if (fn != SQLITE_OK) {
    sqlite3_close(db);
    throw Error::storage("cannot open the store " + path + ": " + sqlite3_errstr(fn));
  }
  return db;
}

// Whether a read works (the schema is readable) on `db`.
int probeRead(sqlite3* db) {
  return sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
}

}  // namespace

Db::Db(const std::string& path, bool readOnly) : path_(path), readOnly_(readOnly) {
  if (!readOnly) {
    db_ = openOrThrow(path, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    return;
  }
  db_ = openOrThrow(path, path, SQLITE_OPEN_READONLY);
  // A WAL store read by an account that may not create its -shm beside it
  // cannot be read this way. When no -wal is there either, the last writer
  // checkpointed and left: nothing else is writing, so the file can be
  // opened as immutable (no shared memory, no locks).
  int rc = probeRead(db_);
  if ((rc & 0xff) != SQLITE_READONLY && rc != SQLITE_CANTOPEN) return;
  if (::access((path + "-wal").c_str(), F_OK) == 0) return;  // a writer is live: report its errors
  sqlite3_close_v2(db_);
  db_ = nullptr;
  std::string uri = "file:";
  for (char c : path) {
    // The characters a URI path may not hold as they are.
    if (c == '%') uri += "%25";
    else if (c == '?') uri += "%3f";
    else if (c == '#') uri += "%23";
    else uri += c;
  }
  db_ = openOrThrow(path, uri + "?immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
}

Db::~Db() { sqlite3_close_v2(db_); }

void Db::finishReads() {
  for (sqlite3_stmt* st = sqlite3_next_stmt(db_, nullptr); st; st = sqlite3_next_stmt(db_, st))
    if (sqlite3_stmt_busy(st)) sqlite3_reset(st);
}

size_t Db::runningStatements() {
  size_t n = 0;
  for (sqlite3_stmt* st = sqlite3_next_stmt(db_, nullptr); st; st = sqlite3_next_stmt(db_, st))
    if (sqlite3_stmt_busy(st)) ++n;
  return n;
}

void Db::exec(const char* sql) {
  char* err = nullptr;
  int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    raise(path_, sqlite3_extended_errcode(db_), "", msg);
  }
}

void Db::fail(const char* what) const {
  raise(path_, sqlite3_extended_errcode(db_), std::string(what) + ": ", sqlite3_errmsg(db_));
}

namespace {

// One prepared SQLite statement. While the connection has a recorder, a
// write statement keeps what was bound since its last reset, so its run can
// be recorded with its values (see RedoLog).
// A statement is compiled when first used, not when its row class is made:
// a store has about a hundred statements and a process uses a few of them,
// and compiling them all was a fifth of a fresh server's start.
class Statement final : public sql::Cursor {
public:
  Statement(Db& db, const char* sql) : db_(db), sql_(sql) {}
  ~Statement() override { sqlite3_finalize(st_); }

  void reset() override {
    bound_.clear();
    if (!st_) return;
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
  }
  void bindText(int i, std::string_view v) override {
    sqlite3_bind_text(ready(), i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    if (recording()) bound_.push_back({i, BoundValue::Type::Text, 0, 0, std::string(v)});
  }
  void bindInteger(int i, int64_t v) override {
    sqlite3_bind_int64(ready(), i, v);
    if (recording()) bound_.push_back({i, BoundValue::Type::Integer, v, 0, {}});
  }
  void bindReal(int i, double v) override {
    sqlite3_bind_double(ready(), i, v);
    if (recording()) bound_.push_back({i, BoundValue::Type::Real, 0, v, {}});
  }
  void bindNull(int i) override {
    sqlite3_bind_null(ready(), i);
    if (recording()) bound_.push_back({i, BoundValue::Type::Null, 0, 0, {}});
  }
  void bindBlob(int i, std::string_view bytes) override {
    sqlite3_bind_blob(ready(), i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
    if (recording()) bound_.push_back({i, BoundValue::Type::Blob, 0, 0, std::string(bytes)});
  }

  bool step() override {
    ready();
    // A write is recorded as it starts (a statement that returns rows steps
    // more than once), and forgotten if it fails: a caller may go on after a
    // failed statement, and the replay must not fail where the original did.
    RedoRecorder* rec = recording() && !sqlite3_stmt_busy(st_) ? db_.recorder() : nullptr;
    size_t before = rec ? rec->size() : 0;
    if (rec) rec->add(sqlite3_sql(st_), bound_);
    int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    if (rec) rec->truncate(before);
    sqlite3_reset(st_);
    db_.fail("step");
  }

  std::string_view view(int col) const override {
    auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, col));
    return p ? std::string_view(p, sqlite3_column_bytes(st_, col)) : std::string_view();
  }
  bool isNull(int col) const override { return sqlite3_column_type(st_, col) == SQLITE_NULL; }
  int64_t integer(int col) const override { return sqlite3_column_int64(st_, col); }
  double real(int col) const override { return sqlite3_column_double(st_, col); }
  std::string blob(int col) const override {
    auto* p = static_cast<const char*>(sqlite3_column_blob(st_, col));
    return p ? std::string(p, sqlite3_column_bytes(st_, col)) : std::string();
  }

private:
  sqlite3_stmt* ready() {
    if (st_) return st_;
    if (sqlite3_prepare_v3(db_.handle(), sql_.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &st_, nullptr) !=
        SQLITE_OK) {
      sqlite3_finalize(st_);
      st_ = nullptr;
      db_.fail("prepare");
    }
    writes_ = !sqlite3_stmt_readonly(st_);
    return st_;
  }
  bool recording() const { return writes_ && db_.recorder(); }

  Db& db_;
  std::string sql_;
  sqlite3_stmt* st_ = nullptr;
  bool writes_ = false;            // not read-only: recorded while a recorder listens
  std::vector<BoundValue> bound_;  // what was bound since the last reset, while recording
};

}  // namespace

std::unique_ptr<sql::Cursor> Db::prepare(const char* sql) {
  return std::make_unique<Statement>(*this, sql);
}

}  // namespace grove::sqlite
