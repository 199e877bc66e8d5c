#include "store/Sqlite.h"

#include <unistd.h>

#include "support/Error.h"

namespace grove::sqlite {
namespace {

// What the user is told about a failed statement: a full disk says so and
// what to do, since it is the one storage failure they can fix themselves.

}  // namespace

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
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(target.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    throw Error::storage("cannot open the store " + path + ": " + msg + advice(rc));
  }
  sqlite3_extended_result_codes(db, 1);
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

Stmt::Stmt(Db& db, const char* sql) : db_(&db) {
  if (sqlite3_prepare_v3(db.handle(), sql, -1, SQLITE_PREPARE_PERSISTENT, &st_, nullptr) !=
      SQLITE_OK)
    db.fail("prepare");
  writes_ = !sqlite3_stmt_readonly(st_);
}

Stmt::~Stmt() { sqlite3_finalize(st_); }

Stmt& Stmt::operator=(Stmt&& o) noexcept {
  if (this != &o) {
    sqlite3_finalize(st_);
    db_ = o.db_;
    st_ = o.st_;
    writes_ = o.writes_;
    bound_ = std::move(o.bound_);
    o.st_ = nullptr;
  }
  return *this;
}

Stmt& Stmt::reset() {
  sqlite3_reset(st_);
  sqlite3_clear_bindings(st_);
  bound_.clear();
  return *this;
}

Stmt& Stmt::bind(int i, std::string_view v) {
  sqlite3_bind_text(st_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  if (recording()) bound_.push_back({i, BoundValue::Type::Text, 0, 0, std::string(v)});
  return *this;
}

Stmt& Stmt::bind(int i, int64_t v) {
  sqlite3_bind_int64(st_, i, v);
  if (recording()) bound_.push_back({i, BoundValue::Type::Integer, v, 0, {}});
  return *this;
}

Stmt& Stmt::bind(int i, const std::optional<std::string>& v) {
  return v ? bind(i, std::string_view(*v)) : bindNull(i);
}

Stmt& Stmt::bind(int i, const std::optional<int64_t>& v) { return v ? bind(i, *v) : bindNull(i); }

Stmt& Stmt::bindReal(int i, double v) {
  sqlite3_bind_double(st_, i, v);
  if (recording()) bound_.push_back({i, BoundValue::Type::Real, 0, v, {}});
  return *this;
}

Stmt& Stmt::bindNull(int i) {
  sqlite3_bind_null(st_, i);
  if (recording()) bound_.push_back({i, BoundValue::Type::Null, 0, 0, {}});
  return *this;
}

Stmt& Stmt::bindBlob(int i, std::string_view bytes) {
  sqlite3_bind_blob(st_, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  if (recording()) bound_.push_back({i, BoundValue::Type::Blob, 0, 0, std::string(bytes)});
  return *this;
}

std::string Stmt::blob(int col) const {
  auto* p = static_cast<const char*>(sqlite3_column_blob(st_, col));
  return p ? std::string(p, sqlite3_column_bytes(st_, col)) : std::string();
}

bool Stmt::step() {
  // A write is recorded as it starts (a statement that returns rows steps
  // more than once), and forgotten if it fails: a caller may go on after a
  // failed statement, and the replay must not fail where the original did.
  RedoRecorder* rec = recording() && !sqlite3_stmt_busy(st_) ? db_->recorder() : nullptr;
  size_t before = rec ? rec->size() : 0;
  if (rec) rec->add(sqlite3_sql(st_), bound_);
  int rc = sqlite3_step(st_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  if (rec) rec->truncate(before);
  sqlite3_reset(st_);
  db_->fail("step");
}

void Stmt::run() {
  while (step()) {
  }
}

std::string Stmt::text(int col) const {
  auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, col));
  return p ? std::string(p, sqlite3_column_bytes(st_, col)) : std::string();
}

std::string_view Stmt::view(int col) const {
  auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, col));
  return p ? std::string_view(p, sqlite3_column_bytes(st_, col)) : std::string_view();
}

bool Stmt::isNull(int col) const { return sqlite3_column_type(st_, col) == SQLITE_NULL; }

std::optional<std::string> Stmt::optText(int col) const {
  if (sqlite3_column_type(st_, col) == SQLITE_NULL) return std::nullopt;
  return text(col);
}

int64_t Stmt::integer(int col) const { return sqlite3_column_int64(st_, col); }

std::optional<int64_t> Stmt::optInteger(int col) const {
  if (sqlite3_column_type(st_, col) == SQLITE_NULL) return std::nullopt;
  return integer(col);
}

double Stmt::real(int col) const { return sqlite3_column_double(st_, col); }

}  // namespace grove::sqlite
