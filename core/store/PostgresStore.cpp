#include "store/PostgresStore.h"


#include "store/Postgres.h"
#include "store/Sql.h"
#include "store/PostgresMigrations.h"
#include "store/ChangeNotice.h"
#include "support/Hash.h"
#include "support/Ids.h"
#include "support/Error.h"

namespace grove {

using sql::Stmt;

bool isPostgresAddress(const std::string& db) {
  return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
}

struct PostgresStore::Impl {
  pg::Db db;
  int depth = 0;
  Stmt search, unitMatches;

  explicit Impl(const Options& o) : db(o.conninfo, o.schema), instance(newId('c')) {
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
    unitMatches = Stmt(db,
                       "SELECT r.id, r.project_id, r.seq, s.memolet_id, s.ord, r.score FROM (SELECT u.id, u.project_id, u.seq, "
                       "ts_rank_cd(u.search, q) AS score FROM units u JOIN projects p ON p.id = u.project_id, "
                       "to_tsquery('simple', ?1) q "
                       "WHERE u.search @@ q AND u.removed=0 AND p.deleted_at IS NULL "
                       "AND (CAST(?2 AS TEXT) IS NULL OR u.project_id=?2) ORDER BY score DESC, u.rowid LIMIT ?3) r "
                       "JOIN memolet_sources s ON s.unit_id = r.id ORDER BY r.score DESC, r.id");
    lockProject = Stmt(db, "SELECT revision FROM projects WHERE id=? FOR UPDATE");
    Stmt current(db, "SELECT current_schema()");
    channel = changeChannel(current.step() ? current.text(0) : std::string());
    notify = Stmt(db, "SELECT pg_notify(?, ?)");
  }

  std::string instance;
  std::string channel;
  Stmt lockProject, notify;
};

PostgresStore::PostgresStore(Options options) : impl_(std::make_unique<Impl>(options)) {
  openRows(impl_->db);
}

PostgresStore::~PostgresStore() {
  closeRows();  // their statements before the connection
  if (impl_->depth > 0) {
    try {
      impl_->db.discardQueued();
      impl_->db.exec("ROLLBACK");
    } catch (const std::exception&) {
      // The server rolls back an open transaction when the connection ends.
    }
  }
}

// BEGIN and SAVEPOINT are queued: they go with the transaction's first
// read. RELEASE and COMMIT wait for everything queued before them, so a
// failure is thrown by the commit of the mutation that caused it, with the
// depth unchanged for the caller's rollback.
void PostgresStore::begin() {
  auto& i = *impl_;
  i.db.queue(i.depth == 0 ? "BEGIN" : ("SAVEPOINT s" + std::to_string(i.depth)).c_str());
  ++i.depth;
  i.db.setPipelining(true);
}

void PostgresStore::commit() {
  auto& i = *impl_;
  if (i.depth == 0) return;
  // A failed COMMIT ends the transaction too (PostgreSQL rolls it back); a
  // rollback after it only draws a warning.
  i.db.queue(i.depth > 1 ? ("RELEASE SAVEPOINT s" + std::to_string(i.depth - 1)).c_str() : "COMMIT");
  i.db.flush();
  --i.depth;
  i.db.setPipelining(i.depth > 0);
}

void PostgresStore::rollback() {
  auto& i = *impl_;
  if (i.depth == 0) return;
  --i.depth;
  i.db.setPipelining(i.depth > 0);
  i.db.discardQueued();  // what failed is being undone
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

std::vector<UnitMatch> PostgresStore::unitMatches(const std::string& match,
                                                  const std::optional<std::string>& projectId, int limit) {
  std::vector<UnitMatch> out;
  if (match.empty()) return out;
  auto& st = impl_->unitMatches.reset().bind(1, sql::tsquery(match)).bind(2, projectId).bind(3, int64_t(limit));
  while (st.step()) out.push_back({st.text(0), st.text(1), st.integer(2), st.text(3), static_cast<int>(st.integer(4)), st.real(5)});
  return out;
}

int PostgresStore::schemaVersion() { return postgresSchemaVersion(impl_->db); }

std::string changeChannel(const std::string& schema) {
  // A channel name holds at most 63 bytes: a longer schema name is cut and
  // told apart by a hash of the whole.
  std::string channel = "grove:" + schema;
  if (channel.size() <= 63) return channel;
  return channel.substr(0, 63 - 17) + ":" + fnv1aHex(schema);
}

const std::string& PostgresStore::instanceId() const { return impl_->instance; }

std::optional<int64_t> PostgresStore::lockProject(const std::string& projectId) {
  auto& st = impl_->lockProject.reset().bind(1, projectId);
  if (!st.step()) return std::nullopt;
  return st.integer(0);
}

void PostgresStore::announce(const std::string& kind, const std::string& id, int64_t revision,
                             const std::string& op, const std::vector<std::string>& ids) {
  // NOTIFY's payload holds under 8,000 bytes: past that the ids are left
  // out, and the other cores refresh all of it.
  ChangeNotice n{impl_->instance, kind, id, revision, op, ids};
  std::string payload = n.text();
  if (payload.size() > 7000) {
    n.ids.clear();
    payload = n.text();
  }
  impl_->notify.reset().bind(1, impl_->channel).bind(2, payload).run();
}

}  // namespace grove
