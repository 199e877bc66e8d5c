#include "store/SqlStore.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdint>

#include "store/BoardRows.h"
#include "store/Images.h"
#include "store/KnowledgeDocumentRows.h"
#include "store/KnowledgeRows.h"
#include "store/MemoletRows.h"
#include "support/Error.h"
#include "store/Sql.h"

namespace grove {

using sql::Stmt;

namespace {

const char* kUnitColumns =
    "id, project_id, parent_id, role, kind, content, status, scope, seq, created_at, edited_at, "
    "source, starts_branch, removed, author";

// The outline where there is no unit_outline (PostgreSQL): from the rows
// themselves, the text cut short.
const char* const kLiveOutlineFromUnits =
    "SELECT id, parent_id, role, kind, substr(content, 1, ?2), status, scope, seq, source, starts_branch "
    "FROM units WHERE project_id=?1 AND removed=0 ORDER BY seq";

// A LIMIT's bound: SIZE_MAX (every row) as the largest the databases take.
int64_t sqlLimit(size_t limit) { return static_cast<int64_t>(std::min<size_t>(limit, INT64_MAX)); }

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

}  // namespace

// What a map shows of each unit, the text cut short. SQLite reads it from
// unit_outline (migration 17), where the live units' heads are kept apart
// from their text, so the read never touches the pages of text.
const char* const SqlStore::kLiveOutlineSqlite =
    "SELECT id, parent_id, role, kind, substr(head, 1, ?2), status, scope, seq, source, starts_branch "
    "FROM unit_outline WHERE project_id=?1 ORDER BY seq";

struct SqlStore::Rows {
  Stmt putProject, getProject, listProjects, listProjectsByWorkspace;
  Stmt ancestry;
  Stmt insertUnit, updateUnit, getUnit, liveUnits, liveChildren, continuingChild, liveRoot,
      scopedUnits, codeUnits, unitsFromSeq, liveOutline;
  Stmt addRevision, revisions;
  Stmt putBranch, deleteBranch, getBranch, branches;
  Stmt appendOp, nextOpSeq, lastDone, firstUndone, setUndone, dropUndone, anyUndone;
  // Each statement is a round trip to a server (PostgreSQL): fewer
  // statements win there; in process (SQLite) cheaper ones do.
  bool roundTrips = false;

  explicit Rows(sql::Db& db) {
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
    // The depth bound, not a LIMIT inside the recursion, which PostgreSQL
    // does not take; a BIGINT, so a bound of INT64_MAX fits.
    ancestry = Stmt(db, (std::string("WITH RECURSIVE chain(depth, ") + kUnitColumns +
                         ") AS (SELECT CAST(0 AS BIGINT), " + kUnitColumns + " FROM units WHERE id=?1 "
                         "UNION ALL SELECT c.depth + 1, u.id, u.project_id, u.parent_id, u.role, "
                         "u.kind, u.content, u.status, u.scope, u.seq, u.created_at, u.edited_at, "
                         "u.source, u.starts_branch, u.removed, u.author FROM units u "
                         "JOIN chain c ON u.id = c.parent_id WHERE c.depth + 1 < ?2) SELECT " + kUnitColumns +
                         " FROM chain ORDER BY depth")
                            .c_str());
    liveUnits = Stmt(db, unitSelect("WHERE project_id=? AND removed=0 AND seq>=? ORDER BY seq LIMIT ?").c_str());
    liveChildren = Stmt(db, "SELECT id FROM units WHERE parent_id=? AND removed=0 ORDER BY seq");
    // SQLite answers the first child by seq with min() without sorting (a
    // sort opens a temporary b-tree, on every append); PostgreSQL has no
    // such bare column and plans the LIMIT well.
    continuingChild = Stmt(db, db.dialect() == sql::Dialect::Sqlite
                                   ? "SELECT id, min(seq) FROM units WHERE parent_id=? AND removed=0 AND "
                                     "starts_branch=0"
                                   : "SELECT id FROM units WHERE parent_id=? AND removed=0 AND "
                                     "starts_branch=0 ORDER BY seq LIMIT 1");
    liveRoot = Stmt(db,
                    "SELECT id FROM units WHERE project_id=? AND parent_id IS NULL AND removed=0 "
                    "LIMIT 1");
    scopedUnits = Stmt(
        db, unitSelect("WHERE project_id=? AND scope!='auto' AND removed=0 ORDER BY seq").c_str());
    codeUnits = Stmt(  // the partial index units_code (migration 10)
        db, unitSelect("WHERE project_id=? AND kind='code' AND removed=0 ORDER BY seq").c_str());
    liveOutline = Stmt(db, db.dialect() == sql::Dialect::Sqlite ? kLiveOutlineSqlite : kLiveOutlineFromUnits);
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
    // On PostgreSQL the next seq is read by the insert itself: one round
    // trip, where a read and a write took two. SQLite has no round trip to
    // save, and there that form costs more than the append's other work:
    // an INSERT reading its own table, and RETURNING, each build and free a
    // temporary b-tree per row (two thirds of an in-process append).
    roundTrips = db.dialect() == sql::Dialect::Postgres;
    if (roundTrips) {
      appendOp = Stmt(db,
                      "INSERT INTO operations(project_id, seq, kind, payload, undone, created_at, author) "
                      "SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3, 0, ?4, ?5 FROM operations "
                      "WHERE project_id=?1 RETURNING seq");
    } else {
      nextOpSeq = Stmt(db, "SELECT seq FROM operations WHERE project_id=? ORDER BY seq DESC LIMIT 1");
      appendOp = Stmt(db,
                      "INSERT INTO operations(project_id, seq, kind, payload, undone, created_at, author) "
                      "VALUES (?1, ?6, ?2, ?3, 0, ?4, ?5)");
    }
    lastDone = Stmt(db, (std::string(opCols) +
                         "WHERE project_id=? AND undone=0 ORDER BY seq DESC LIMIT 1")
                            .c_str());
    const std::string undoneIndex = sql::indexedBy(db, "operations_undone");
    firstUndone = Stmt(db, std::string("SELECT project_id, seq, kind, payload, undone, created_at, author "
                                       "FROM operations ") + undoneIndex +
                               "WHERE project_id=? AND undone=1 ORDER BY seq ASC LIMIT 1");
    setUndone = Stmt(db, "UPDATE operations SET undone=?3 WHERE project_id=?1 AND seq=?2");
    dropUndone = Stmt(db, std::string("DELETE FROM operations ") + undoneIndex +
                              "WHERE project_id=? AND undone=1");
    // Every change drops the redo history first, and there is rarely any: in
    // SQLite a DELETE that finds nothing still sets up a row set and a
    // statement journal, where this look costs one index probe.
    if (!roundTrips)
      anyUndone = Stmt(db, std::string("SELECT 1 FROM operations ") + undoneIndex +
                               "WHERE project_id=? AND undone=1 LIMIT 1");
  }
};

SqlStore::SqlStore() = default;

SqlStore::~SqlStore() = default;

void SqlStore::openRows(sql::Db& db) {
  db_ = &db;
  rows_ = std::make_unique<Rows>(db);
}

void SqlStore::closeRows() {
  knowledgeDocumentRows_.reset();
  knowledgeRows_.reset();
  boardRows_.reset();
  memoletRows_.reset();
  rows_.reset();
}

sql::Db& SqlStore::db() { return *db_; }

std::vector<std::string> SqlStore::searchWords(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c >= 0x80 || c == '_') {
      word += static_cast<char>(c);
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

void SqlStore::putProject(const Project& p) {
  rows_->putProject.reset()
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

std::optional<Project> SqlStore::project(const std::string& id) {
  auto& st = rows_->getProject.reset().bind(1, id);
  if (!st.step()) return std::nullopt;
  return readProject(st);
}

std::vector<Project> SqlStore::projects(const std::optional<std::string>& workspaceUri,
                                           bool includeDeleted) {
  Stmt& st = workspaceUri ? rows_->listProjectsByWorkspace.reset().bind(2, *workspaceUri)
                          : rows_->listProjects.reset();
  st.bind(1, int64_t(includeDeleted));
  std::vector<Project> out;
  while (st.step()) out.push_back(readProject(st));
  return out;
}

void SqlStore::insertUnit(const Unit& u) {
  auto& st = rows_->insertUnit.reset();
  bindUnit(st, u);
  st.run();
  unitInserted();
}

void SqlStore::updateUnit(const Unit& u) {
  auto& st = rows_->updateUnit.reset();
  bindUnit(st, u);
  st.run();
}

std::optional<Unit> SqlStore::unit(const std::string& id) {
  auto& st = rows_->getUnit.reset().bind(1, id);
  if (!st.step()) return std::nullopt;
  return readUnit(st);
}

std::vector<Unit> SqlStore::ancestry(const std::string& id, size_t limit) {
  auto& st = rows_->ancestry.reset().bind(1, id).bind(2, sqlLimit(limit));
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

std::vector<Unit> SqlStore::unitsFromSeq(const std::string& projectId, int64_t fromSeq,
                                         size_t limit) {
  auto& st = rows_->unitsFromSeq.reset().bind(1, projectId).bind(2, fromSeq).bind(3, sqlLimit(limit));
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

void SqlStore::liveOutline(const std::string& projectId, int headChars,
                              const std::function<void(const OutlineRow&)>& each) {
  auto& st = rows_->liveOutline.reset().bind(1, projectId).bind(2, int64_t(headChars));
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

std::vector<Unit> SqlStore::liveUnits(const std::string& projectId, int64_t fromSeq, size_t limit) {
  auto& st = rows_->liveUnits.reset().bind(1, projectId).bind(2, fromSeq).bind(3, sqlLimit(limit));
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

std::vector<std::string> SqlStore::liveChildren(const std::string& parentId) {
  auto& st = rows_->liveChildren.reset().bind(1, parentId);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

std::optional<std::string> SqlStore::continuingChild(const std::string& parentId) {
  auto& st = rows_->continuingChild.reset().bind(1, parentId);
  // An aggregate always returns a row: NULLs when no child matched.
  if (!st.step() || st.isNull(0)) return std::nullopt;
  return st.text(0);
}

std::optional<std::string> SqlStore::liveRoot(const std::string& projectId) {
  auto& st = rows_->liveRoot.reset().bind(1, projectId);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

std::vector<Unit> SqlStore::scopedUnits(const std::string& projectId) {
  auto& st = rows_->scopedUnits.reset().bind(1, projectId);
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

std::vector<Unit> SqlStore::codeUnits(const std::string& projectId) {
  auto& st = rows_->codeUnits.reset().bind(1, projectId);
  std::vector<Unit> out;
  while (st.step()) out.push_back(readUnit(st));
  return out;
}

void SqlStore::addRevision(const std::string& unitId, const Revision& r) {
  rows_->addRevision.reset().bind(1, unitId).bind(2, r.content).bind(3, r.editedAt).run();
}

std::vector<Revision> SqlStore::revisions(const std::string& unitId) {
  auto& st = rows_->revisions.reset().bind(1, unitId);
  std::vector<Revision> out;
  while (st.step()) out.push_back({st.text(0), st.integer(1)});
  return out;
}

void SqlStore::putBranch(const BranchMeta& b) {
  rows_->putBranch.reset()
      .bind(1, b.projectId)
      .bind(2, b.headId)
      .bind(3, b.title)
      .bind(4, b.intent)
      .bind(5, toString(b.status))
      .bind(6, b.summary)
      .run();
}

void SqlStore::deleteBranch(const std::string& projectId, const std::string& headId) {
  rows_->deleteBranch.reset().bind(1, projectId).bind(2, headId).run();
}

std::optional<BranchMeta> SqlStore::branch(const std::string& projectId,
                                              const std::string& headId) {
  auto& st = rows_->getBranch.reset().bind(1, projectId).bind(2, headId);
  if (!st.step()) return std::nullopt;
  return readBranch(st);
}

std::vector<BranchMeta> SqlStore::branches(const std::string& projectId) {
  auto& st = rows_->branches.reset().bind(1, projectId);
  std::vector<BranchMeta> out;
  while (st.step()) out.push_back(readBranch(st));
  return out;
}

void SqlStore::appendOp(Operation& op) {
  auto& st = rows_->appendOp.reset()
                 .bind(1, op.projectId)
                 .bind(2, op.kind)
                 .bind(3, images::operationPayload(op))
                 .bind(4, op.createdAt)
                 .bind(5, op.author);
  if (!rows_->roundTrips) {
    auto& next = rows_->nextOpSeq.reset().bind(1, op.projectId);
    op.seq = next.step() ? next.integer(0) + 1 : 1;
    next.reset();
    st.bind(6, op.seq).run();
    return;
  }
  if (!st.step()) throw Error::storage("store " + db_->path() + ": the operation was not logged");
  op.seq = st.integer(0);
  while (st.step()) {}  // past the end, so the statement is done
}

std::optional<Operation> SqlStore::lastDoneOp(const std::string& projectId) {
  auto& st = rows_->lastDone.reset().bind(1, projectId);
  if (!st.step()) return std::nullopt;
  return readOp(st);
}

std::optional<Operation> SqlStore::firstUndoneOp(const std::string& projectId) {
  auto& st = rows_->firstUndone.reset().bind(1, projectId);
  if (!st.step()) return std::nullopt;
  return readOp(st);
}

void SqlStore::setOpUndone(const std::string& projectId, int64_t seq, bool undone) {
  rows_->setUndone.reset().bind(1, projectId).bind(2, seq).bind(3, int64_t(undone)).run();
}

void SqlStore::dropUndoneOps(const std::string& projectId) {
  if (!rows_->roundTrips) {
    auto& any = rows_->anyUndone.reset().bind(1, projectId);
    bool some = any.step();
    any.reset();
    if (!some) return;
  }
  rows_->dropUndone.reset().bind(1, projectId).run();
}

MemoletStore& SqlStore::memolets() {
  if (!memoletRows_) memoletRows_ = std::make_unique<MemoletRows>(*db_);
  return *memoletRows_;
}

BoardStore& SqlStore::board() {
  if (!boardRows_) boardRows_ = std::make_unique<BoardRows>(*db_, memolets());
  return *boardRows_;
}

KnowledgeStore& SqlStore::knowledge() {
  if (!knowledgeRows_) knowledgeRows_ = std::make_unique<KnowledgeRows>(*db_);
  return *knowledgeRows_;
}

KnowledgeDocumentStore& SqlStore::knowledgeDocuments() {
  if (!knowledgeDocumentRows_) knowledgeDocumentRows_ = std::make_unique<KnowledgeDocumentRows>(*db_);
  return *knowledgeDocumentRows_;
}

}  // namespace grove
