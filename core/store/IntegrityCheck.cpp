#include "store/IntegrityCheck.h"

#include <sqlite3.h>

namespace grove {

namespace {

constexpr int kMaxProblemsListed = 5;

struct Budget {
  std::chrono::steady_clock::time_point deadline;
  const std::atomic<bool>* stop;
  bool expired = false;
};

// SQLite calls this every few thousand VM steps; non-zero interrupts.
int overBudget(void* arg) {
  auto* b = static_cast<Budget*>(arg);
  bool stopping = b->stop && b->stop->load();
  if (!stopping && std::chrono::steady_clock::now() < b->deadline) return 0;
  b->expired = true;
  return 1;
}

const char* kWhatToDo =
    ". Requests that touch the damaged pages will fail. Stop Grove, restore the store from a "
    "backup (or salvage it with `sqlite3 FILE .recover`), then start it again";

}  // namespace

IntegrityReport quickCheck(const std::string& path, std::chrono::milliseconds budget,
                           const std::atomic<bool>* stop) {
  IntegrityReport report;
  sqlite3* db = nullptr;
  // Read-only, so a check can never change the store (or create it).
  int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
  Budget b{std::chrono::steady_clock::now() + budget, stop};
  std::string problems;
  if (rc == SQLITE_OK) {
    sqlite3_progress_handler(db, 1000, overBudget, &b);
    sqlite3_stmt* st = nullptr;
    std::string sql = "PRAGMA quick_check(" + std::to_string(kMaxProblemsListed) + ")";
    rc = sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr);
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
      if ((rc = sqlite3_step(st)) != SQLITE_ROW) break;
      auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
      std::string line = text ? text : "";
      if (line == "ok") continue;
      if (!problems.empty()) problems += "; ";
      problems += line;
    }
    if (rc == SQLITE_DONE) rc = SQLITE_OK;
    sqlite3_finalize(st);
  }
  std::string cause = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  sqlite3_close_v2(db);
  if (b.expired) {
    report.outcome = IntegrityReport::Outcome::Unfinished;
    report.message = "the integrity check of the store " + path + " did not finish within " +
                     std::to_string(budget.count()) + " ms; nothing is known to be wrong";
  } else if (!problems.empty() || (rc & 0xff) == SQLITE_CORRUPT) {
    report.outcome = IntegrityReport::Outcome::Damaged;
    report.message = "the store " + path + " is damaged (" + (problems.empty() ? cause : problems) +
                     ")" + kWhatToDo;
  } else if (rc != SQLITE_OK) {
    report.outcome = (rc & 0xff) == SQLITE_NOTADB ? IntegrityReport::Outcome::Damaged
                                                   : IntegrityReport::Outcome::Unreadable;
    report.message = "the integrity check could not read the store " + path + ": " + cause;
  }
  return report;
}

}  // namespace grove
