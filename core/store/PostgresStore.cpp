#include "store/PostgresStore.h"

#include "store/Postgres.h"
#include "store/PostgresMigrations.h"
#include "support/Error.h"

namespace grove {

using sql::Stmt;

bool isPostgresAddress(const std::string& db) {
  return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
}

struct PostgresStore::Impl {
  pg::Db db;
  int depth = 0;
  Stmt search;

  explicit Impl(const Options& o) : db(o.conninfo, o.schema) {
    if (o.exclusive) holdAlone();
    migratePostgres(db);
    // Every word a prefix term, all of them required (as FTS5's query is);
    // the snippet marks matches as SQLite's does.
    search = Stmt(db,
                  "SELECT u.id, u.project_id, ts_headline('simple', u.content, q, "
                  "'StartSel=[, StopSel=], MaxWords=12, MinWords=4, MaxFragments=1, "
                  "FragmentDelimiter=…'), ts_rank_cd(u.search, q) "
                  "FROM units u JOIN projects p ON p.id = u.project_id, "
                  "to_tsquery('simple', ?1) q "
                  "WHERE u.search @@ q AND u.removed=0 AND p.deleted_at IS NULL "
                  "AND (CAST(?2 AS TEXT) IS NULL OR u.project_id=?2) "
                  "ORDER BY 4 DESC, u.rowid LIMIT ?3");
  }

  // A session advisory lock keyed by the schema: held until the connection
  // closes, so a core that dies lets the next one in.
  void holdAlone() {
    Stmt st(db, "SELECT pg_try_advisory_lock(hashtext('grove-core:' || current_schema()))");
    if (!st.step() || st.integer(0) != 1)
      throw Error::storage("another grove-server already serves the PostgreSQL store " + db.path() +
                           " (schema " + currentSchema() +
                           "); one core per database for now: connect editors to that one (--listen)");
  }

  std::string currentSchema() {
    Stmt st(db, "SELECT current_schema()");
    return st.step() ? st.text(0) : std::string("?");
  }
};

PostgresStore::PostgresStore(Options options) : impl_(std::make_unique<Impl>(options)) {
  openRows(impl_->db);
}

PostgresStore::~PostgresStore() {
  closeRows();  // their statements before the connection
  if (impl_->depth > 0) {
    try {
      impl_->db.exec("ROLLBACK");
    } catch (const std::exception&) {
      // The server rolls back an open transaction when the connection ends.
    }
  }
}

void PostgresStore::begin() {
  auto& i = *impl_;
  i.db.exec(i.depth == 0 ? "BEGIN" : ("SAVEPOINT s" + std::to_string(i.depth)).c_str());
  ++i.depth;
}

void PostgresStore::commit() {
  auto& i = *impl_;
  if (i.depth == 0) return;
  --i.depth;
  if (i.depth > 0) {
    i.db.exec(("RELEASE SAVEPOINT s" + std::to_string(i.depth)).c_str());
    return;
  }
  // A failed COMMIT ends the transaction too (PostgreSQL rolls it back).
  i.db.exec("COMMIT");
}

void PostgresStore::rollback() {
  auto& i = *impl_;
  if (i.depth == 0) return;
  --i.depth;
  if (i.depth == 0) {
    i.db.exec("ROLLBACK");
  } else {
    std::string sp = "s" + std::to_string(i.depth);
    i.db.exec(("ROLLBACK TO SAVEPOINT " + sp + "; RELEASE SAVEPOINT " + sp).c_str());
  }
}

int PostgresStore::depth() const { return impl_->depth; }

std::vector<SearchHit> PostgresStore::search(const std::string& query,
                                             const std::optional<std::string>& projectId,
                                             int limit) {
  // Words are letters, digits and `_` only, so quoting them is enough to
  // keep user input out of tsquery syntax.
  std::string tsquery;
  for (const auto& word : searchWords(query)) {
    if (!tsquery.empty()) tsquery += " & ";
    tsquery += "'" + word + "':*";
  }
  std::vector<SearchHit> out;
  if (tsquery.empty()) return out;
  auto& st = impl_->search.reset().bind(1, tsquery).bind(2, projectId).bind(3, int64_t(limit));
  while (st.step()) out.push_back({st.text(0), st.text(1), st.text(2), st.real(3)});
  return out;
}

int PostgresStore::schemaVersion() { return postgresSchemaVersion(impl_->db); }

}  // namespace grove
