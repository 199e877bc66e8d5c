#include "store/SqliteStore.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>

#include "store/BoardRows.h"
#include "store/Checkpointer.h"
#include "store/Images.h"
#include "store/KnowledgeRows.h"
#include "store/KnowledgeDocumentRows.h"
#include "store/MemoletRows.h"
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

const char* kUnitColumns =
    "id, project_id, parent_id, role, kind, content, status, scope, seq, created_at, edited_at, "
    "source, starts_branch, removed, author";

std::string unitSelect(const char* where) {
  return std::string("SELECT ") + kUnitColumns + " FROM units " + where;
}

Unit readUnit(const Stmt& st) {
  Unit u;
  u.id = st.text(0);
  u.projectId = st.text(1);
  u.parentId = st.optText(2);
  u.role = parseRole(st.text(3)).value_or(Role::User);
  u.kind = parseKind(st.text(4)).value_or(Kind::Message);
  u.content = st.text(5);
  u.status = parseStatus(st.text(6)).value_or(Status::Complete);
  u.scope = parseScope(st.text(7)).value_or(ScopeState::Auto);
  u.seq = st.integer(8);
  u.createdAt = st.integer(9);
  u.editedAt = st.optInteger(10);
  if (auto src = st.optText(11)) u.source = images::sourceFromText(*src);
  u.startsBranch = st.integer(12) != 0;
  u.removed = st.integer(13) != 0;
  u.author = st.text(14);
  return u;
}

// Binds the unit's columns in kUnitColumns order, starting at 1.
void bindUnit(Stmt& st, const Unit& u) {
  st.bind(1, u.id)
      .bind(2, u.projectId)
      .bind(3, u.parentId)
      .bind(4, toString(u.role))
      .bind(5, toString(u.kind))
      .bind(6, u.content)
      .bind(7, toString(u.status))
      .bind(8, toString(u.scope))
      .bind(9, u.seq)
      .bind(10, u.createdAt)
      .bind(11, u.editedAt)
      .bind(12, u.source ? std::optional<std::string>(images::sourceToText(*u.source))
                         : std::nullopt)
      .bind(13, int64_t(u.startsBranch))
      .bind(14, int64_t(u.removed))
      .bind(15, u.author);
}

const char* kProjectColumns =
    "id, title, workspace_uri, mainline_start_id, mainline_end_id, cursor_id, revision, "
    "next_seq, created_at, updated_at, deleted_at";

Project readProject(const Stmt& st) {
  Project p;
  p.id = st.text(0);
  p.title = st.text(1);
  p.workspaceUri = st.optText(2);
  p.mainlineStartId = st.optText(3);
  p.mainlineEndId = st.optText(4);
  p.cursorId = st.optText(5);
  p.revision = st.integer(6);
  p.nextSeq = st.integer(7);
  p.createdAt = st.integer(8);
  p.updatedAt = st.integer(9);
  p.deletedAt = st.optInteger(10);
  return p;
}

BranchMeta readBranch(const Stmt& st) {
  BranchMeta b;
  b.projectId = st.text(0);
  b.headId = st.text(1);
  b.title = st.optText(2);
  b.intent = st.optText(3);
  b.status = parseBranchStatus(st.text(4)).value_or(BranchStatus::Open);
  b.summary = st.optText(5);
  return b;
}

Operation readOp(const Stmt& st) {
  Operation op;
  op.projectId = st.text(0);
  op.seq = st.integer(1);
  op.kind = st.text(2);
  images::readOperationPayload(st.text(3), op);
  op.undone = st.integer(4) != 0;
  op.createdAt = st.integer(5);
  op.author = st.text(6);
  return op;
}

// Turns free text into an FTS5 query: every word becomes a quoted prefix
// term, so user input can never be parsed as FTS syntax (and fail).
std::string ftsQuery(const std::string& q) {
  std::string out, word;
  auto flush = [&] {
    if (word.empty()) return;
    if (!out.empty()) out += ' ';
    out += '"' + word + "\"*";
    word.clear();
  };
  for (unsigned char c : q) {
    if (std::isalnum(c) || c >= 0x80 || c == '_')
      word += static_cast<char>(c);
    else
      flush();
  }
  flush();
  return out;
}

}  // namespace

struct SqliteStore::Impl {
  sqlite::Db db;
  std::unique_ptr<sqlite::Checkpointer> checkpointer;  // after db: stopped before it closes
  int depth = 0;
  Stmt begin, commit, rollback;
  Stmt putProject, getProject, listProjects, listProjectsByWorkspace;
  Stmt ancestry;
  Stmt insertUnit, updateUnit, getUnit, liveUnits, liveChildren, continuingChild, liveRoot,
      scopedUnits, codeUnits, unitsFromSeq, liveOutline;
  Stmt addRevision, revisions;
  Stmt putBranch, deleteBranch, getBranch, branches;
  Stmt appendOp, lastDone, firstUndone, setUndone, dropUndone, maxOpSeq;
  Stmt search, ftsPending, ftsCatchUp, ftsMark;
  int64_t pendingSearch = 0;  // units appended since the index last caught up

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
    db.exec("PRAGMA mmap_size=268435456");
    if (o.readOnly)
      requireCurrentSchema(db);  // an upgrade would be a write
    else
      migrate(db);
    prepare();
    if (!o.readOnly && o.path != ":memory:" && !o.path.empty()) recover(o);
    auto& p = ftsPending.reset();
    if (p.step()) pendingSearch = p.integer(0);
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
    // An upsert, never INSERT OR REPLACE: a replace deletes the row first,
    // and the delete would cascade to the project's units.
    putProject = Stmt(db, (std::string("INSERT INTO projects(") + kProjectColumns +
                           ") VALUES (?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
                           "title=excluded.title, workspace_uri=excluded.workspace_uri, "
                           "mainline_start_id=excluded.mainline_start_id, "
                           "mainline_end_id=excluded.mainline_end_id, cursor_id=excluded.cursor_id, "
                           "revision=excluded.revision, next_seq=excluded.next_seq, "
                           "updated_at=excluded.updated_at, deleted_at=excluded.deleted_at")
                              .c_str());
    getProject = Stmt(db, (std::string("SELECT ") + kProjectColumns + " FROM projects WHERE id=?").c_str());
    listProjects = Stmt(db, (std::string("SELECT ") + kProjectColumns +
                             " FROM projects WHERE (?1 OR deleted_at IS NULL) ORDER BY updated_at DESC")
                                .c_str());
    listProjectsByWorkspace =
        Stmt(db, (std::string("SELECT ") + kProjectColumns +
                  " FROM projects WHERE (?1 OR deleted_at IS NULL) AND workspace_uri=?2 "
                  "ORDER BY updated_at DESC")
                     .c_str());
    insertUnit = Stmt(db, (std::string("INSERT INTO units(") + kUnitColumns +
                           ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
                              .c_str());
    updateUnit = Stmt(db,
                      "UPDATE units SET project_id=?2, parent_id=?3, role=?4, kind=?5, content=?6, "
                      "status=?7, scope=?8, seq=?9, created_at=?10, edited_at=?11, source=?12, "
                      "starts_branch=?13, removed=?14, author=?15 WHERE id=?1");
    getUnit = Stmt(db, unitSelect("WHERE id=?").c_str());
    // One statement for a whole path: a cold preview of a long path would
    // otherwise pay a statement per ancestor.
    ancestry = Stmt(db, (std::string("WITH RECURSIVE chain(depth, ") + kUnitColumns +
                         ") AS (SELECT 0, " + kUnitColumns + " FROM units WHERE id=?1 "
                         "UNION ALL SELECT c.depth + 1, u.id, u.project_id, u.parent_id, u.role, "
                         "u.kind, u.content, u.status, u.scope, u.seq, u.created_at, u.edited_at, "
                         "u.source, u.starts_branch, u.removed, u.author FROM units u "
                         "JOIN chain c ON u.id = c.parent_id LIMIT ?2) SELECT " + kUnitColumns +
                         " FROM chain ORDER BY depth")
                            .c_str());
    liveUnits = Stmt(db, unitSelect("WHERE project_id=? AND removed=0 ORDER BY seq").c_str());
    liveChildren = Stmt(db, "SELECT id FROM units WHERE parent_id=? AND removed=0 ORDER BY seq");
    continuingChild = Stmt(db,
                           "SELECT id FROM units WHERE parent_id=? AND removed=0 AND "
                           "starts_branch=0 ORDER BY seq LIMIT 1");
    liveRoot = Stmt(db,
                    "SELECT id FROM units WHERE project_id=? AND parent_id IS NULL AND removed=0 "
                    "LIMIT 1");
    scopedUnits = Stmt(
        db, unitSelect("WHERE project_id=? AND scope!='auto' AND removed=0 ORDER BY seq").c_str());
    codeUnits = Stmt(  // the partial index units_code (migration 10)
        db, unitSelect("WHERE project_id=? AND kind='code' AND removed=0 ORDER BY seq").c_str());
    // What a map shows of each unit, the text cut short: a 100,000-unit
    // structure read then copies kilobytes per thousand units, not megabytes.
    liveOutline = Stmt(db,
                       "SELECT id, parent_id, role, kind, substr(content, 1, ?2), status, scope, seq, "
                       "source, starts_branch FROM units WHERE project_id=?1 AND removed=0 ORDER BY seq");
    unitsFromSeq = Stmt(db, unitSelect("WHERE project_id=? AND seq>=? ORDER BY seq LIMIT ?").c_str());
    addRevision = Stmt(db, "INSERT INTO revisions(unit_id, content, edited_at) VALUES (?,?,?)");
    revisions = Stmt(db, "SELECT content, edited_at FROM revisions WHERE unit_id=? ORDER BY id");
    putBranch = Stmt(db,
                     "INSERT INTO branches(project_id, head_id, title, intent, status, summary) "
                     "VALUES (?,?,?,?,?,?) ON CONFLICT(project_id, head_id) DO UPDATE SET "
                     "title=excluded.title, intent=excluded.intent, status=excluded.status, "
                     "summary=excluded.summary");
    deleteBranch = Stmt(db, "DELETE FROM branches WHERE project_id=? AND head_id=?");
    getBranch = Stmt(db,
                     "SELECT project_id, head_id, title, intent, status, summary FROM branches "
                     "WHERE project_id=? AND head_id=?");
    branches = Stmt(db,
                    "SELECT project_id, head_id, title, intent, status, summary FROM branches "
                    "WHERE project_id=?");
    const char* opCols = "SELECT project_id, seq, kind, payload, undone, created_at, author FROM operations ";
    appendOp = Stmt(db,
                    "INSERT INTO operations(project_id, seq, kind, payload, undone, created_at, "
                    "author) VALUES (?,?,?,?,0,?,?)");
    lastDone = Stmt(db, (std::string(opCols) +
                         "WHERE project_id=? AND undone=0 ORDER BY seq DESC LIMIT 1")
                            .c_str());
    // INDEXED BY: without statistics the planner would walk the project's
    // whole log by primary key instead of the small partial index.
    firstUndone = Stmt(db, "SELECT project_id, seq, kind, payload, undone, created_at, author "
                           "FROM operations INDEXED BY operations_undone "
                           "WHERE project_id=? AND undone=1 ORDER BY seq ASC LIMIT 1");
    setUndone = Stmt(db, "UPDATE operations SET undone=?3 WHERE project_id=?1 AND seq=?2");
    dropUndone = Stmt(db,
                      "DELETE FROM operations INDEXED BY operations_undone "
                      "WHERE project_id=? AND undone=1");
    maxOpSeq = Stmt(db, "SELECT seq FROM operations WHERE project_id=? ORDER BY seq DESC LIMIT 1");
    ftsPending = Stmt(db,
                      "SELECT COALESCE((SELECT MAX(rowid) FROM units), 0) - upto FROM fts_state");
    ftsCatchUp = Stmt(db,
                      "INSERT INTO units_fts(rowid, content) SELECT rowid, content FROM units "
                      "WHERE rowid > (SELECT upto FROM fts_state) ORDER BY rowid");
    ftsMark = Stmt(db,
                   "UPDATE fts_state SET upto = COALESCE((SELECT MAX(rowid) FROM units), upto)");
    search = Stmt(db,
                  "SELECT u.id, u.project_id, snippet(units_fts, 0, '[', ']', '…', 12), "
                  "-bm25(units_fts) FROM units_fts JOIN units u ON u.rowid = units_fts.rowid "
                  "JOIN projects p ON p.id = u.project_id "
                  "WHERE units_fts MATCH ?1 AND u.removed=0 AND p.deleted_at IS NULL "
                  "AND (?2 IS NULL OR u.project_id=?2) ORDER BY bm25(units_fts) LIMIT ?3");
  }
};

SqliteStore::SqliteStore(Options options) : impl_(std::make_unique<Impl>(options)) {}

SqliteStore::~SqliteStore() {
  try {
    flushCarried();
  } catch (const std::exception& e) {
    // Nothing is lost: the next open runs the redo log again.
    log::warn(std::string("carried commits left to the redo log at close: ") + e.what());
  }
}

void SqliteStore::begin() {
  auto& i = *impl_;
  if (i.depth == 0) {
    // Carried commits are committed for real after kCarryAge at the latest,
    // also when no job came to do it.
    if (i.carried && std::chrono::steady_clock::now() - i.carriedSince > kCarryAge) i.tryGroupCommit();
    if (i.carried)
      i.db.exec("SAVEPOINT carry");
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
        i.db.exec("RELEASE carry");
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
  if (i.carried) i.db.exec("RELEASE carry");
  i.commitAll();
}

void SqliteStore::rollback() {
  auto& i = *impl_;
  if (i.depth == 0) return;
  --i.depth;
  if (i.depth == 0) {
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
  // A search catch-up may have been rolled back with the rest.
  auto& p = i.ftsPending.reset();
  if (p.step()) i.pendingSearch = p.integer(0);
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

void SqliteStore::putProject(const Project& p) {
  impl_->putProject.reset()
      .bind(1, p.id)
      .bind(2, p.title)
      .bind(3, p.workspaceUri)
      .bind(4, p.mainlineStartId)
      .bind(5, p.mainlineEndId)
      .bind(6, p.cursorId)
      .bind(7, p.revision)
      .bind(8, p.nextSeq)
      .bind(9, p.createdAt)
      .bind(10, p.updatedAt)
      .bind(11, p.deletedAt)
      .run();
}

std::optional<Project> SqliteStore::project(const std::string& id) {
  auto& st = impl_->getProject.reset().bind(1, id);
  if (!st.step()) return std::nullopt;
  return readProject(st);
}

std::vector<Project> SqliteStore::projects(const std::optional<std::string>& workspaceUri,
                                           bool includeDeleted) {
  Stmt& st = workspaceUri ? impl_->listProjectsByWorkspace.reset().bind(2, *workspaceUri)
                          : impl_->listProjects.reset();
  st.bind(1, int64_t(includeDeleted));
  std::vector<Project> out;
  while (st.step()) out.push_back(readProject(st));
  return out;
}

void SqliteStore::insertUnit(const Unit& u) {
  auto& st = impl_->insertUnit.reset();
  bindUnit(st, u);
  st.run();
  // Index in batches, inside the caller's transaction.
  if (++impl_->pendingSearch >= kSearchBatch) impl_->catchUpSearch();
}

void SqliteStore::updateUnit(const Unit& u) {
  auto& st = impl_->updateUnit.reset();
  bindUnit(st, u);
  st.run();
}

std::optional<Unit> SqliteStore::unit(const std::string& id) {
  auto& st = impl_->getUnit.reset().bind(1, id);
  if (!st.step()) return std::nullopt;
  return readUnit(st);
}

std::vector<Unit> SqliteStore::ancestry(const std::string& id, size_t limit) {
  auto& st = impl_->ancestry.reset().bind(1, id).bind(2, static_cast<int64_t>(std::min<size_t>(limit, INT64_MAX)));
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

std::vector<Unit> SqliteStore::unitsFromSeq(const std::string& projectId, int64_t fromSeq,
                                         size_t limit) {
  auto& st = impl_->unitsFromSeq.reset().bind(1, projectId).bind(2, fromSeq).bind(3, int64_t(limit));
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

void SqliteStore::liveOutline(const std::string& projectId, int headChars,
                              const std::function<void(const OutlineRow&)>& each) {
  auto& st = impl_->liveOutline.reset().bind(1, projectId).bind(2, int64_t(headChars));
  OutlineRow row;
  while (st.step()) {
    row.id = st.view(0);
    row.parentId = st.isNull(1) ? std::nullopt : std::optional<std::string_view>(st.view(1));
    row.role = parseRole(st.view(2)).value_or(Role::User);
    row.kind = parseKind(st.view(3)).value_or(Kind::Message);
    row.head = st.view(4);
    row.status = parseStatus(st.view(5)).value_or(Status::Complete);
    row.scope = parseScope(st.view(6)).value_or(ScopeState::Auto);
    row.seq = st.integer(7);
    row.source.reset();
    if (!st.isNull(8)) row.source = images::sourceFromText(st.text(8));
    row.startsBranch = st.integer(9) != 0;
    each(row);
  }
}

std::vector<Unit> SqliteStore::liveUnits(const std::string& projectId) {
  auto& st = impl_->liveUnits.reset().bind(1, projectId);
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

std::vector<std::string> SqliteStore::liveChildren(const std::string& parentId) {
  auto& st = impl_->liveChildren.reset().bind(1, parentId);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

std::optional<std::string> SqliteStore::continuingChild(const std::string& parentId) {
  auto& st = impl_->continuingChild.reset().bind(1, parentId);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

std::optional<std::string> SqliteStore::liveRoot(const std::string& projectId) {
  auto& st = impl_->liveRoot.reset().bind(1, projectId);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

std::vector<Unit> SqliteStore::scopedUnits(const std::string& projectId) {
  auto& st = impl_->scopedUnits.reset().bind(1, projectId);
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

std::vector<Unit> SqliteStore::codeUnits(const std::string& projectId) {
  auto& st = impl_->codeUnits.reset().bind(1, projectId);
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

void SqliteStore::addRevision(const std::string& unitId, const Revision& r) {
  impl_->addRevision.reset().bind(1, unitId).bind(2, r.content).bind(3, r.editedAt).run();
}

std::vector<Revision> SqliteStore::revisions(const std::string& unitId) {
  auto& st = impl_->revisions.reset().bind(1, unitId);
  std::vector<Revision> out;
  while (st.step()) out.push_back({st.text(0), st.integer(1)});
  return out;
}

void SqliteStore::putBranch(const BranchMeta& b) {
  impl_->putBranch.reset()
      .bind(1, b.projectId)
      .bind(2, b.headId)
      .bind(3, b.title)
      .bind(4, b.intent)
      .bind(5, toString(b.status))
      .bind(6, b.summary)
      .run();
}

void SqliteStore::deleteBranch(const std::string& projectId, const std::string& headId) {
  impl_->deleteBranch.reset().bind(1, projectId).bind(2, headId).run();
}

std::optional<BranchMeta> SqliteStore::branch(const std::string& projectId,
                                              const std::string& headId) {
  auto& st = impl_->getBranch.reset().bind(1, projectId).bind(2, headId);
  if (!st.step()) return std::nullopt;
  return readBranch(st);
}

std::vector<BranchMeta> SqliteStore::branches(const std::string& projectId) {
  auto& st = impl_->branches.reset().bind(1, projectId);
  std::vector<BranchMeta> out;
  while (st.step()) out.push_back(readBranch(st));
  return out;
}

void SqliteStore::appendOp(Operation& op) {
  auto& mx = impl_->maxOpSeq.reset().bind(1, op.projectId);
  op.seq = mx.step() ? mx.integer(0) + 1 : 1;
  impl_->appendOp.reset()
      .bind(1, op.projectId)
      .bind(2, op.seq)
      .bind(3, op.kind)
      .bind(4, images::operationPayload(op))
      .bind(5, op.createdAt)
      .bind(6, op.author)
      .run();
}

std::optional<Operation> SqliteStore::lastDoneOp(const std::string& projectId) {
  auto& st = impl_->lastDone.reset().bind(1, projectId);
  if (!st.step()) return std::nullopt;
  return readOp(st);
}

std::optional<Operation> SqliteStore::firstUndoneOp(const std::string& projectId) {
  auto& st = impl_->firstUndone.reset().bind(1, projectId);
  if (!st.step()) return std::nullopt;
  return readOp(st);
}

void SqliteStore::setOpUndone(const std::string& projectId, int64_t seq, bool undone) {
  impl_->setUndone.reset().bind(1, projectId).bind(2, seq).bind(3, int64_t(undone)).run();
}

void SqliteStore::dropUndoneOps(const std::string& projectId) {
  impl_->dropUndone.reset().bind(1, projectId).run();
}

std::vector<SearchHit> SqliteStore::search(const std::string& query,
                                           const std::optional<std::string>& projectId,
                                           int limit) {
  std::string fts = ftsQuery(query);
  std::vector<SearchHit> out;
  if (fts.empty()) return out;
  if (impl_->pendingSearch > 0) {
    begin();
    try {
      impl_->catchUpSearch();
      commit();
    } catch (...) {
      rollback();
      throw;
    }
  }
  auto& st = impl_->search.reset().bind(1, fts).bind(2, projectId).bind(3, int64_t(limit));
  while (st.step()) out.push_back({st.text(0), st.text(1), st.text(2), st.real(3)});
  return out;
}

sqlite::Db& SqliteStore::db() { return impl_->db; }

size_t SqliteStore::runningStatements() { return impl_->db.runningStatements(); }

MemoletStore& SqliteStore::memolets() {
  if (!memoletRows_) memoletRows_ = std::make_unique<MemoletRows>(impl_->db);
  return *memoletRows_;
}

BoardStore& SqliteStore::board() {
  if (!boardRows_) boardRows_ = std::make_unique<BoardRows>(impl_->db, memolets());
  return *boardRows_;
}

KnowledgeStore& SqliteStore::knowledge() {
  if (!knowledgeRows_) knowledgeRows_ = std::make_unique<KnowledgeRows>(impl_->db);
  return *knowledgeRows_;
}

KnowledgeDocumentStore& SqliteStore::knowledgeDocuments() {
  if (!knowledgeDocumentRows_) knowledgeDocumentRows_ = std::make_unique<KnowledgeDocumentRows>(impl_->db);
  return *knowledgeDocumentRows_;
}

int SqliteStore::schemaVersion() {
  Stmt st(impl_->db, "PRAGMA user_version");
  st.step();
  return static_cast<int>(st.integer(0));
}

}  // namespace grove
