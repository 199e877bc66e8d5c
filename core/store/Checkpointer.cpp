#include "store/Checkpointer.h"

#include <sqlite3.h>

#include "support/Log.h"

namespace grove::sqlite {

Checkpointer::Checkpointer(sqlite3* writer, std::string path) : path_(std::move(path)) {
  // Replaces the automatic checkpoint (sqlite3_wal_autocheckpoint installs
  // a hook of its own; setting ours turns it off).
  sqlite3_wal_hook(writer, &Checkpointer::onCommit, this);
  thread_ = std::thread([this] { run(); });
}

Checkpointer::~Checkpointer() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

// On the writer's thread, after each commit: cheap, never blocks on I/O.
int Checkpointer::onCommit(void* self, sqlite3*, const char*, int pages) {
  auto* c = static_cast<Checkpointer*>(self);
  if (pages >= kPages) {
    {
      std::lock_guard<std::mutex> lock(c->mu_);
      c->due_ = true;
    }
    c->wake_.notify_one();
  }
  return SQLITE_OK;
}

void Checkpointer::run() {
  sqlite3* db = nullptr;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return due_ || stop_; });
      if (stop_) break;
      due_ = false;
    }
    // Connected at the first checkpoint, not at start: opening reads and
    // parses the whole schema, which a fresh process's first request
    // would wait beside on a two-core machine (a cold open reads it from
    // disk twice).
    if (!db) {
      if (sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        log::warn("checkpoints run with commits: a second connection to " + path_ + " failed (" +
                  (db ? sqlite3_errmsg(db) : "out of memory") + ")");
        sqlite3_close(db);
        return;
      }
      sqlite3_busy_timeout(db, 100);
      // A connection learns the file is in WAL mode when it first reads it;
      // until then a checkpoint does nothing (and says so only with -1 counts).
      sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
    }
    int logged = 0, copied = 0;
    int rc = sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, &logged, &copied);
    // BUSY: another checkpoint is running; the next commit asks again.
    if (rc == SQLITE_OK && logged < 0)
      sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
    else if (rc != SQLITE_OK && rc != SQLITE_BUSY)
      log::warn("a checkpoint of " + path_ + " failed: " + sqlite3_errmsg(db));
  }
  sqlite3_close(db);
}

}  // namespace grove::sqlite
