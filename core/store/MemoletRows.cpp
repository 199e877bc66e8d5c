#include "store/MemoletRows.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "memory/FtsText.h"
#include "store/Migrations.h"
#include "support/Error.h"

namespace grove {

using sql::Stmt;

namespace {

// Archived board items leave retrieval, search and `@` completion (DESIGN
// §11.2); a memolet that is no board item has no row there.
constexpr const char* kNotArchived =
    "NOT EXISTS (SELECT 1 FROM board_items b WHERE b.memolet_id = m.id AND b.archived = 1)";

const char* kColumns =
    "m.id, m.project_id, m.title, m.keywords, m.summary, m.text, m.span_unit_id, m.span_start, "
    "m.span_end, m.parent_id, m.cluster, m.x, m.y, m.vector, m.embedding, m.embedding_model, "
    "m.tail_unit_id, m.segment_sum, m.exchanges, m.closed, m.manual, m.created_at, m.updated_at, ";

}  // namespace

std::string store::memoletRank(const std::string& searchColumn) {
  // Weights D, C, B, A: the terms (B) count half as much as the title and
  // keywords (A), as bm25's 2, 2, 1; normalised by length as BM25 is.
  return "ts_rank('{0.1, 0.2, 0.5, 1.0}', " + searchColumn + ", q, 1)";
}

std::string store::memoletSourcesColumn(sql::Dialect dialect) {
  // SQLite's group_concat keeps the subquery's order; PostgreSQL's
  // string_agg takes it as an argument.
  if (dialect == sql::Dialect::Postgres)
    return "(SELECT string_agg(unit_id, ' ' ORDER BY ord) FROM memolet_sources s WHERE s.memolet_id = m.id)";
  return "(SELECT group_concat(unit_id, ' ') FROM (SELECT unit_id FROM memolet_sources s "
         "WHERE s.memolet_id = m.id ORDER BY ord))";
}

namespace {

std::vector<std::string> splitSpaces(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string joinSpaces(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& w : v) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

Memolet readMemolet(const Stmt& st) {
  Memolet m;
  m.id = st.text(0);
  m.projectId = st.text(1);
  m.title = st.text(2);
  m.keywords = splitSpaces(st.text(3));
  m.summary = st.text(4);
  m.text = st.text(5);
  if (auto unit = st.optText(6))
    m.span = MemoletSpan{*unit, st.integer(7), st.integer(8)};
  m.parentId = st.optText(9);
  m.cluster = static_cast<int>(st.integer(10));
  m.x = st.real(11);
  m.y = st.real(12);
  m.vector = st.blob(13);
  m.embedding = st.blob(14);
  m.embeddingModel = st.optText(15).value_or("");
  m.tailUnitId = st.optText(16);
  m.segmentSum = st.blob(17);
  m.exchanges = static_cast<int>(st.integer(18));
  m.closed = st.integer(19) != 0;
  m.manual = st.integer(20) != 0;
  m.createdAt = st.integer(21);
  m.updatedAt = st.integer(22);
  m.sourceUnitIds = splitSpaces(st.optText(23).value_or(""));
  return m;
}

std::string select(sql::Db& db, const std::string& where) {
  return std::string("SELECT ") + kColumns + store::memoletSourcesColumn(db.dialect()) +
         " FROM memolets m " + where;
}

}  // namespace

struct MemoletRows::Statements {
  sql::Db& db;
  Stmt put, clearSources, addSource, get, byProject, all, vectors, projectVectors, citing, openAt, embedding, placement;
  Stmt bm25, bm25Project, vocab, count, trashed;
  Stmt history, putHistory;
  Stmt progress, putProgress, behind;
  Stmt sandbox, inSandbox, addSandbox, removeSandbox, groups, members, putGroup, clearMembers,
      addMember, deleteGroup;

  explicit Statements(sql::Db& d) : db(d) {
    // An upsert keeps the rowid, so the FTS update trigger re-indexes in place.
    put = Stmt(db,
               "INSERT INTO memolets(id, project_id, title, keywords, summary, text, terms, "
               "span_unit_id, span_start, span_end, parent_id, cluster, x, y, vector, embedding, "
               "embedding_model, tail_unit_id, segment_sum, exchanges, closed, manual, created_at, "
               "updated_at) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,"
               "?19,?20,?21,?22,?23,?24) ON CONFLICT(id) DO UPDATE SET title=excluded.title, "
               "keywords=excluded.keywords, summary=excluded.summary, text=excluded.text, "
               "terms=excluded.terms, span_unit_id=excluded.span_unit_id, "
               "span_start=excluded.span_start, span_end=excluded.span_end, "
               "parent_id=excluded.parent_id, cluster=excluded.cluster, x=excluded.x, y=excluded.y, "
               "vector=excluded.vector, embedding=excluded.embedding, "
               "embedding_model=excluded.embedding_model, tail_unit_id=excluded.tail_unit_id, "
               "segment_sum=excluded.segment_sum, exchanges=excluded.exchanges, "
               "closed=excluded.closed, manual=excluded.manual, updated_at=excluded.updated_at");
    clearSources = Stmt(db, "DELETE FROM memolet_sources WHERE memolet_id=?");
    addSource = Stmt(db, "INSERT INTO memolet_sources(memolet_id, ord, unit_id) VALUES (?,?,?)");
    get = Stmt(db, select(db, "WHERE m.id=?").c_str());
    const std::string live =
        "JOIN projects p ON p.id = m.project_id WHERE p.deleted_at IS NULL AND m.text != '' ";
    byProject = Stmt(db, select(db, live + "AND m.project_id=? ORDER BY m.rowid").c_str());
    all = Stmt(db, select(db, live + "ORDER BY m.rowid").c_str());
    // A board capture that never went to a conversation has no project.
    const std::string vectorRows =
        "SELECT m.id, m.project_id, m.vector, m.embedding, m.embedding_model FROM "
        "memolets m LEFT JOIN projects p ON p.id = m.project_id "
        "WHERE p.deleted_at IS NULL AND m.text != '' AND " + std::string(kNotArchived);
    vectors = Stmt(db, vectorRows + " ORDER BY m.rowid");
    projectVectors = Stmt(db, vectorRows + " AND m.project_id = ? ORDER BY m.rowid");
    citing = Stmt(db, "SELECT DISTINCT memolet_id FROM memolet_sources WHERE unit_id=?");
    openAt = Stmt(db,
                  "SELECT id FROM memolets WHERE tail_unit_id=? AND closed=0 AND manual=0 LIMIT 1");
    embedding = Stmt(db, "UPDATE memolets SET embedding=?2, embedding_model=?3 WHERE id=?1");
    placement = Stmt(db, "UPDATE memolets SET x=?2, y=?3, cluster=?4 WHERE id=?1");
    // Ranking reads the FTS index only; just the best rows are joined (a
    // memolet row is kilobytes: text, vectors). Hidden memolets (no text)
    // are not in SQLite's index (migration 18); PostgreSQL's ranks them by
    // title and keywords, and its `hidden` rows are dropped after the cut.
    // PostgreSQL ranks with store::memoletRank over the weighted tsvector.
    const bool pg = db.dialect() == sql::Dialect::Postgres;
    const std::string matches =
        pg ? "SELECT rowid, " + store::memoletRank("search") + " AS score FROM memolets, "
             "to_tsquery('simple', ?1) q WHERE search @@ q "
           : "SELECT rowid, -bm25(memolets_fts, 2.0, 2.0, 1.0, 0.0) AS score FROM memolets_fts "
             "WHERE memolets_fts MATCH ?1 ";
    const std::string ranked =
        "SELECT m.id, r.score FROM (" + matches + "ORDER BY score DESC "
        "LIMIT ?2) r JOIN memolets m ON m.rowid = r.rowid LEFT JOIN projects p ON p.id = m.project_id "
        "WHERE p.deleted_at IS NULL AND " + std::string(pg ? "length(m.terms) > 0 AND " : "") + kNotArchived + " ";
    bm25 = Stmt(db, (ranked + "ORDER BY r.score DESC").c_str());
    // Scoped: the project filter applies before the cut (else the project's
    // matches are only those in the global top ?2), in the index itself: its
    // `scope` column (migration 16) holds each memolet's project, so the
    // match walks that project's entries only. `scope` weighs 0, and
    // grove_bm25 (store/Bm25Function) does not count its rows for an IDF.
    const std::string matchesInProject =
        pg ? "SELECT rowid, " + store::memoletRank("search") + " AS score FROM memolets, "
             "to_tsquery('simple', ?1) q WHERE search @@ q AND project_id = ?3 "
           : "SELECT rowid, -grove_bm25(memolets_fts, 2.0, 2.0, 1.0, 0.0) AS score FROM memolets_fts "
             "WHERE memolets_fts MATCH " + scopedFtsMatch("?1", "?3") + " ";
    // SQLite's index has no entry for a hidden memolet (migrations 16, 18):
    // reading each row to drop them cost more than the match itself.
    const std::string rankedInProject =
        "SELECT m.id, r.score FROM (" + matchesInProject + "ORDER BY score DESC LIMIT ?2) r "
        "JOIN memolets m ON m.rowid = r.rowid JOIN projects p ON p.id = m.project_id "
        "WHERE p.deleted_at IS NULL AND " + std::string(pg ? "length(m.terms) > 0 AND " : "") +
        std::string(kNotArchived) + " ORDER BY r.score DESC";
    bm25Project = Stmt(db, rankedInProject.c_str());
    trashed = Stmt(db, "SELECT id FROM projects WHERE deleted_at IS NOT NULL");
    vocab = Stmt(db, pg ? "SELECT count(*) FROM memolets WHERE search @@ to_tsquery('simple', ?)"
                        : "SELECT doc FROM memolets_vocab WHERE term=?");
    count = Stmt(db, "SELECT COALESCE(MAX(rowid), 0) FROM memolets");
    history = Stmt(db, "SELECT history FROM memolet_segmentation WHERE project_id=?");
    progress = Stmt(db, "SELECT next_seq FROM memolet_progress WHERE project_id=?");
    putProgress = Stmt(db,
                       "INSERT INTO memolet_progress(project_id, next_seq) VALUES (?,?) "
                       "ON CONFLICT(project_id) DO UPDATE SET next_seq=excluded.next_seq");
    behind = Stmt(db,
                  "SELECT p.id FROM projects p LEFT JOIN memolet_progress m ON m.project_id = p.id "
                  "WHERE p.deleted_at IS NULL AND p.next_seq > COALESCE(m.next_seq, 0)");
    putHistory = Stmt(db,
                      "INSERT INTO memolet_segmentation(project_id, history) VALUES (?,?) "
                      "ON CONFLICT(project_id) DO UPDATE SET history=excluded.history");
    sandbox = Stmt(db, "SELECT memolet_id FROM sandbox_items WHERE project_id=? ORDER BY seq");
    inSandbox = Stmt(db, "SELECT 1 FROM sandbox_items WHERE project_id=? AND memolet_id=?");
    addSandbox = Stmt(db,
                      "INSERT INTO sandbox_items(project_id, memolet_id, added_at, seq) "
                      "VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(seq), 0) + 1 FROM sandbox_items "
                      "WHERE project_id=?1)) ON CONFLICT DO NOTHING");
    removeSandbox = Stmt(db, "DELETE FROM sandbox_items WHERE project_id=? AND memolet_id=?");
    groups = Stmt(db,
                  "SELECT id, project_id, title, summary, created_at FROM sandbox_groups "
                  "WHERE project_id=? ORDER BY created_at, id");
    members = Stmt(db, "SELECT memolet_id FROM sandbox_group_members WHERE group_id=? ORDER BY ord");
    putGroup = Stmt(db,
                    "INSERT INTO sandbox_groups(id, project_id, title, summary, created_at) "
                    "VALUES (?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET title=excluded.title, "
                    "summary=excluded.summary");
    clearMembers = Stmt(db, "DELETE FROM sandbox_group_members WHERE group_id=?");
    addMember = Stmt(db,
                     "INSERT INTO sandbox_group_members(group_id, ord, memolet_id) VALUES (?,?,?)");
    deleteGroup = Stmt(db, "DELETE FROM sandbox_groups WHERE id=?");
  }
};

MemoletRows::MemoletRows(sql::Db& db) : st_(std::make_unique<Statements>(db)) {}
MemoletRows::~MemoletRows() = default;

void MemoletRows::putMemolet(const Memolet& m) {
  Stmt& st = st_->put.reset();
  // A board capture of the workspace alone has no project (null, not '').
  st.bind(1, m.id)
      .bind(2, m.projectId.empty() ? std::optional<std::string>() : std::optional<std::string>(m.projectId))
      .bind(3, m.title)
      .bind(4, joinSpaces(m.keywords))
      .bind(5, m.summary)
      .bind(6, m.text)
      // SQLite's full-text triggers compute the terms from the text
      // (migration 18); PostgreSQL generates its tsvector from this column.
      .bind(7, st_->db.dialect() == sql::Dialect::Postgres ? memory::ftsDocument(m.text) : std::string());
  if (m.span)
    st.bind(8, m.span->unitId).bind(9, m.span->start).bind(10, m.span->end);
  st.bind(11, m.parentId)
      .bind(12, int64_t(m.cluster))
      .bindReal(13, m.x)
      .bindReal(14, m.y)
      .bindBlob(15, m.vector);
  if (!m.embedding.empty()) st.bindBlob(16, m.embedding).bind(17, m.embeddingModel);
  st.bind(18, m.tailUnitId);
  if (!m.segmentSum.empty()) st.bindBlob(19, m.segmentSum);
  st.bind(20, int64_t(m.exchanges))
      .bind(21, int64_t(m.closed))
      .bind(22, int64_t(m.manual))
      .bind(23, m.createdAt)
      .bind(24, m.updatedAt)
      .run();
  st_->clearSources.reset().bind(1, m.id).run();
  for (size_t i = 0; i < m.sourceUnitIds.size(); ++i)
    st_->addSource.reset().bind(1, m.id).bind(2, int64_t(i)).bind(3, m.sourceUnitIds[i]).run();
}

std::optional<Memolet> MemoletRows::memolet(const std::string& id) {
  Stmt& st = st_->get.reset().bind(1, id);
  if (!st.step()) return std::nullopt;
  return readMemolet(st);
}

std::vector<Memolet> MemoletRows::memolets(const std::optional<std::string>& projectId) {
  Stmt& st = projectId ? st_->byProject.reset().bind(1, *projectId) : st_->all.reset();
  std::vector<Memolet> out;
  while (st.step()) out.push_back(readMemolet(st));
  return out;
}

std::vector<MemoletVectorRow> MemoletRows::vectorRows() { return readVectorRows(st_->vectors.reset()); }

std::vector<MemoletVectorRow> MemoletRows::vectorRows(const std::string& projectId) {
  return readVectorRows(st_->projectVectors.reset().bind(1, projectId));
}

std::vector<MemoletVectorRow> MemoletRows::readVectorRows(Stmt& st) {
  std::vector<MemoletVectorRow> out;
  while (st.step())
    out.push_back({st.text(0), st.text(1), st.blob(2), st.blob(3), st.optText(4).value_or("")});
  return out;
}

std::vector<std::string> MemoletRows::citing(const std::string& unitId) {
  Stmt& st = st_->citing.reset().bind(1, unitId);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

std::optional<std::string> MemoletRows::openAt(const std::string& tailUnitId) {
  Stmt& st = st_->openAt.reset().bind(1, tailUnitId);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

void MemoletRows::putPlacement(const std::string& id, double x, double y, int cluster) {
  st_->placement.reset().bind(1, id).bindReal(2, x).bindReal(3, y).bind(4, int64_t(cluster)).run();
}

void MemoletRows::putEmbedding(const std::string& id, const std::string& model,
                               const std::string& blob) {
  st_->embedding.reset().bind(1, id).bindBlob(2, blob).bind(3, model).run();
}

std::vector<MemoletRank> MemoletRows::bm25(const std::string& match,
                                           const std::optional<std::string>& projectId,
                                           size_t limit) {
  std::vector<MemoletRank> out;
  if (match.empty()) return out;
  Stmt& st = projectId ? st_->bm25Project.reset().bind(3, *projectId) : st_->bm25.reset();
  st.bind(1, sql::searchMatch(st_->db, match))
      .bind(2, int64_t(limit));
  while (st.step()) out.push_back({st.text(0), st.real(1)});
  return out;
}

std::vector<std::string> MemoletRows::trashedProjects() {
  Stmt& st = st_->trashed.reset();
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

size_t MemoletRows::documentFrequency(std::string_view term) {
  Stmt& st = st_->vocab.reset().bind(
      1, st_->db.dialect() == sql::Dialect::Postgres ? sql::tsqueryTerm(term) : std::string(term));
  size_t n = st.step() ? static_cast<size_t>(st.integer(0)) : 0;
  // Close the fts5vocab cursor now: left open while indexing writes the FTS
  // index, its release later touched a structure the writes had freed (heap
  // corruption, seen under load; docs/decisions.md).
  st.reset();
  return n;
}

size_t MemoletRows::documentCount() {
  Stmt& st = st_->count.reset();
  return st.step() ? static_cast<size_t>(st.integer(0)) : 0;
}

int64_t MemoletRows::indexedUpTo(const std::string& projectId) {
  Stmt& st = st_->progress.reset().bind(1, projectId);
  return st.step() ? st.integer(0) : 0;
}

void MemoletRows::putIndexedUpTo(const std::string& projectId, int64_t nextSeq) {
  st_->putProgress.reset().bind(1, projectId).bind(2, nextSeq).run();
}

std::vector<std::string> MemoletRows::projectsBehind() {
  Stmt& st = st_->behind.reset();
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

std::vector<double> MemoletRows::segmentHistory(const std::string& projectId) {
  Stmt& st = st_->history.reset().bind(1, projectId);
  std::vector<double> out;
  if (!st.step()) return out;
  std::istringstream in(st.text(0));
  for (double d; in >> d;) out.push_back(d);
  return out;
}

void MemoletRows::putSegmentHistory(const std::string& projectId, const std::vector<double>& h) {
  std::string text;
  char buf[32];
  for (double d : h) {
    std::snprintf(buf, sizeof buf, "%.6f", d);
    if (!text.empty()) text += ' ';
    text += buf;
  }
  st_->putHistory.reset().bind(1, projectId).bind(2, text).run();
}

std::vector<std::string> MemoletRows::sandboxIds(const std::string& projectId) {
  Stmt& st = st_->sandbox.reset().bind(1, projectId);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

bool MemoletRows::inSandbox(const std::string& projectId, const std::string& memoletId) {
  return st_->inSandbox.reset().bind(1, projectId).bind(2, memoletId).step();
}

void MemoletRows::addToSandbox(const std::string& projectId, const std::string& memoletId,
                               int64_t at) {
  st_->addSandbox.reset().bind(1, projectId).bind(2, memoletId).bind(3, at).run();
}

void MemoletRows::removeFromSandbox(const std::string& projectId, const std::string& memoletId) {
  st_->removeSandbox.reset().bind(1, projectId).bind(2, memoletId).run();
}

std::vector<MemoletGroup> MemoletRows::groups(const std::string& projectId) {
  std::vector<MemoletGroup> out;
  {
    Stmt& st = st_->groups.reset().bind(1, projectId);
    while (st.step()) {
      MemoletGroup g;
      g.id = st.text(0);
      g.projectId = st.text(1);
      g.title = st.text(2);
      g.summary = st.text(3);
      g.createdAt = st.integer(4);
      out.push_back(std::move(g));
    }
  }
  for (auto& g : out) {
    Stmt& st = st_->members.reset().bind(1, g.id);
    while (st.step()) g.memoletIds.push_back(st.text(0));
  }
  return out;
}

void MemoletRows::putGroup(const MemoletGroup& g) {
  st_->putGroup.reset()
      .bind(1, g.id)
      .bind(2, g.projectId)
      .bind(3, g.title)
      .bind(4, g.summary)
      .bind(5, g.createdAt)
      .run();
  st_->clearMembers.reset().bind(1, g.id).run();
  for (size_t i = 0; i < g.memoletIds.size(); ++i)
    st_->addMember.reset().bind(1, g.id).bind(2, int64_t(i)).bind(3, g.memoletIds[i]).run();
}

void MemoletRows::deleteGroup(const std::string& groupId) {
  st_->deleteGroup.reset().bind(1, groupId).run();
}

}  // namespace grove
