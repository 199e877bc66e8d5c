#include "tool/Backup.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <system_error>

#include "store/Migrations.h"
#include "store/RedoLog.h"
#include "tool/StoreLock.h"

namespace grove::tool {
namespace {

namespace fs = std::filesystem;

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using DbHandle = std::unique_ptr<sqlite3, CloseDb>;

DbHandle openDb(const std::string& path, int flags) {
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  DbHandle db(raw);
  if (rc != SQLITE_OK)
    throw std::runtime_error("cannot open " + path + ": " +
                             (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  // The core may be committing: wait for its locks rather than fail.
  sqlite3_busy_timeout(raw, 10000);
  return db;
}

void exec(sqlite3* db, const char* sql, const std::string& what) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    throw std::runtime_error(what + ": " + msg);
  }
}

int userVersion(sqlite3* db) {
  sqlite3_stmt* st = nullptr;
  int v = -1;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    v = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  return v;
}

// A new, empty, private file beside `target` for the copy to go to.
std::string privateTempBeside(const std::string& target) {
  std::string tmpl = target + ".tmp-XXXXXX";
  int fd = ::mkstemp(tmpl.data());  // mode 0600
  if (fd < 0)
    throw std::runtime_error("cannot create a file beside " + target + ": " +
                             std::error_code(errno, std::generic_category()).message());
  ::close(fd);
  return tmpl;
}

void removeWithSidecars(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-journal", "-wal", "-shm", ".redo"}) fs::remove(path + suffix, ec);
}

}  // namespace

std::string quickCheck(const std::string& path) {
  DbHandle db = openDb(path, SQLITE_OPEN_READONLY);
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db.get(), "PRAGMA quick_check", -1, &st, nullptr) != SQLITE_OK)
    throw std::runtime_error(path + " is not a readable database: " + sqlite3_errmsg(db.get()));
  std::string report;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    if (!report.empty()) report += "; ";
    auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    report += text ? text : "";
  }
  if (rc != SQLITE_DONE) report = sqlite3_errmsg(db.get());
  sqlite3_finalize(st);
  return report;
}

void backupStore(const std::string& from, const std::string& to) {
  if (!fs::exists(from)) throw std::runtime_error("there is no store at " + from);
  std::string tmp = privateTempBeside(to);
  // A running core acknowledges appends from its redo log before SQLite
  // commits them (store/RedoLog.h). Read first, copied second: a record
  // committed in between is in the copy, one still waiting is in `pending`,
  // so everything acknowledged before the backup started is in it.
  const auto pending = sqlite::RedoLog::readFile(from + ".redo");
  try {
    {
      // Read-write so the WAL index can be shared with a running core; this
      // connection never writes to the store.
      DbHandle src = openDb(from, SQLITE_OPEN_READWRITE);
      DbHandle dst = openDb(tmp, SQLITE_OPEN_READWRITE);
      sqlite3_backup* b = sqlite3_backup_init(dst.get(), "main", src.get(), "main");
      if (!b) throw std::runtime_error("cannot start the backup: " + std::string(sqlite3_errmsg(dst.get())));
      // All pages in one step: one read transaction, so one consistent
      // snapshot, however many commits the core makes meanwhile.
      int rc;
      do {
        rc = sqlite3_backup_step(b, -1);
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(50);
      } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
      sqlite3_backup_finish(b);
      if (rc != SQLITE_DONE)
        throw std::runtime_error("the backup failed: " + std::string(sqlite3_errstr(rc)));
      // One self-contained file: no -wal beside the backup.
      exec(dst.get(), "PRAGMA journal_mode=DELETE", "finishing the backup");
      if (!pending.empty()) sqlite::replayAfter(dst.get(), pending);
    }
    std::string check = quickCheck(tmp);
    if (check != "ok") throw std::runtime_error("the copy failed its check: " + check);
    if (::chmod(tmp.c_str(), 0600) != 0 || std::rename(tmp.c_str(), to.c_str()) != 0)
      throw std::runtime_error("cannot move the backup to " + to + ": " +
                               std::error_code(errno, std::generic_category()).message());
  } catch (...) {
    removeWithSidecars(tmp);
    throw;
  }
}

int runBackup(const std::string& dbPath, const std::string& backupPath) {
  try {
    backupStore(dbPath, backupPath);
    std::printf("grove-server: backed up %s to %s (verified)\n", dbPath.c_str(), backupPath.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove-server: backup failed: %s\n", e.what());
    return 1;
  }
}

int runRestore(const std::string& dbPath, const std::string& backupPath) {
  try {
    if (!fs::exists(backupPath)) throw std::runtime_error("there is no backup at " + backupPath);
    std::string check = quickCheck(backupPath);
    if (check != "ok")
      throw std::runtime_error(backupPath + " is damaged (quick_check: " + check + "); the store was not touched");
    {
      DbHandle b = openDb(backupPath, SQLITE_OPEN_READONLY);
      int v = userVersion(b.get());
      if (v <= 0) throw std::runtime_error(backupPath + " is not a Grove store");
      if (v > latestSchemaVersion())
        throw std::runtime_error(backupPath + " was written by a newer Grove (schema " + std::to_string(v) + ")");
    }
    auto dir = fs::path(dbPath).parent_path();
    if (!dir.empty()) fs::create_directories(dir);
    // Held until we are done: no core can open the store under us.
    StoreLock lock(dbPath + ".lock");
    if (!lock.tryAcquire())
      throw std::runtime_error("a grove-server is using " + dbPath +
                               "; close every editor using it (or stop the team core) and try again");
    if (fs::exists(dbPath)) {
      backupStore(dbPath, dbPath + ".before-restore");
      std::printf("grove-server: saved the current store as %s.before-restore\n", dbPath.c_str());
    }
    const std::string incoming = dbPath + ".restoring";
    backupStore(backupPath, incoming);
    // The old WAL and redo log belong to the old store: they must not replay
    // onto the new one.
    std::error_code ec;
    fs::remove(dbPath + "-wal", ec);
    fs::remove(dbPath + "-shm", ec);
    fs::remove(dbPath + ".redo", ec);
    if (std::rename(incoming.c_str(), dbPath.c_str()) != 0)
      throw std::runtime_error("cannot move the restored store into place: " +
                               std::error_code(errno, std::generic_category()).message());
    std::printf("grove-server: restored %s from %s\n", dbPath.c_str(), backupPath.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove-server: restore failed: %s\n", e.what());
    return 1;
  }
}

}  // namespace grove::tool
