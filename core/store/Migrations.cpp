#include "store/Migrations.h"

#include <string>

#include "support/Error.h"

namespace grove {
namespace {

// Append new migrations at the end; never edit one that has shipped.
const char* const kMigrations[] = {
    // 1: projects, units, revisions, branch metadata, the operation log.
    R"sql(
CREATE TABLE projects(
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  workspace_uri TEXT,
  mainline_start_id TEXT,
  mainline_end_id TEXT,
  cursor_id TEXT,
  revision INTEGER NOT NULL DEFAULT 0,
  next_seq INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE TABLE units(
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES units(id),
  role TEXT NOT NULL,
  kind TEXT NOT NULL,
  content TEXT NOT NULL,
  status TEXT NOT NULL,
  scope TEXT NOT NULL,
  seq INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  edited_at INTEGER,
  source TEXT,
  starts_branch INTEGER NOT NULL DEFAULT 0,
  removed INTEGER NOT NULL DEFAULT 0,
  author TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX units_project_seq ON units(project_id, seq);
CREATE INDEX units_parent ON units(parent_id, removed, starts_branch);
CREATE INDEX units_scoped ON units(project_id, seq) WHERE scope != 'auto' AND removed = 0;
CREATE INDEX units_roots ON units(project_id) WHERE parent_id IS NULL AND removed = 0;
CREATE TABLE revisions(
  id INTEGER PRIMARY KEY,
  unit_id TEXT NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  edited_at INTEGER NOT NULL
);
CREATE INDEX revisions_unit ON revisions(unit_id, id);
CREATE TABLE branches(
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  head_id TEXT NOT NULL,
  title TEXT,
  intent TEXT,
  status TEXT NOT NULL DEFAULT 'open',
  summary TEXT,
  PRIMARY KEY(project_id, head_id)
) WITHOUT ROWID;
CREATE TABLE operations(
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,  -- small: a created unit is logged by id only
  undone INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  author TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(project_id, seq)
) WITHOUT ROWID;
-- Undo/redo and every new operation look for undone entries: keep them
-- findable without scanning a project's whole log.
CREATE INDEX operations_undone ON operations(project_id, seq) WHERE undone = 1;
)sql",
    // 2: full-text search over unit content. Rows up to fts_state.upto are
    // indexed; newer rows are indexed in batches by the store (one FTS5
    // segment per batch instead of one per appended unit, which is most of an
    // append's cost), always before a search reads the index. Triggers keep
    // already indexed rows in step when their text changes.
    R"sql(
CREATE VIRTUAL TABLE units_fts USING fts5(
  content, content='units', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
CREATE TABLE fts_state(id INTEGER PRIMARY KEY CHECK (id = 1), upto INTEGER NOT NULL);
INSERT INTO fts_state(id, upto) VALUES (1, 0);
CREATE TRIGGER units_fts_delete AFTER DELETE ON units
  WHEN old.rowid <= (SELECT upto FROM fts_state) BEGIN
  INSERT INTO units_fts(units_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
END;
CREATE TRIGGER units_fts_update AFTER UPDATE OF content ON units
  WHEN old.rowid <= (SELECT upto FROM fts_state) BEGIN
  INSERT INTO units_fts(units_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  INSERT INTO units_fts(rowid, content) VALUES (new.rowid, new.content);
END;
)sql",
};

constexpr int kCount = static_cast<int>(sizeof(kMigrations) / sizeof(kMigrations[0]));

int userVersion(sqlite::Db& db) {
  sqlite::Stmt st(db, "PRAGMA user_version");
  st.step();
  return static_cast<int>(st.integer(0));
}

}  // namespace

int latestSchemaVersion() { return kCount; }

void migrateTo(sqlite::Db& db, int target) {
  int version = userVersion(db);
  if (version > kCount)
    throw Error::storage("store schema version " + std::to_string(version) +
                         " is newer than this Grove understands (" + std::to_string(kCount) +
                         "); upgrade Grove");
  for (int v = version; v < target && v < kCount; ++v) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(kMigrations[v]);
      db.exec(("PRAGMA user_version = " + std::to_string(v + 1)).c_str());
      db.exec("COMMIT");
    } catch (...) {
      db.exec("ROLLBACK");
      throw;
    }
  }
}

void migrate(sqlite::Db& db) { migrateTo(db, kCount); }

}  // namespace grove
