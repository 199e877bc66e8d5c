#include "store/Migrations.h"

#include <string>

#include "store/AccessTokenRows.h"
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
    // 3: structure suggestions, capsules (global, enabled per project), the
    // structure event log the user model learns from, the user model's reset
    // point, and each project's initiative policy.
    R"sql(
CREATE TABLE suggestions(
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  anchor_ids TEXT NOT NULL,  -- JSON array of unit ids
  reason TEXT NOT NULL,
  confidence REAL NOT NULL,
  source TEXT NOT NULL,
  state TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  title TEXT,
  trigger_unit_id TEXT,
  delegated INTEGER NOT NULL DEFAULT 0,
  capsule_type TEXT,
  resolved_at INTEGER
);
CREATE INDEX suggestions_project ON suggestions(project_id, created_at);
CREATE TABLE capsules(
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  instruction TEXT NOT NULL,
  example TEXT NOT NULL,
  requires_review INTEGER NOT NULL,
  reviewed INTEGER NOT NULL DEFAULT 0,
  source TEXT NOT NULL,
  project_id TEXT NOT NULL,  -- where it was extracted; capsules outlive projects
  source_unit_ids TEXT NOT NULL,  -- JSON array
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE capsule_enabled(
  capsule_id TEXT NOT NULL REFERENCES capsules(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  enabled_at INTEGER NOT NULL,
  PRIMARY KEY(capsule_id, project_id)
) WITHOUT ROWID;
CREATE INDEX capsule_enabled_project ON capsule_enabled(project_id, enabled_at);
CREATE TABLE structure_events(
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL,
  outcome TEXT NOT NULL,
  action TEXT NOT NULL,
  suggestion_id TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE TABLE user_model(
  id INTEGER PRIMARY KEY CHECK (id = 1),
  reset_after INTEGER NOT NULL
);
INSERT INTO user_model(id, reset_after) VALUES (1, 0);
CREATE TABLE initiative(
  project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  level TEXT NOT NULL,
  cooldown_turns INTEGER NOT NULL,
  max_per_hour INTEGER NOT NULL,
  turns_since_card INTEGER NOT NULL,
  last_trigger_id TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
)sql",
    // 4: memolets (issue 8) with their sources, a BM25 index over title,
    // keywords and code-aware text tokens (`terms`, memory::ftsDocument), a
    // vocabulary view of it for TF-IDF keywords, each conversation's
    // segmentation history, and the per-project sandbox with its groups.
    R"sql(
CREATE TABLE memolets(
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  keywords TEXT NOT NULL,  -- space-separated terms
  summary TEXT NOT NULL,
  text TEXT NOT NULL,      -- empty while every source unit is deleted (hidden)
  terms TEXT NOT NULL,     -- what BM25 indexes
  span_unit_id TEXT,
  span_start INTEGER,
  span_end INTEGER,
  parent_id TEXT,
  cluster INTEGER NOT NULL DEFAULT 0,
  x REAL NOT NULL DEFAULT 0.5,
  y REAL NOT NULL DEFAULT 0.5,
  vector BLOB NOT NULL,
  embedding BLOB,
  embedding_model TEXT,
  tail_unit_id TEXT,
  segment_sum BLOB,
  exchanges INTEGER NOT NULL DEFAULT 0,
  closed INTEGER NOT NULL DEFAULT 0,
  manual INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX memolets_project ON memolets(project_id, rowid);
CREATE INDEX memolets_open ON memolets(tail_unit_id) WHERE closed = 0 AND manual = 0;
CREATE TABLE memolet_sources(
  memolet_id TEXT NOT NULL REFERENCES memolets(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  unit_id TEXT NOT NULL,
  PRIMARY KEY(memolet_id, ord)
) WITHOUT ROWID;
CREATE INDEX memolet_sources_unit ON memolet_sources(unit_id);
CREATE VIRTUAL TABLE memolets_fts USING fts5(
  title, keywords, terms, content='memolets', content_rowid='rowid');
CREATE VIRTUAL TABLE memolets_vocab USING fts5vocab(memolets_fts, 'row');
CREATE TRIGGER memolets_fts_insert AFTER INSERT ON memolets BEGIN
  INSERT INTO memolets_fts(rowid, title, keywords, terms)
    VALUES (new.rowid, new.title, new.keywords, new.terms);
END;
CREATE TRIGGER memolets_fts_delete AFTER DELETE ON memolets BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms)
    VALUES ('delete', old.rowid, old.title, old.keywords, old.terms);
END;
CREATE TRIGGER memolets_fts_update AFTER UPDATE OF title, keywords, terms ON memolets BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms)
    VALUES ('delete', old.rowid, old.title, old.keywords, old.terms);
  INSERT INTO memolets_fts(rowid, title, keywords, terms)
    VALUES (new.rowid, new.title, new.keywords, new.terms);
END;
CREATE TABLE memolet_segmentation(
  project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  history TEXT NOT NULL  -- consecutive-exchange similarities, space-separated
) WITHOUT ROWID;
CREATE TABLE sandbox_items(
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  memolet_id TEXT NOT NULL REFERENCES memolets(id) ON DELETE CASCADE,
  added_at INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY(project_id, memolet_id)
) WITHOUT ROWID;
CREATE TABLE sandbox_groups(
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sandbox_groups_project ON sandbox_groups(project_id, created_at);
CREATE TABLE sandbox_group_members(
  group_id TEXT NOT NULL REFERENCES sandbox_groups(id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  memolet_id TEXT NOT NULL,
  PRIMARY KEY(group_id, ord)
) WITHOUT ROWID;
)sql",
    // 5: memolet indexing runs after the append that made an exchange, in
    // batches off the request path; this is how far each project got. A store
    // from before indexed every exchange as it landed, so it starts caught up.
    R"sql(
CREATE TABLE memolet_progress(
  project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  next_seq INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO memolet_progress(project_id, next_seq) SELECT id, next_seq FROM projects;
)sql",
    // 6: history imports (issue 18). A project remembers the source session it
    // was imported from, and each unit the source message it came from, so
    // importing the same source again adds only what was appended since.
    R"sql(
CREATE TABLE import_sessions(
  kind TEXT NOT NULL,
  source_id TEXT NOT NULL,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  PRIMARY KEY(kind, source_id)
) WITHOUT ROWID;
CREATE TABLE import_units(
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  source_id TEXT NOT NULL,
  unit_id TEXT NOT NULL,
  PRIMARY KEY(project_id, source_id)
) WITHOUT ROWID;
)sql",
    // 7: Contexty's board (issue 16). Board items ARE memolets, and a
    // capture that was never sent to a conversation belongs to its workspace
    // alone, so memolets.project_id becomes nullable: SQLite cannot drop a NOT
    // NULL, so the table is rebuilt (rowids kept, so the FTS index stays
    // valid). Dropping it cascades to its sources and sandbox rows, which are
    // kept aside and put back. The board's own state sits beside: one row per
    // item keyed by memolet id, groups, links, each board's header and its
    // undo log.
    R"sql(
CREATE TABLE board_keep_sources AS SELECT * FROM memolet_sources;
CREATE TABLE board_keep_sandbox AS SELECT * FROM sandbox_items;
CREATE TABLE memolets_next(
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  project_id TEXT REFERENCES projects(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  keywords TEXT NOT NULL,
  summary TEXT NOT NULL,
  text TEXT NOT NULL,
  terms TEXT NOT NULL,
  span_unit_id TEXT,
  span_start INTEGER,
  span_end INTEGER,
  parent_id TEXT,
  cluster INTEGER NOT NULL DEFAULT 0,
  x REAL NOT NULL DEFAULT 0.5,
  y REAL NOT NULL DEFAULT 0.5,
  vector BLOB NOT NULL,
  embedding BLOB,
  embedding_model TEXT,
  tail_unit_id TEXT,
  segment_sum BLOB,
  exchanges INTEGER NOT NULL DEFAULT 0,
  closed INTEGER NOT NULL DEFAULT 0,
  manual INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
INSERT INTO memolets_next SELECT rowid, id, project_id, title, keywords, summary, text, terms,
  span_unit_id, span_start, span_end, parent_id, cluster, x, y, vector, embedding, embedding_model,
  tail_unit_id, segment_sum, exchanges, closed, manual, created_at, updated_at FROM memolets;
DROP TABLE memolets;
ALTER TABLE memolets_next RENAME TO memolets;
CREATE INDEX memolets_project ON memolets(project_id, rowid);
CREATE INDEX memolets_open ON memolets(tail_unit_id) WHERE closed = 0 AND manual = 0;
CREATE TRIGGER memolets_fts_insert AFTER INSERT ON memolets BEGIN
  INSERT INTO memolets_fts(rowid, title, keywords, terms)
    VALUES (new.rowid, new.title, new.keywords, new.terms);
END;
CREATE TRIGGER memolets_fts_delete AFTER DELETE ON memolets BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms)
    VALUES ('delete', old.rowid, old.title, old.keywords, old.terms);
END;
CREATE TRIGGER memolets_fts_update AFTER UPDATE OF title, keywords, terms ON memolets BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms)
    VALUES ('delete', old.rowid, old.title, old.keywords, old.terms);
  INSERT INTO memolets_fts(rowid, title, keywords, terms)
    VALUES (new.rowid, new.title, new.keywords, new.terms);
END;
INSERT INTO memolet_sources SELECT * FROM board_keep_sources;
INSERT INTO sandbox_items SELECT * FROM board_keep_sandbox;
DROP TABLE board_keep_sources;
DROP TABLE board_keep_sandbox;
CREATE TABLE board_items(
  memolet_id TEXT PRIMARY KEY REFERENCES memolets(id) ON DELETE CASCADE,
  workspace_uri TEXT NOT NULL,
  kind TEXT NOT NULL,        -- chat | snippet | note
  source TEXT,               -- JSON, as units.source
  memo TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL,        -- JSON array
  context TEXT NOT NULL,
  group_id TEXT,
  archived INTEGER NOT NULL DEFAULT 0,
  hidden INTEGER NOT NULL DEFAULT 0,
  user_edited TEXT NOT NULL, -- JSON array of field names
  badges TEXT NOT NULL,      -- JSON array
  placement TEXT             -- JSON, the last placement
) WITHOUT ROWID;
CREATE INDEX board_items_workspace ON board_items(workspace_uri, group_id);
CREATE TABLE board_groups(
  id TEXT PRIMARY KEY,
  workspace_uri TEXT NOT NULL,
  parent_id TEXT,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  user_edited TEXT NOT NULL,
  origin TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  membership_changes INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX board_groups_workspace ON board_groups(workspace_uri, created_at);
CREATE TABLE board_links(
  id TEXT PRIMARY KEY,
  workspace_uri TEXT NOT NULL,
  from_id TEXT NOT NULL,
  to_id TEXT NOT NULL,
  label TEXT,
  origin TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX board_links_workspace ON board_links(workspace_uri, created_at);
CREATE TABLE boards(
  workspace_uri TEXT PRIMARY KEY,
  revision INTEGER NOT NULL DEFAULT 0,
  next_seq INTEGER NOT NULL DEFAULT 1,
  settings TEXT NOT NULL,    -- JSON BoardSettings
  understanding TEXT NOT NULL DEFAULT '',
  understanding_at INTEGER,
  understanding_source TEXT NOT NULL DEFAULT 'native'
) WITHOUT ROWID;
CREATE TABLE board_ops(
  workspace_uri TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,     -- JSON before/after images
  undone INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  author TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(workspace_uri, seq)
) WITHOUT ROWID;
-- Redo and "forget the redo stack" find the undone entries without reading
-- every done one (a board's log grows by one entry per capture).
CREATE INDEX board_ops_undone ON board_ops(workspace_uri, seq) WHERE undone = 1;
)sql",
    // 8: knowledge maps (issue 17): one per workspace, stored whole as JSON (a
    // map is read and written as a unit by every call), with an undo log of
    // before/after images and the ask turns (KnowledgeTurn JSON).
    R"sql(
CREATE TABLE knowledge_maps(
  workspace_uri TEXT PRIMARY KEY,
  revision INTEGER NOT NULL,
  graph TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE knowledge_log(
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_uri TEXT NOT NULL,
  op TEXT NOT NULL,
  actor TEXT NOT NULL,
  at INTEGER NOT NULL,
  undone INTEGER NOT NULL DEFAULT 0,
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  changed TEXT NOT NULL
);
CREATE INDEX knowledge_log_workspace ON knowledge_log(workspace_uri, seq);
CREATE TABLE knowledge_turns(
  id TEXT PRIMARY KEY,
  workspace_uri TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  node_id TEXT,
  turn TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX knowledge_turns_workspace ON knowledge_turns(workspace_uri, created_at);
)sql",
    // 9: knowledge map documents (issue 17, DESIGN §11.3): a workspace's ingested
    // documents, their chunks with file ranges (level 0) and the summary tree
    // above them (levels >= 1, `children` space-separated ids), BM25 over the
    // chunks' code-aware terms, and what the last ingest left (levels, starters).
    R"sql(
CREATE TABLE knowledge_documents(
  workspace_uri TEXT NOT NULL,
  uri TEXT NOT NULL,
  title TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  chunks INTEGER NOT NULL,
  ingested_at INTEGER NOT NULL,
  PRIMARY KEY(workspace_uri, uri)
) WITHOUT ROWID;
CREATE TABLE knowledge_chunks(
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  workspace_uri TEXT NOT NULL,
  uri TEXT NOT NULL,
  level INTEGER NOT NULL,
  ordinal INTEGER NOT NULL,
  start_line INTEGER NOT NULL,
  start_char INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  end_char INTEGER NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  terms TEXT NOT NULL,
  children TEXT NOT NULL
);
CREATE INDEX knowledge_chunks_document ON knowledge_chunks(workspace_uri, uri, level);
CREATE INDEX knowledge_chunks_level ON knowledge_chunks(workspace_uri, level);
CREATE VIRTUAL TABLE knowledge_chunks_fts USING fts5(terms, content='knowledge_chunks', content_rowid='rowid');
CREATE TRIGGER knowledge_chunks_fts_insert AFTER INSERT ON knowledge_chunks BEGIN
  INSERT INTO knowledge_chunks_fts(rowid, terms) VALUES (new.rowid, new.terms);
END;
CREATE TRIGGER knowledge_chunks_fts_delete AFTER DELETE ON knowledge_chunks BEGIN
  INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
END;
CREATE TRIGGER knowledge_chunks_fts_update AFTER UPDATE OF terms ON knowledge_chunks BEGIN
  INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
  INSERT INTO knowledge_chunks_fts(rowid, terms) VALUES (new.rowid, new.terms);
END;
CREATE TABLE knowledge_state(
  workspace_uri TEXT PRIMARY KEY,
  ingested_at INTEGER,
  levels TEXT NOT NULL,    -- node counts per level, leaves first, space-separated
  starters TEXT NOT NULL   -- starter questions, one a line
) WITHOUT ROWID;
)sql",
    // 10: captured code's provenance and anchors (issue 16). The new Source
    // fields live in the unit's source JSON (an old row reads as unknown and
    // unchecked), so no column changes; re-anchoring reads every live code
    // unit of a workspace's projects after each save, and this index keeps
    // that a range scan instead of a walk over every unit.
    R"sql(
CREATE INDEX units_code ON units(project_id, seq) WHERE kind = 'code' AND removed = 0;
)sql",
    // 11: board cards (issue 16, DESIGN §11.4): evolve and reorganize
    // suggestions of a workspace board. Their own table, not `suggestions`:
    // that one's project_id is NOT NULL with a cascade (SQLite would need a
    // rebuild to relax it) and everything that reads it (passing cards by on
    // send, the user model, the initiative limits) is per project and must
    // not see board cards. `ops` is the JSON array of BoardOps.
    R"sql(
CREATE TABLE board_cards(
  id TEXT PRIMARY KEY,
  workspace_uri TEXT NOT NULL,
  kind TEXT NOT NULL,
  item_ids TEXT NOT NULL,
  reason TEXT NOT NULL,
  confidence REAL NOT NULL,
  source TEXT NOT NULL,
  state TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  title TEXT,
  ops TEXT NOT NULL,
  resolved_at INTEGER
);
CREATE INDEX board_cards_workspace ON board_cards(workspace_uri, created_at);
)sql",
    // 12: knowledge-map cards (issue 17, DESIGN §11.4): child and knowledgeEdit
    // suggestions share board_cards (one id space and one list per workspace);
    // `knowledge` holds their KnowledgeOps, relation and citations as JSON,
    // null for a board card (whose `ops` are BoardOps).
    R"sql(
ALTER TABLE board_cards ADD COLUMN knowledge TEXT;
)sql",
    // 13: knowledge-map settings (issue 17, grove/workspace/configure): one
    // JSON object per workspace, read whole, so its fields can grow without
    // another migration. A workspace never configured has no row (defaults).
    R"sql(
CREATE TABLE knowledge_settings(
  workspace_uri TEXT PRIMARY KEY,
  settings TEXT NOT NULL
) WITHOUT ROWID;
)sql",
    // 14: carried commits (issue 15, store/RedoLog.h): the last redo record
    // the database holds, committed with the records it covers.
    R"sql(
CREATE TABLE redo_state(
  id INTEGER PRIMARY KEY CHECK (id = 1),
  applied INTEGER NOT NULL
);
)sql",
    // 15: personal access tokens (issue 19, DESIGN §12): only the SHA-256 of
    // each token, in the store so every core on it shares them.
    kAccessTokensTable,
    // 16: scoped search that costs what the scope holds (issue 15). Both
    // full-text indexes gain a last column, `scope`: the project id as one
    // token (hex, whatever characters the id has). A project-scoped query
    // ANDs `scope:"<hex>"` with its terms, so FTS5 walks that project's
    // entries only, where a join by rowid read a page per match in the whole
    // store. The column weighs 0 in every bm25() call. The indexes read
    // their rows through views that compute the column. A hidden memolet
    // (no text, so no terms) has no scope: a scoped match never reads its
    // row to drop it. `usermerge` 2: the background merge
    // (Store::tidySearchIndexes) leaves one segment per level.
    R"sql(
DROP TRIGGER memolets_fts_insert;
DROP TRIGGER memolets_fts_delete;
DROP TRIGGER memolets_fts_update;
DROP TABLE memolets_vocab;
DROP TABLE memolets_fts;
CREATE VIEW memolets_search AS
  SELECT rowid AS rid, title, keywords, terms,
         CASE WHEN terms = '' THEN '' ELSE hex(project_id) END AS scope FROM memolets;
CREATE VIRTUAL TABLE memolets_fts USING fts5(
  title, keywords, terms, scope, content='memolets_search', content_rowid='rid');
CREATE VIRTUAL TABLE memolets_vocab USING fts5vocab(memolets_fts, 'row');
CREATE TRIGGER memolets_fts_insert AFTER INSERT ON memolets BEGIN
  INSERT INTO memolets_fts(rowid, title, keywords, terms, scope)
    VALUES (new.rowid, new.title, new.keywords, new.terms,
            CASE WHEN new.terms = '' THEN '' ELSE hex(new.project_id) END);
END;
CREATE TRIGGER memolets_fts_delete AFTER DELETE ON memolets BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms, scope)
    VALUES ('delete', old.rowid, old.title, old.keywords, old.terms,
            CASE WHEN old.terms = '' THEN '' ELSE hex(old.project_id) END);
END;
CREATE TRIGGER memolets_fts_update AFTER UPDATE OF title, keywords, terms, project_id ON memolets BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms, scope)
    VALUES ('delete', old.rowid, old.title, old.keywords, old.terms,
            CASE WHEN old.terms = '' THEN '' ELSE hex(old.project_id) END);
  INSERT INTO memolets_fts(rowid, title, keywords, terms, scope)
    VALUES (new.rowid, new.title, new.keywords, new.terms,
            CASE WHEN new.terms = '' THEN '' ELSE hex(new.project_id) END);
END;
INSERT INTO memolets_fts(memolets_fts) VALUES ('rebuild');
DROP TRIGGER units_fts_delete;
DROP TRIGGER units_fts_update;
DROP TABLE units_fts;
CREATE VIEW units_search AS SELECT rowid AS rid, content, hex(project_id) AS scope FROM units;
CREATE VIRTUAL TABLE units_fts USING fts5(
  content, scope, content='units_search', content_rowid='rid', tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER units_fts_delete AFTER DELETE ON units
  WHEN old.rowid <= (SELECT upto FROM fts_state) BEGIN
  INSERT INTO units_fts(units_fts, rowid, content, scope) VALUES ('delete', old.rowid, old.content, hex(old.project_id));
END;
CREATE TRIGGER units_fts_update AFTER UPDATE OF content, project_id ON units
  WHEN old.rowid <= (SELECT upto FROM fts_state) BEGIN
  INSERT INTO units_fts(units_fts, rowid, content, scope) VALUES ('delete', old.rowid, old.content, hex(old.project_id));
  INSERT INTO units_fts(rowid, content, scope) VALUES (new.rowid, new.content, hex(new.project_id));
END;
INSERT INTO units_fts(rowid, content, scope)
  SELECT rowid, content, hex(project_id) FROM units WHERE rowid <= (SELECT upto FROM fts_state) ORDER BY rowid;
INSERT INTO units_fts(units_fts, rank) VALUES ('usermerge', 2);
INSERT INTO memolets_fts(memolets_fts, rank) VALUES ('usermerge', 2);
)sql",
    // 17: a map's outline, kept apart from the text (issue 15). A structure
    // read (grove/project/structure) visits every live unit of a project;
    // from `units` it touches every page of the units' text (65 MB for
    // 100,000 units), and a process that has just mapped the store pays a
    // page fault for each. unit_outline holds, for each live unit, the
    // columns that read needs and the first 100 characters of the content
    // (the most it shows, Engine::kOutlineHeadChars), in the order it reads
    // them: a third of the pages, read in one range. Triggers keep it, so
    // every way a unit is written (a store copy, a project's cascade
    // delete) keeps it too. A table rather than a covering index on `units`:
    // an index needs the head as a column of `units` as well, and that
    // stored it twice (45 MB more for 100,000 units instead of 23), and it
    // looked better to the planner than the partial indexes of the pinned
    // and code units' reads.
    R"sql(
CREATE TABLE unit_outline(
  project_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  id TEXT NOT NULL,
  parent_id TEXT,
  role TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  scope TEXT NOT NULL,
  starts_branch INTEGER NOT NULL,
  source TEXT,
  head TEXT NOT NULL,
  PRIMARY KEY(project_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER unit_outline_insert AFTER INSERT ON units WHEN new.removed = 0 BEGIN
  INSERT INTO unit_outline VALUES (new.project_id, new.seq, new.id, new.parent_id, new.role, new.kind,
    new.status, new.scope, new.starts_branch, new.source, substr(new.content, 1, 100));
END;
CREATE TRIGGER unit_outline_update AFTER UPDATE ON units BEGIN
  DELETE FROM unit_outline WHERE project_id = old.project_id AND seq = old.seq;
  INSERT INTO unit_outline SELECT new.project_id, new.seq, new.id, new.parent_id, new.role, new.kind,
    new.status, new.scope, new.starts_branch, new.source, substr(new.content, 1, 100) WHERE new.removed = 0;
END;
CREATE TRIGGER unit_outline_delete AFTER DELETE ON units BEGIN
  DELETE FROM unit_outline WHERE project_id = old.project_id AND seq = old.seq;
END;
INSERT INTO unit_outline SELECT project_id, seq, id, parent_id, role, kind, status, scope, starts_branch,
  source, substr(content, 1, 100) FROM units WHERE removed = 0 ORDER BY project_id, seq;
)sql",
    // 18: the memolets' full-text terms computed, not stored (issue 15).
    // `terms` held memory::ftsDocument(text), a second copy of every
    // memolet's text (50 MB of pi-compare's 330 MB store), read only by the
    // FTS triggers. They now call grove_fts_document(text)
    // (store/FtsDocumentFunction), and `terms` stays '' on SQLite
    // (PostgreSQL's tsvector is generated from it, so it keeps it). A hidden
    // memolet (no text) is not in the index at all, where it had an entry
    // of title and keywords that every global match had to drop by reading
    // its row. The index is rebuilt: stems written by an older tokenizer
    // would not be deleted by today's. A trigger runs only when what the
    // index holds changed (an upsert writes every column).
    R"sql(
DROP TRIGGER memolets_fts_insert;
DROP TRIGGER memolets_fts_delete;
DROP TRIGGER memolets_fts_update;
DROP VIEW memolets_search;
UPDATE memolets SET terms = '' WHERE terms != '';
CREATE VIEW memolets_search AS
  SELECT rowid AS rid, title, keywords, grove_fts_document(text) AS terms, hex(project_id) AS scope
  FROM memolets WHERE text != '';
CREATE TRIGGER memolets_fts_insert AFTER INSERT ON memolets WHEN new.text != '' BEGIN
  INSERT INTO memolets_fts(rowid, title, keywords, terms, scope)
    VALUES (new.rowid, new.title, new.keywords, grove_fts_document(new.text), hex(new.project_id));
END;
CREATE TRIGGER memolets_fts_delete AFTER DELETE ON memolets WHEN old.text != '' BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms, scope)
    VALUES ('delete', old.rowid, old.title, old.keywords, grove_fts_document(old.text), hex(old.project_id));
END;
CREATE TRIGGER memolets_fts_update AFTER UPDATE OF title, keywords, text, project_id ON memolets
  WHEN old.text IS NOT new.text OR old.title IS NOT new.title OR old.keywords IS NOT new.keywords
    OR old.project_id IS NOT new.project_id BEGIN
  INSERT INTO memolets_fts(memolets_fts, rowid, title, keywords, terms, scope)
    SELECT 'delete', old.rowid, old.title, old.keywords, grove_fts_document(old.text), hex(old.project_id)
    WHERE old.text != '';
  INSERT INTO memolets_fts(rowid, title, keywords, terms, scope)
    SELECT new.rowid, new.title, new.keywords, grove_fts_document(new.text), hex(new.project_id)
    WHERE new.text != '';
END;
INSERT INTO memolets_fts(memolets_fts) VALUES ('rebuild');
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

std::string scopedFtsMatch(const std::string& matchParam, const std::string& projectParam) {
  return "('scope:\"' || hex(" + projectParam + ") || '\" AND (' || " + matchParam + " || ')')";
}

void migrateTo(sqlite::Db& db, int target) {
  int version = userVersion(db);
  // A damaged header can hold any number here; a negative one would index
  // before the first migration (found by tests/fuzz StoreOpenFuzz).
  if (version < 0)
    throw Error::storage("store schema version " + std::to_string(version) +
                         " is not valid: the file is damaged or not a Grove store; restore a backup "
                         "(grove-server --restore)");
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

void requireCurrentSchema(sqlite::Db& db) {
  int version = userVersion(db);
  if (version != kCount)
    throw Error::storage("the store " + db.path() + " is read-only for this account and has schema " +
                         std::to_string(version) + " where this Grove needs " +
                         std::to_string(kCount) + ": open it once where it is writable");
}

}  // namespace grove
