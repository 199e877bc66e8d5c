#include "store/SqliteStore.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>

#include "store/Checkpointer.h"
#include "store/Migrations.h"
#include "store/RedoLog.h"
#include "store/Sqlite.h"
#include "support/Error.h"
#include "support/Log.h"

namespace grove {

using sqlite::Stmt;

namespace {

// Units appended before the search index catches up in one batch.
constexpr int64_t kSearchBatch = 256;

// Carried commits are committed for real at the latest after this many, this
// many redo bytes, or this long (the Session's job usually does it sooner).
constexpr int kCarryCommits = 1000;
constexpr uint64_t kCarryBytes = 4u << 20;
// A commit whose statements are larger is committed, not carried.
constexpr size_t kCarryRecordBytes = 32u << 10;
constexpr auto kCarryAge = std::chrono::milliseconds(500);

// Free text as an FTS5 query: every word a quoted prefix term, so user
// input can never be parsed as FTS syntax (and fail).
std::string ftsQuery(const std::string& q) {
  std::string out;
  for (const auto& word : SqlStore::searchWords(q)) {
    if (!out.empty()) out += ' ';
    out += '"' + word + "\"*";
  }
  return out;
}

}  // namespace

struct SqliteStore::Impl {
  sqlite::Db db;
  std::unique_ptr<sqlite::Checkpointer> checkpointer;  // after db: stopped before it closes
  int depth = 0;
  Stmt begin, commit, rollback;
  Stmt carry, releaseCarry;  // the savepoint each change runs in while commits are carried
  Stmt search, unitMatches, unitMatchesInProject, ftsPending, ftsCatchUp, ftsMark;
  /// Units appended since the index last caught up; -1 until first needed.
  /// Counting them reads the last page of `units`, which a fresh process's
  /// first preview never touches otherwise: on a cold store each mapped page
  /// far from the others costs a whole readahead window (8 MiB on this VM).
  int64_t pendingSearch = -1;

  int64_t pending() {
    if (pendingSearch < 0) {
      auto& p = ftsPending.reset();
      pendingSearch = p.step() ? p.integer(0) : 0;
    }
    return pendingSearch;
  }

  // Carried commits (see RedoLog): on with Options::carryCommits.
  std::unique_ptr<sqlite::RedoLog> redo;
  sqlite::RedoRecorder recorder;
  bool carried = false;  // SQLite's transaction stays open past acknowledged commits
  int carriedCommits = 0;
  std::chrono::steady_clock::time_point carriedSince;
  int64_t nextRedoSeq = 1;
  enum class Vote { Unknown, Carry, Commit } vote = Vote::Unknown;

  // Indexes every unit row the search index has not seen yet.
  void catchUpSearch() {
    ftsCatchUp.reset().run();
    ftsMark.reset().run();
    pendingSearch = 0;
  }

  explicit Impl(const Options& o) : db(o.path, o.readOnly) {
    // Choosing the journal mode writes the header: a read-only store keeps
    // the mode it was made with (WAL, when Grove made it).
    if (!o.readOnly) db.exec("PRAGMA journal_mode=WAL");
    db.exec(o.fullSync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    db.exec("PRAGMA foreign_keys=ON");
    db.exec("PRAGMA busy_timeout=5000");
    // Checkpoints leave the commit path (see Checkpointer); a store in
    // memory has no log, and a read-only one writes nothing.
    if (!o.readOnly && o.path != ":memory:" && !o.path.empty())
      checkpointer = std::make_unique<sqlite::Checkpointer>(db.handle(), o.path);
    else
      db.exec("PRAGMA wal_autocheckpoint=1000");
    db.exec("PRAGMA journal_size_limit=67108864");
    db.exec("PRAGMA cache_size=-16384");
    // Map the whole store (SQLite's own cap, 2 GiB less 64 KiB): a search
    // probes full-text pages anywhere in the file, and each page beyond the
    // map is a read() and a copy. Only pages touched are resident, and they
    // are the kernel's file cache, not this process's heap.
    db.exec("PRAGMA mmap_size=2147418112");
    if (o.readOnly)
      requireCurrentSchema(db);  // an upgrade would be a write
    else
      migrate(db);
    prepare();
    if (!o.readOnly && o.path != ":memory:" && !o.path.empty()) recover(o);
  }

  // Runs again what a killed process acknowledged but had not committed,
  // whether or not this process carries commits itself.
  void recover(const Options& o) {
    const std::string path = o.path + ".redo";
    struct stat st {};
    if (!o.carryCommits && ::stat(path.c_str(), &st) != 0) return;
    redo = std::make_unique<sqlite::RedoLog>(path, o.fullSync);
    int64_t done = sqlite::appliedRedo(db.handle());
    auto records = redo->read();
    int64_t last = sqlite::replayAfter(db.handle(), records);
    if (last > done) log::info("ran again " + std::to_string(last - done) + " acknowledged commits from " + path);
    for (const auto& r : records) last = std::max(last, r.seq);
    redo->clear();
    nextRedoSeq = last + 1;
    if (!o.carryCommits) {
      redo.reset();
      ::unlink(path.c_str());
    }
  }

  void setApplied(int64_t seq) { sqlite::setAppliedRedo(db.handle(), seq); }

  // A real COMMIT of everything open: carried commits and the transaction
  // running now. On failure (a full disk) SQLite's transaction is rolled
  // back; what was carried is run again from the redo log, so this
  // connection still holds every acknowledged write, and the error is thrown.
  void commitAll() {
    if (carried) setApplied(nextRedoSeq - 1);
    try {
      commit.reset().run();
    } catch (...) {
      if (!sqlite3_get_autocommit(db.handle())) rollback.reset().run();
      if (carried) reapplyCarried();
      throw;
    }
    if (carried) {
      redo->clear();
      carried = false;
      carriedCommits = 0;
    }
  }

  // Commits what is carried when the store decides to (a limit reached),
  // not because a caller asked: a failure there is no caller's error. The
  // commits are acknowledged (their records are written); the group commit
  // is tried again later, and a restart runs the log again.
  void tryGroupCommit() {
    if (!carried || depth != 0) return;
    try {
      db.finishReads();
      commitAll();
    } catch (const std::exception& e) {
      log::warn(std::string("a group commit failed, retried later: ") + e.what());
    }
  }

  // SQLite rolls a whole transaction back, savepoints included, on a few
  // errors (a full disk, no memory) even when the failing statement ran in
  // a savepoint. The levels this store still counts then name savepoints
  // that no longer exist, and carried commits are gone from the connection
  // (not from the redo log). Each open level fails: a commit throws and the
  // caller's rollback unwinds it; the last one runs the redo log again.
  bool transactionLost() const { return depth > 0 && sqlite3_get_autocommit(db.handle()) != 0; }

  [[noreturn]] void failLost() const {
    throw Error::storage("store " + db.path() +
                         ": SQLite rolled back the whole transaction after an error (a full disk, or no "
                         "memory); nothing of this request was kept");
  }

  // The outermost level of a lost transaction is unwound: what was carried
  // is run again, so this connection again shows every acknowledged write.
  void recoverLost() {
    log::warn("store " + db.path() + ": SQLite rolled back its whole transaction" +
              (carried ? "; running the carried commits again" : ""));
    if (carried) reapplyCarried();
  }

  void reapplyCarried() {
    try {
      begin.reset().run();
      for (const auto& r : redo->read()) sqlite::replayStatements(db.handle(), r.statements);
    } catch (const std::exception& e) {
      // The acknowledged writes are still in the redo log; this process can
      // no longer show them, a restart runs the log again.
      if (!sqlite3_get_autocommit(db.handle())) rollback.reset().run();
      carried = false;
      carriedCommits = 0;
      throw Error::storage(std::string("the store could not run its redo log again (") + e.what() +
                           "); restart Grove: nothing acknowledged is lost");
    }
  }

  void prepare() {
    begin = Stmt(db, "BEGIN IMMEDIATE");
    commit = Stmt(db, "COMMIT");
    rollback = Stmt(db, "ROLLBACK");
    carry = Stmt(db, "SAVEPOINT carry");
    releaseCarry = Stmt(db, "RELEASE carry");
    ftsPending = Stmt(db,
                      "SELECT COALESCE((SELECT MAX(rowid) FROM units), 0) - upto FROM fts_state");
    ftsCatchUp = Stmt(db,
                      "INSERT INTO units_fts(rowid, content, scope) SELECT rowid, content, hex(project_id) "
                      "FROM units WHERE rowid > (SELECT upto FROM fts_state) ORDER BY rowid");
    ftsMark = Stmt(db,
                   "UPDATE fts_state SET upto = COALESCE((SELECT MAX(rowid) FROM units), upto)");
    search = Stmt(db,
                  "SELECT u.id, u.project_id, snippet(units_fts, 0, '[', ']', '…', 12), "
                  "-bm25(units_fts, 1.0, 0.0) AS score FROM units_fts JOIN units u ON u.rowid = units_fts.rowid "
                  "JOIN projects p ON p.id = u.project_id "
                  "WHERE units_fts MATCH ?1 AND u.removed=0 AND p.deleted_at IS NULL "
                  "AND (?2 IS NULL OR u.project_id=?2) ORDER BY score DESC LIMIT ?3");
    // The best units first, then the memolets made from each: only the cut
    // is joined to memolet_sources (by its unit index). Across projects the
    // cut is made on the index alone and the rows joined after it (a
    // removed unit or a trashed project is rare: twice the limit is read);
    // in one project the filter comes before the cut, in the index itself:
    // its `scope` column (migration 16) holds each unit's project, so the
    // match walks that project's entries only. `scope` weighs 0.
    const std::string withMemolets =
        ") r JOIN units u ON u.rowid = r.rowid JOIN projects p ON p.id = u.project_id "
        "JOIN memolet_sources s ON s.unit_id = u.id WHERE u.removed=0 AND p.deleted_at IS NULL ";
    unitMatches = Stmt(db, "SELECT u.id, u.project_id, u.seq, s.memolet_id, s.ord, r.score FROM (SELECT rowid, "
                           "-bm25(units_fts, 1.0, 0.0) AS score FROM units_fts WHERE units_fts MATCH ?1 "
                           "ORDER BY score DESC LIMIT 2 * ?3" + withMemolets +
                           "ORDER BY r.score DESC, u.id");
    // grove_bm25 (store/Bm25Function): bm25's scores without counting the
    // project's rows for the scope phrase's IDF, which weighs 0.
    unitMatchesInProject =
        Stmt(db, "SELECT u.id, u.project_id, u.seq, s.memolet_id, s.ord, r.score FROM (SELECT rowid, "
                 "-grove_bm25(units_fts, 1.0, 0.0) AS score FROM units_fts WHERE units_fts MATCH " +
                 scopedFtsMatch("?1", "?2") + " ORDER BY score DESC LIMIT ?3" + withMemolets +
                 "ORDER BY r.score DESC, u.id");
  }
};

SqliteStore::SqliteStore(Options options) : impl_(std::make_unique<Impl>(options)) { openRows(impl_->db); }

SqliteStore::~SqliteStore() {
  closeRows();  // their statements before the connection
  try {
    flushCarried();
    // Everything is committed: leave no old records for the next open to
    // read (emptying only rewinds the log, see RedoLog::clear).
    if (impl_->redo && !impl_->carried) impl_->redo->truncate();
  } catch (const std::exception& e) {
    // Nothing is lost: the next open runs the redo log again.
    log::warn(std::string("carried commits left to the redo log at close: ") + e.what());
  }
}

void SqliteStore::begin() {
  auto& i = *impl_;
  if (i.transactionLost()) i.failLost();  // the open levels must fail, not go on in a new transaction
  if (i.depth == 0) {
    // A carried transaction SQLite rolled back outside any change (a read's
    // temp space ran out): its commits are run again first.
    if (i.carried && sqlite3_get_autocommit(i.db.handle())) i.recoverLost();
    // Carried commits are committed for real after kCarryAge at the latest,
    // also when no job came to do it.
    if (i.carried && std::chrono::steady_clock::now() - i.carriedSince > kCarryAge) i.tryGroupCommit();
    if (i.carried)
      i.carry.reset().run();
    else
      i.begin.reset().run();
    i.vote = Impl::Vote::Unknown;
    if (i.redo) {
      i.recorder.clear();
      i.db.setRecorder(&i.recorder);
    }
  } else {
    i.db.exec(("SAVEPOINT s" + std::to_string(i.depth)).c_str());
    if (i.redo) i.recorder.mark();
  }
  ++i.depth;
}

void SqliteStore::commit() {
  auto& i = *impl_;
  if (i.depth == 0) return;
  if (i.transactionLost()) i.failLost();  // the level stays for the caller's rollback()
  --i.depth;
  if (i.depth > 0) {
    i.db.exec(("RELEASE s" + std::to_string(i.depth)).c_str());
    if (i.redo) i.recorder.release();
    return;
  }
  i.db.setRecorder(nullptr);
  i.db.finishReads();
  // A large commit (a pasted file) gains nothing from the log and would be
  // written twice: it is committed, with everything carried before it.
  if (i.redo && i.vote == Impl::Vote::Carry && i.recorder.size() <= kCarryRecordBytes) {
    // Acknowledged once its record is written; SQLite commits it later
    // together with the ones after it.
    bool logged = false;
    if (!i.recorder.empty()) {
      try {
        i.redo->append(i.nextRedoSeq, i.recorder.statements());
        logged = true;
      } catch (const std::exception& e) {
        // The log cannot take it (a full disk): commit as without a log, so
        // SQLite says what is wrong and keeps nothing of this request.
        log::warn(std::string("commit not carried: ") + e.what());
      }
    }
    if (logged || i.recorder.empty()) {
      if (logged) {
        ++i.nextRedoSeq;
        ++i.carriedCommits;
      }
      i.recorder.clear();
      if (i.carried) {
        i.releaseCarry.reset().run();
      } else if (i.carriedCommits > 0) {
        i.carried = true;
        i.carriedSince = std::chrono::steady_clock::now();
      } else {
        i.commitAll();  // nothing was written
      }
      if (i.carriedCommits >= kCarryCommits || i.redo->size() >= kCarryBytes) i.tryGroupCommit();
      return;
    }
  }
  i.recorder.clear();
  if (i.carried) i.releaseCarry.reset().run();
  i.commitAll();
}

void SqliteStore::rollback() {
  auto& i = *impl_;
  if (i.depth == 0) return;
  const bool lost = i.transactionLost();
  --i.depth;
  if (lost) {
    if (i.depth > 0) {
      if (i.redo) i.recorder.rollbackToMark();
      return;
    }
    i.db.setRecorder(nullptr);
    i.recorder.clear();
    i.db.finishReads();
    i.recoverLost();
  } else if (i.depth == 0) {
    i.db.setRecorder(nullptr);
    i.recorder.clear();
    i.db.finishReads();
    if (i.carried)
      i.db.exec("ROLLBACK TO carry; RELEASE carry");
    else if (!sqlite3_get_autocommit(i.db.handle()))
      i.rollback.reset().run();
  } else {
    std::string sp = "s" + std::to_string(i.depth);
    i.db.exec(("ROLLBACK TO " + sp + "; RELEASE " + sp).c_str());
    if (i.redo) i.recorder.rollbackToMark();
  }
  // A search catch-up may have been rolled back with the rest: count again when next needed.
  i.pendingSearch = -1;
}

void SqliteStore::voteCarry(bool carryable) {
  auto& v = impl_->vote;
  if (!carryable)
    v = Impl::Vote::Commit;
  else if (v == Impl::Vote::Unknown)
    v = Impl::Vote::Carry;
}

void SqliteStore::flushCarried() {
  auto& i = *impl_;
  if (!i.carried || i.depth != 0) return;
  i.db.finishReads();
  i.commitAll();
}

int SqliteStore::depth() const { return impl_->depth; }

void SqliteStore::unitInserted() {
  // Index in batches, inside the caller's transaction. A count taken now
  // already holds this unit.
  auto& i = *impl_;
  if (i.pendingSearch < 0)
    i.pending();
  else
    ++i.pendingSearch;
  if (i.pendingSearch >= kSearchBatch) i.catchUpSearch();
}

void SqliteStore::searchable() {
  if (impl_->pending() == 0) return;
  begin();
  try {
    impl_->catchUpSearch();
    commit();
  } catch (...) {
    rollback();
    throw;
  }
}

std::vector<SearchHit> SqliteStore::search(const std::string& query,
                                           const std::optional<std::string>& projectId,
                                           int limit) {
  std::string fts = ftsQuery(query);
  std::vector<SearchHit> out;
  if (fts.empty()) return out;
  searchable();
  auto& st = impl_->search.reset().bind(1, fts).bind(2, projectId).bind(3, int64_t(limit));
  while (st.step()) out.push_back({st.text(0), st.text(1), st.text(2), st.real(3)});
  return out;
}

std::vector<UnitMatch> SqliteStore::unitMatches(const std::string& match,
                                                const std::optional<std::string>& projectId, int limit) {
  std::vector<UnitMatch> out;
  if (match.empty()) return out;
  searchable();
  auto& st = projectId ? impl_->unitMatchesInProject.reset().bind(2, *projectId) : impl_->unitMatches.reset();
  st.bind(1, match).bind(3, int64_t(limit));
  while (st.step()) out.push_back({st.text(0), st.text(1), st.integer(2), st.text(3), static_cast<int>(st.integer(4)), st.real(5)});
  return out;
}

bool SqliteStore::tidySearchIndexes(int pages) {
  auto& db = impl_->db;
  searchable();  // units appended since are indexed here, not by the next search
  bool more = false;
  const std::string step = std::to_string(std::max(pages, 1));
  for (const char* index : {"units_fts", "memolets_fts"}) {
    // FTS5 tells whether a merge found work only through the change count:
    // two or more rows written means it did, and there may be more.
    const int64_t before = sqlite3_total_changes64(db.handle());
    db.exec((std::string("INSERT INTO ") + index + "(" + index + ", rank) VALUES ('merge', " + step + ")").c_str());
    if (sqlite3_total_changes64(db.handle()) - before >= 2) more = true;
  }
  return more;
}

size_t SqliteStore::runningStatements() { return impl_->db.runningStatements(); }

int SqliteStore::schemaVersion() {
  Stmt st(impl_->db, "PRAGMA user_version");
  st.step();
  return static_cast<int>(st.integer(0));
}

}  // namespace grove
