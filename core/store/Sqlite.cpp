#include "store/Sqlite.h"

#include "support/Error.h"

namespace grove::sqlite {
namespace {

// What the user is told about a failed statement: a full disk says so and
// what to do, since it is the one storage failure they can fix themselves.
std::string describe(sqlite3* db, const std::string& what) {
  if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_FULL)
    return "store: the disk holding the store is full (" + what +
           "); nothing of this request was kept; free some space and retry";
  return "store: " + what;
}

}  // namespace

Db::Db(const std::string& path) {
  int rc = sqlite3_open_v2(path.c_str(), &db_,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                           nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw Error::storage("cannot open store '" + path + "': " + msg);
  }
  sqlite3_extended_result_codes(db_, 1);
}

Db::~Db() { sqlite3_close_v2(db_); }

void Db::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw Error::storage(describe(db_, msg));
  }
}

void Db::fail(const char* what) const {
  throw Error::storage(describe(db_, std::string(what) + ": " + sqlite3_errmsg(db_)));
}

Stmt::Stmt(Db& db, const char* sql) : db_(&db) {
  if (sqlite3_prepare_v3(db.handle(), sql, -1, SQLITE_PREPARE_PERSISTENT, &st_, nullptr) !=
      SQLITE_OK)
    db.fail("prepare");
}

Stmt::~Stmt() { sqlite3_finalize(st_); }

Stmt& Stmt::operator=(Stmt&& o) noexcept {
  if (this != &o) {
    sqlite3_finalize(st_);
    db_ = o.db_;
    st_ = o.st_;
    o.st_ = nullptr;
  }
  return *this;
}

Stmt& Stmt::reset() {
  sqlite3_reset(st_);
  sqlite3_clear_bindings(st_);
  return *this;
}

Stmt& Stmt::bind(int i, std::string_view v) {
  sqlite3_bind_text(st_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  return *this;
}

Stmt& Stmt::bind(int i, int64_t v) {
  sqlite3_bind_int64(st_, i, v);
  return *this;
}

Stmt& Stmt::bind(int i, const std::optional<std::string>& v) {
  return v ? bind(i, std::string_view(*v)) : bindNull(i);
}

Stmt& Stmt::bind(int i, const std::optional<int64_t>& v) { return v ? bind(i, *v) : bindNull(i); }

Stmt& Stmt::bindReal(int i, double v) {
  sqlite3_bind_double(st_, i, v);
  return *this;
}

Stmt& Stmt::bindNull(int i) {
  sqlite3_bind_null(st_, i);
  return *this;
}

Stmt& Stmt::bindBlob(int i, std::string_view bytes) {
  sqlite3_bind_blob(st_, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  return *this;
}

std::string Stmt::blob(int col) const {
  auto* p = static_cast<const char*>(sqlite3_column_blob(st_, col));
  return p ? std::string(p, sqlite3_column_bytes(st_, col)) : std::string();
}

bool Stmt::step() {
  int rc = sqlite3_step(st_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
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
