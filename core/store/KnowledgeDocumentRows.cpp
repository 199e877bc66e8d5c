#include "store/KnowledgeDocumentRows.h"

#include <sstream>

namespace grove {

using sql::Stmt;

namespace {

const char* kChunkColumns =
    "id, workspace_uri, uri, level, ordinal, start_line, start_char, end_line, end_char, title, text, "
    "terms, children";

std::vector<std::string> splitOn(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; std::getline(in, w, sep);)
    if (!w.empty()) out.push_back(w);
  return out;
}

template <typename T>
std::string joinWith(const std::vector<T>& v, char sep) {
  std::ostringstream out;
  for (size_t i = 0; i < v.size(); ++i) out << (i ? std::string(1, sep) : "") << v[i];
  return out.str();
}

KnowledgeChunkRow readChunk(const Stmt& st) {
  KnowledgeChunkRow c;
  c.id = st.text(0);
  c.workspaceUri = st.text(1);
  c.uri = st.text(2);
  c.level = static_cast<int>(st.integer(3));
  c.ordinal = static_cast<int>(st.integer(4));
  c.startLine = static_cast<int>(st.integer(5));
  c.startChar = static_cast<int>(st.integer(6));
  c.endLine = static_cast<int>(st.integer(7));
  c.endChar = static_cast<int>(st.integer(8));
  c.title = st.text(9);
  c.text = st.text(10);
  c.terms = st.text(11);
  c.children = splitOn(st.text(12), ' ');
  return c;
}

std::string select(const std::string& where) {
  return std::string("SELECT ") + kChunkColumns + " FROM knowledge_chunks " + where;
}

}  // namespace

struct KnowledgeDocumentRows::Statements {
  sql::Db& db;
  Stmt documents, putDocument, removeDocument, removeLeaves, putChunk, chunk, chunksAll, chunksLevel,
      chunksDocument, count, removeSummaries, bm25Leaves, bm25Summaries, state, putState;

  explicit Statements(sql::Db& d) : db(d) {
    documents = Stmt(db,
                     "SELECT workspace_uri, uri, title, content_hash, chunks, ingested_at FROM knowledge_documents "
                     "WHERE workspace_uri=? ORDER BY uri");
    putDocument = Stmt(db, sql::upsert("knowledge_documents",
                                       "workspace_uri, uri, title, content_hash, chunks, ingested_at",
                                       "workspace_uri, uri"));
    removeDocument = Stmt(db, "DELETE FROM knowledge_documents WHERE workspace_uri=? AND uri=? RETURNING 1");
    removeLeaves = Stmt(db, "DELETE FROM knowledge_chunks WHERE workspace_uri=? AND uri=? AND level=0");
    // An upsert, not OR REPLACE: REPLACE deletes without firing the FTS
    // delete trigger (recursive triggers are off), leaving stale terms.
    putChunk = Stmt(db, sql::upsert("knowledge_chunks", kChunkColumns, "id"));
    chunk = Stmt(db, select("WHERE id=?").c_str());
    chunksAll = Stmt(db, select("WHERE workspace_uri=? ORDER BY level, uri, ordinal").c_str());
    chunksLevel = Stmt(db, select("WHERE workspace_uri=? AND level=? ORDER BY uri, ordinal").c_str());
    chunksDocument = Stmt(db, select("WHERE workspace_uri=? AND uri=? ORDER BY level, ordinal").c_str());
    count = Stmt(db, "SELECT count(*) FROM knowledge_chunks WHERE workspace_uri=? AND level=?");
    removeSummaries = Stmt(db, "DELETE FROM knowledge_chunks WHERE workspace_uri=? AND level>0");
    // The workspace and level filter apply before the cut, so a workspace's
    // matches are not only those in the global top `limit`.
    // PostgreSQL ranks with ts_rank (normalised by length), not BM25.
    std::string ranked =
        db.dialect() == sql::Dialect::Postgres
            ? "SELECT c.id, ts_rank(c.search, q, 1) AS score FROM knowledge_chunks c, "
              "to_tsquery('simple', ?1) q WHERE c.search @@ q AND c.workspace_uri = ?2 AND "
            : "SELECT c.id, -bm25(knowledge_chunks_fts) AS score FROM knowledge_chunks_fts "
              "JOIN knowledge_chunks c ON c.rowid = knowledge_chunks_fts.rowid "
              "WHERE knowledge_chunks_fts MATCH ?1 AND c.workspace_uri = ?2 AND ";
    bm25Leaves = Stmt(db, (ranked + "c.level = 0 ORDER BY score DESC, c.id LIMIT ?3").c_str());
    bm25Summaries = Stmt(db, (ranked + "c.level > 0 ORDER BY score DESC, c.id LIMIT ?3").c_str());
    state = Stmt(db, "SELECT ingested_at, levels, starters FROM knowledge_state WHERE workspace_uri=?");
    putState = Stmt(db, sql::upsert("knowledge_state", "workspace_uri, ingested_at, levels, starters",
                                    "workspace_uri"));
  }

  void insertChunk(const KnowledgeChunkRow& c) {
    putChunk.reset()
        .bind(1, c.id)
        .bind(2, c.workspaceUri)
        .bind(3, c.uri)
        .bind(4, int64_t{c.level})
        .bind(5, int64_t{c.ordinal})
        .bind(6, int64_t{c.startLine})
        .bind(7, int64_t{c.startChar})
        .bind(8, int64_t{c.endLine})
        .bind(9, int64_t{c.endChar})
        .bind(10, c.title)
        .bind(11, c.text)
        .bind(12, c.terms)
        .bind(13, joinWith(c.children, ' '))
        .run();
  }

  std::vector<KnowledgeChunkRow> readAll(Stmt& st) {
    std::vector<KnowledgeChunkRow> out;
    while (st.step()) out.push_back(readChunk(st));
    return out;
  }
};

KnowledgeDocumentRows::KnowledgeDocumentRows(sql::Db& db) : st_(std::make_unique<Statements>(db)) {}
KnowledgeDocumentRows::~KnowledgeDocumentRows() = default;

std::vector<KnowledgeDocumentRow> KnowledgeDocumentRows::knowledgeDocuments(const std::string& workspaceUri) {
  auto& st = st_->documents.reset().bind(1, workspaceUri);
  std::vector<KnowledgeDocumentRow> out;
  while (st.step())
    out.push_back({st.text(0), st.text(1), st.text(2), st.text(3), static_cast<int>(st.integer(4)), st.integer(5)});
  return out;
}

void KnowledgeDocumentRows::putKnowledgeDocument(const KnowledgeDocumentRow& d,
                                                 const std::vector<KnowledgeChunkRow>& leaves) {
  st_->removeLeaves.reset().bind(1, d.workspaceUri).bind(2, d.uri).run();
  st_->putDocument.reset()
      .bind(1, d.workspaceUri)
      .bind(2, d.uri)
      .bind(3, d.title)
      .bind(4, d.contentHash)
      .bind(5, int64_t{d.chunks})
      .bind(6, d.ingestedAt)
      .run();
  for (const auto& c : leaves) st_->insertChunk(c);
}

bool KnowledgeDocumentRows::removeKnowledgeDocument(const std::string& workspaceUri, const std::string& uri) {
  st_->removeLeaves.reset().bind(1, workspaceUri).bind(2, uri).run();
  bool removed = st_->removeDocument.reset().bind(1, workspaceUri).bind(2, uri).step();
  st_->removeDocument.reset();  // a cursor left open would pin the read snapshot
  return removed;
}

std::vector<KnowledgeChunkRow> KnowledgeDocumentRows::knowledgeChunks(const std::string& workspaceUri,
                                                                      std::optional<int> level,
                                                                      const std::optional<std::string>& uri) {
  std::vector<KnowledgeChunkRow> out;
  if (uri) {
    out = st_->readAll(st_->chunksDocument.reset().bind(1, workspaceUri).bind(2, *uri));
    if (level) std::erase_if(out, [&](const KnowledgeChunkRow& c) { return c.level != *level; });
    return out;
  }
  if (level) return st_->readAll(st_->chunksLevel.reset().bind(1, workspaceUri).bind(2, int64_t{*level}));
  return st_->readAll(st_->chunksAll.reset().bind(1, workspaceUri));
}

std::optional<KnowledgeChunkRow> KnowledgeDocumentRows::knowledgeChunk(const std::string& id) {
  auto& st = st_->chunk.reset().bind(1, id);
  if (!st.step()) return std::nullopt;
  KnowledgeChunkRow c = readChunk(st);
  st.reset();
  return c;
}

size_t KnowledgeDocumentRows::knowledgeChunkCount(const std::string& workspaceUri, int level) {
  auto& st = st_->count.reset().bind(1, workspaceUri).bind(2, int64_t{level});
  size_t n = st.step() ? static_cast<size_t>(st.integer(0)) : 0;
  st.reset();
  return n;
}

void KnowledgeDocumentRows::replaceKnowledgeSummaries(const std::string& workspaceUri,
                                                      const std::vector<KnowledgeChunkRow>& summaries) {
  st_->removeSummaries.reset().bind(1, workspaceUri).run();
  for (const auto& c : summaries) st_->insertChunk(c);
}

void KnowledgeDocumentRows::putKnowledgeSummary(const KnowledgeChunkRow& summary) { st_->insertChunk(summary); }

std::vector<KnowledgeChunkRank> KnowledgeDocumentRows::knowledgeBm25(const std::string& workspaceUri,
                                                                     const std::string& match, bool summaries,
                                                                     size_t limit) {
  std::vector<KnowledgeChunkRank> out;
  if (match.empty() || limit == 0) return out;
  auto& st = (summaries ? st_->bm25Summaries : st_->bm25Leaves)
                 .reset()
                 .bind(1, sql::searchMatch(st_->db, match))
                 .bind(2, workspaceUri)
                 .bind(3, static_cast<int64_t>(limit));
  while (st.step()) out.push_back({st.text(0), st.real(1)});
  return out;
}

KnowledgeStateRow KnowledgeDocumentRows::knowledgeState(const std::string& workspaceUri) {
  KnowledgeStateRow s;
  s.workspaceUri = workspaceUri;
  auto& st = st_->state.reset().bind(1, workspaceUri);
  if (st.step()) {
    s.ingestedAt = st.optInteger(0);
    for (const auto& n : splitOn(st.text(1), ' ')) s.levels.push_back(std::stoi(n));
    s.starters = splitOn(st.text(2), '\n');
  }
  st.reset();
  return s;
}

void KnowledgeDocumentRows::putKnowledgeState(const KnowledgeStateRow& s) {
  st_->putState.reset()
      .bind(1, s.workspaceUri)
      .bind(2, s.ingestedAt)
      .bind(3, joinWith(s.levels, ' '))
      .bind(4, joinWith(s.starters, '\n'))
      .run();
}

}  // namespace grove
