// The SQLite store: migrations, reopening, and history that survives a
// restart.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>

#include "../support/TestStore.h"
#include "engine/Engine.h"
#include "memory/FtsText.h"
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/SqliteStore.h"
#include "support/Error.h"

namespace grove::test {
namespace {

namespace fs = std::filesystem;

class StoreTest : public ::testing::Test {
protected:
  fs::path dir;
  std::string db;
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("grove-store-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    db = (dir / "grove.db").string();
  }
  void TearDown() override { fs::remove_all(dir); }
  std::unique_ptr<Engine> open() {
    return std::make_unique<Engine>(std::make_unique<SqliteStore>(SqliteStore::Options{db, false}));
  }
};

TEST_F(StoreTest, ProjectScopedBm25FindsTheProjectsMatchesBeyondTheGlobalTop) {
  auto engine = open();
  std::string crowd = engine->createProject("crowd", std::nullopt).id;
  std::string mine = engine->createProject("mine", std::nullopt).id;
  SqliteStore s({db, false});
  auto put = [&](const std::string& id, const std::string& project, const std::string& text) {
    Memolet m;
    m.id = id;
    m.projectId = project;
    m.title = "t";
    m.text = text;
    m.vector = "";
    s.memolets().putMemolet(m);
  };
  s.begin();
  // Documents without the term give it a positive IDF; the crowd's short
  // documents then outrank the long one in this project, more of them than
  // any fixed ranking depth (the store once ranked 2,000 deep, then filtered).
  for (int i = 0; i < 2200; ++i) put("m_other" + std::to_string(i), crowd, "yaml json ini " + std::to_string(i));
  for (int i = 0; i < 2100; ++i) put("m_crowd" + std::to_string(i), crowd, "toml");
  // One weak match: a long text mentioning the term once.
  put("m_mine", mine, "toml and then a long story about builds, caches, linkers, compilers, and tests");
  s.commit();
  auto hits = s.memolets().bm25(memory::ftsMatchQuery("toml"), mine, 10);
  ASSERT_EQ(hits.size(), 1u) << "the project's match is below the global top 10 and must still rank";
  EXPECT_EQ(hits[0].id, "m_mine");
  EXPECT_EQ(s.memolets().bm25(memory::ftsMatchQuery("toml"), std::nullopt, 10).size(), 10u);
}

// Migration 16 puts each row's project into the full-text indexes (the
// `scope` column) so a scoped search walks only that project's entries. A
// store from before is re-indexed by the migration: its rows are found in
// their own project and no other, a hidden memolet (no text) is not found
// in its project, and rows written afterwards follow the same rules.
TEST_F(StoreTest, ScopedSearchFindsRowsWrittenBeforeTheScopeWasIndexed) {
  {
    sqlite::Db raw(db);
    migrateTo(raw, 15);
    raw.exec(
        "INSERT INTO projects(id,title,created_at,updated_at) VALUES('p_1','t',0,0),('p_2','t',0,0);"
        "INSERT INTO units(id,project_id,role,kind,content,status,scope,seq,created_at) VALUES"
        "('u_1','p_1','user','message','legacy needle text','complete','auto',1,0),"
        "('u_2','p_2','user','message','another needle','complete','auto',1,0);"
        "INSERT INTO memolets(id,project_id,title,keywords,summary,text,terms,vector,created_at,updated_at) VALUES"
        "('m_1','p_1','Legacy','needle','s','legacy needle text','legaci needl text',x'',0,0),"
        "('m_2','p_2','Other','needle','s','another needle','anoth needl',x'',0,0),"
        "('m_h','p_1','Hidden needle','needle','s','','',x'',0,0);"
        "INSERT INTO memolet_sources(memolet_id,ord,unit_id) VALUES('m_1',0,'u_1'),('m_2',0,'u_2');");
  }
  SqliteStore s({db, false});
  ASSERT_EQ(s.schemaVersion(), latestSchemaVersion());
  const std::string needle = memory::ftsMatchQuery("needle");
  auto ids = [](const std::vector<MemoletRank>& ranks) {
    std::vector<std::string> out;
    for (const auto& r : ranks) out.push_back(r.id);
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(ids(s.memolets().bm25(needle, std::string("p_1"), 10)), std::vector<std::string>{"m_1"});
  EXPECT_EQ(ids(s.memolets().bm25(needle, std::string("p_2"), 10)), std::vector<std::string>{"m_2"});
  EXPECT_EQ(ids(s.memolets().bm25(needle, std::nullopt, 10)), (std::vector<std::string>{"m_1", "m_2"}));
  auto units = s.unitMatches("\"needl\"*", std::string("p_1"), 10);
  ASSERT_EQ(units.size(), 1u);
  EXPECT_EQ(units[0].unitId, "u_1");
  EXPECT_EQ(s.unitMatches("\"needl\"*", std::nullopt, 10).size(), 2u);

  // Written after the migration: indexed with its project; emptied (hidden),
  // it leaves its project's results.
  Memolet m = *s.memolets().memolet("m_2");
  m.id = "m_3";
  m.projectId = "p_1";
  s.memolets().putMemolet(m);
  EXPECT_EQ(ids(s.memolets().bm25(needle, std::string("p_1"), 10)), (std::vector<std::string>{"m_1", "m_3"}));
  m.text = "";
  s.memolets().putMemolet(m);
  EXPECT_EQ(ids(s.memolets().bm25(needle, std::string("p_1"), 10)), std::vector<std::string>{"m_1"});
  EXPECT_EQ(ids(s.memolets().bm25(needle, std::string("p_2"), 10)), std::vector<std::string>{"m_2"});
}

// Each commit leaves a small segment in a full-text index, and every query
// probes each segment; the indexing job merges them a step at a time
// (Store::tidySearchIndexes). The steps end, and every row is still found,
// in its project and across projects, units appended since included.
// Migration 18: the memolets' full-text index computes its terms from the
// text (grove_fts_document) instead of reading a stored copy. FTS5 removes
// an external-content entry by the terms it is handed, so every insert,
// update, hide and delete must hand it what it was given: its own
// integrity check (which re-reads the content) fails otherwise.
TEST_F(StoreTest, TheMemoletIndexComputesItsTermsAndStaysConsistentThroughEveryWrite) {
  SqliteStore s({db, false});
  sql::Db& conn = s.connection();
  auto consistent = [&] { conn.exec("INSERT INTO memolets_fts(memolets_fts, rank) VALUES ('integrity-check', 1)"); };
  auto found = [&](const std::string& words, std::optional<std::string> project = std::nullopt) {
    return s.memolets().bm25(memory::ftsMatchQuery(words), project, 10).size();
  };
  Memolet m = putMemoletInNewProject(s, "p_1", "m_1", "Parsing", "parse",
                                     "User: the parser crashes on tabs\nAssistant: normalise the indentation first");
  consistent();
  EXPECT_EQ(found("indentation"), 1u);
  EXPECT_EQ(found("indentation", "p_1"), 1u);

  m.text = "User: the parser crashes on tabs\nAssistant: expand tabs to spaces before parsing";
  s.memolets().putMemolet(m);  // an upsert: the old terms out, the new in
  consistent();
  EXPECT_EQ(found("indentation"), 0u);
  EXPECT_EQ(found("spaces"), 1u);
  s.memolets().putMemolet(m);  // the same row again: the index is left alone
  s.memolets().putPlacement("m_1", 0.2, 0.3, 1);
  consistent();

  m.text = "";  // hidden: out of the index, by its title too
  s.memolets().putMemolet(m);
  consistent();
  EXPECT_EQ(found("spaces"), 0u);
  EXPECT_EQ(found("parsing"), 0u);
  m.text = "User: tabs again\nAssistant: configure the editor to insert spaces";
  s.memolets().putMemolet(m);
  consistent();
  EXPECT_EQ(found("editor"), 1u);

  conn.exec("DELETE FROM memolets WHERE id = 'm_1'");
  consistent();
  EXPECT_EQ(found("editor"), 0u);
  sql::Stmt stored(conn, "SELECT count(*) FROM memolets WHERE terms != ''");
  ASSERT_TRUE(stored.step());
  EXPECT_EQ(stored.integer(0), 0) << "SQLite keeps no copy of the terms";
}

// A store from before migration 18 kept terms that an older tokenizer may
// have made differently; the migration empties them and rebuilds the index
// from the text, so what it deletes later is what it holds.
TEST_F(StoreTest, StoredTermsFromAnOlderTokenizerAreReplacedByTheTextsOwn) {
  {
    sqlite::Db raw(db);
    migrateTo(raw, 17);
    raw.exec(
        "INSERT INTO projects(id,title,created_at,updated_at) VALUES('p_1','t',0,0);"
        "INSERT INTO memolets(id,project_id,title,keywords,summary,text,terms,vector,created_at,updated_at) VALUES"
        "('m_1','p_1','Legacy','old','s','mount a named volume','oldstem volum',x'',0,0);");
  }
  SqliteStore s({db, false});
  ASSERT_EQ(s.schemaVersion(), latestSchemaVersion());
  EXPECT_EQ(s.memolets().bm25(memory::ftsMatchTokens({"oldstem"}), std::nullopt, 10).size(), 0u);
  EXPECT_EQ(s.memolets().bm25(memory::ftsMatchQuery("named"), std::nullopt, 10).size(), 1u);
  s.connection().exec("INSERT INTO memolets_fts(memolets_fts, rank) VALUES ('integrity-check', 1)");
  Memolet m = *s.memolets().memolet("m_1");
  m.text = "use a bind mount";
  s.memolets().putMemolet(m);
  s.connection().exec("INSERT INTO memolets_fts(memolets_fts, rank) VALUES ('integrity-check', 1)");
  EXPECT_EQ(s.memolets().bm25(memory::ftsMatchQuery("named"), std::nullopt, 10).size(), 0u);
  EXPECT_EQ(s.memolets().bm25(memory::ftsMatchQuery("bind"), std::nullopt, 10).size(), 1u);
}

TEST_F(StoreTest, TidyingTheSearchIndexesEndsAndKeepsEveryMatch) {
  auto engine = open();
  std::string p1 = engine->createProject("one", std::nullopt).id;
  std::string p2 = engine->createProject("two", std::nullopt).id;
  SqliteStore s({db, false});
  for (int i = 0; i < 50; ++i) {  // fifty commits: fifty segments before automerge
    Memolet m;
    m.id = "m_" + std::to_string(i);
    m.projectId = i % 2 ? p2 : p1;
    m.title = "t";
    m.text = "toml settings " + std::to_string(i);
    s.begin();
    s.memolets().putMemolet(m);
    s.commit();
  }
  int steps = 0;
  while (s.tidySearchIndexes(4)) ASSERT_LT(++steps, 10000) << "the upkeep never ends";
  EXPECT_GT(steps, 0) << "fifty commits left segments to merge";
  EXPECT_FALSE(s.tidySearchIndexes(4)) << "nothing written since: nothing to do";
  const std::string toml = memory::ftsMatchQuery("toml");
  EXPECT_EQ(s.memolets().bm25(toml, std::nullopt, 100).size(), 50u);
  EXPECT_EQ(s.memolets().bm25(toml, p1, 100).size(), 25u);
  EXPECT_EQ(s.memolets().bm25(toml, p2, 100).size(), 25u);
}

// A full-text merge inside a savepoint inside a transaction (the indexing
// job's step while commits are carried) journals more than a megabyte of
// pages. With SQLite 3.40 a statement journal allowed to spill past any size
// but its default failed such a merge with SQLITE_FULL ("database or disk is
// full") on a disk with room, and the error left the savepoints unbalanced:
// every later commit failed (seen building pi-compare's 100,000-unit tree).
TEST_F(StoreTest, AFullTextMergeInsideNestedSavepointsCommits) {
  auto engine = open();
  std::string p1 = engine->createProject("one", std::nullopt).id;
  SqliteStore s({db, false});
  uint32_t seed = 1;
  auto word = [&] {
    seed = seed * 1103515245u + 12345u;
    return "w" + std::to_string((seed >> 8) % 20000);
  };
  int n = 0;
  for (int round = 0; round < 12; ++round) {
    s.begin();
    for (int batch = 0; batch < 3; ++batch) {
      s.begin();
      for (int i = 0; i < 80; ++i) {
        Memolet m;
        m.id = "m_" + std::to_string(n++);
        m.projectId = p1;
        m.title = "t";
        for (int w = 0; w < 120; ++w) m.text += word() + " ";
        s.memolets().putMemolet(m);
      }
      s.commit();
      s.begin();
      ASSERT_NO_THROW(s.tidySearchIndexes(256)) << "round " << round;
      s.commit();
    }
    ASSERT_NO_THROW(s.commit()) << "round " << round;
  }
  // The last memolet written is found by its first word, merged or not.
  Memolet last = *s.memolets().memolet("m_" + std::to_string(n - 1));
  const auto hits = s.memolets().bm25(memory::ftsMatchQuery(last.text.substr(0, last.text.find(' '))),
                                      std::nullopt, 5000);
  EXPECT_TRUE(std::any_of(hits.begin(), hits.end(), [&](const MemoletRank& r) { return r.id == last.id; }));
}

// An fts5vocab cursor left open while the index was written later released a
// structure the writes had freed: heap corruption under load, never seen by
// the sanitizers because it happened inside SQLite. Reading a document
// frequency must leave no statement running.
TEST_F(StoreTest, ReadingADocumentFrequencyLeavesNoCursorOpen) {
  auto engine = open();
  std::string pid = engine->createProject("p", std::nullopt).id;
  SqliteStore s({db, false});
  Memolet m;
  m.id = "m_toml";
  m.projectId = pid;
  m.title = "t";
  m.text = "toml parser settings";
  s.begin();
  s.memolets().putMemolet(m);
  s.commit();
  ASSERT_EQ(s.memolets().documentFrequency("toml"), 1u) << "the term must be found, so its cursor had a row";
  EXPECT_EQ(s.runningStatements(), 0u);
}

TEST_F(StoreTest, FreshStoreIsAtTheLatestSchema) {
  SqliteStore s({db, false});
  EXPECT_EQ(s.schemaVersion(), latestSchemaVersion());
}

TEST_F(StoreTest, EveryHistoricalVersionMigratesForward) {
  for (int v = 0; v < latestSchemaVersion(); ++v) {
    fs::remove(db);
    {
      sqlite::Db raw(db);
      migrateTo(raw, v);
    }
    SqliteStore s({db, false});
    EXPECT_EQ(s.schemaVersion(), latestSchemaVersion()) << "from version " << v;
  }
}

// The search index takes appended units in batches; how many wait is counted
// when first needed, not at open (counting reads the last page of `units`,
// which a fresh process's first preview never touches). Units that waited when
// the store closed are found after it reopens, whether a search or an append
// comes first, and a batch that rolls back is counted again.
TEST_F(StoreTest, UnitsWaitingForTheSearchIndexAtCloseAreFoundAfterReopening) {
  std::string pid, last;
  {
    auto e = open();
    pid = e->createProject("p", std::nullopt).id;
    std::optional<std::string> parent;
    for (int i = 0; i < 3; ++i) parent = last = e->append({pid, parent, Role::User, Kind::Message, "needle " + std::to_string(i), {}, Status::Complete, {}}).id;
  }
  {
    auto e = open();
    EXPECT_EQ(e->search("needle", pid, 10).size(), 3u) << "a search first";
  }
  {
    auto e = open();
    last = e->append({pid, last, Role::User, Kind::Message, "needle 3", {}, Status::Complete, {}}).id;
    EXPECT_EQ(e->search("needle", pid, 10).size(), 4u) << "an append first";
  }
  {
    auto e = open();
    // A failed change rolls its transaction back; what waits is counted again.
    EXPECT_THROW(e->append({pid, std::string("u_nope"), Role::User, Kind::Message, "needle x", {}, Status::Complete, {}}), Error);
    e->append({pid, last, Role::User, Kind::Message, "needle 4", {}, Status::Complete, {}});
    EXPECT_EQ(e->search("needle", pid, 10).size(), 5u);
  }
}

TEST_F(StoreTest, SearchIndexIsRebuiltForRowsWrittenBeforeItExisted) {
  {
    sqlite::Db raw(db);
    migrateTo(raw, 1);
    raw.exec(
        "INSERT INTO projects(id,title,created_at,updated_at) VALUES('p_1','t',0,0);"
        "INSERT INTO units(id,project_id,role,kind,content,status,scope,seq,created_at) "
        "VALUES('u_1','p_1','user','message','legacy needle text','complete','auto',1,0);");
  }
  SqliteStore s({db, false});
  auto hits = s.search("needle", std::nullopt, 10);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].unitId, "u_1");
}

TEST_F(StoreTest, UnitsWrittenBeforeTheOutlineTableExistedAreInIt) {
  {
    sqlite::Db raw(db);
    migrateTo(raw, 16);
    raw.exec(
        "INSERT INTO projects(id,title,created_at,updated_at) VALUES('p_1','t',0,0);"
        "INSERT INTO units(id,project_id,role,kind,content,status,scope,seq,created_at) "
        "VALUES('u_1','p_1','user','message','written before migration 17','complete','auto',1,0);");
  }
  SqliteStore s({db, false});
  std::vector<std::string> heads;
  s.liveOutline("p_1", 10, [&](const OutlineRow& r) { heads.emplace_back(r.head); });
  EXPECT_EQ(heads, (std::vector<std::string>{"written be"}));
}

// A structure read of 100,000 units reads one range of unit_outline, not
// the pages of the units' text (migration 17).
TEST_F(StoreTest, TheOutlineIsReadFromItsOwnTableInOneRange) {
  { SqliteStore s({db, false}); }
  sqlite::Db raw(db);
  sqlite::Stmt plan(raw, (std::string("EXPLAIN QUERY PLAN ") + SqlStore::kLiveOutlineSqlite).c_str());
  std::string detail;
  while (plan.step()) detail += plan.text(3) + "\n";
  EXPECT_EQ(detail, "SEARCH unit_outline USING PRIMARY KEY (project_id=?)\n");
}

// Triggers keep the outline, so a unit written by any statement (not only
// the store's own) is in it: a removal takes it out, a restore and a move
// to another project put it back where it now is.
TEST_F(StoreTest, TheOutlineFollowsEveryWriteOfAUnit) {
  { SqliteStore s({db, false}); }
  sqlite::Db raw(db);
  raw.exec(
      "INSERT INTO projects(id,title,created_at,updated_at) VALUES('p_1','t',0,0),('p_2','t',0,0);"
      "INSERT INTO units(id,project_id,role,kind,content,status,scope,seq,created_at) VALUES"
      "('u_1','p_1','user','message','one','complete','auto',1,0),"
      "('u_2','p_1','user','message','two','complete','auto',2,0);"
      "UPDATE units SET removed=1 WHERE id='u_1';"
      "UPDATE units SET content='deux' WHERE id='u_2';");
  auto outline = [&] {
    std::string out;
    sqlite::Stmt st(raw, "SELECT project_id || ':' || id || ':' || head FROM unit_outline ORDER BY project_id, seq");
    while (st.step()) out += st.text(0) + " ";
    return out;
  };
  EXPECT_EQ(outline(), "p_1:u_2:deux ");
  raw.exec("UPDATE units SET removed=0 WHERE id='u_1'; UPDATE units SET project_id='p_2' WHERE id='u_2';");
  EXPECT_EQ(outline(), "p_1:u_1:one p_2:u_2:deux ");
  raw.exec("DELETE FROM units WHERE id='u_1';");
  EXPECT_EQ(outline(), "p_2:u_2:deux ");
}

TEST_F(StoreTest, NewerSchemaIsRefusedWithAClearMessage) {
  {
    sqlite::Db raw(db);
    raw.exec("PRAGMA user_version = 999");
  }
  try {
    SqliteStore s({db, false});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Storage);
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos);
  }
}

TEST_F(StoreTest, StoreIsInWalModeWithForeignKeys) {
  { SqliteStore s({db, false}); }
  sqlite3* h;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  sqlite3_stmt* st;
  sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &st, nullptr);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), "wal");
  sqlite3_finalize(st);
  sqlite3_close(h);
}

TEST_F(StoreTest, EverythingSurvivesReopenIncludingUndoAndRedo) {
  std::string pid, r, a, side;
  {
    auto e = open();
    pid = e->createProject("persist", std::nullopt).id;
    r = e->append({pid, std::nullopt, Role::User, Kind::Message, "root", {}, Status::Complete, {}}).id;
    a = e->append({pid, r, Role::Assistant, Kind::Message, "answer", {}, Status::Complete, {}}).id;
    side = e->append({pid, r, Role::User, Kind::Message, "side", {}, Status::Complete,
                      AppendRequest::BranchInfo{std::string("Side"), std::nullopt}})
               .id;
    e->edit(a, "answer v2");
    e->setScope({side}, ScopeChange::Included, std::nullopt);
    e->undo(pid);  // undo the include; redo must still work after a restart
  }
  {
    auto e = open();
    auto s = e->getProject(pid);
    EXPECT_EQ(s.units.size(), 3u);
    EXPECT_EQ(e->unit(a).content, "answer v2");
    EXPECT_EQ(e->revisions(a).size(), 1u);
    EXPECT_EQ(e->branchOf(side).title, "Side");
    EXPECT_EQ(e->unit(side).scope, ScopeState::Auto);
    e->redo(pid);
    EXPECT_EQ(e->unit(side).scope, ScopeState::Included);
    e->undo(pid);
    e->undo(pid);  // the edit
    EXPECT_EQ(e->unit(a).content, "answer");
  }
  {
    auto e = open();
    EXPECT_EQ(e->unit(a).content, "answer");
    // seq continues after a restart.
    auto next = e->append({pid, a, Role::User, Kind::Message, "more", {}, Status::Complete, {}});
    EXPECT_EQ(next.seq, 4);
  }
}

TEST_F(StoreTest, ColdPreviewLoadsTheWholePathInOrder) {
  std::string pid;
  std::vector<std::string> ids;
  {
    auto e = open();
    pid = e->createProject("deep", std::nullopt).id;
    std::optional<std::string> parent;
    for (int i = 0; i < 50; ++i) {
      parent = e->append({pid, parent, i % 2 ? Role::Assistant : Role::User, Kind::Message,
                          "turn " + std::to_string(i), {}, Status::Complete, {}})
                   .id;
      ids.push_back(*parent);
    }
  }
  auto e = open();  // nothing cached: the path comes from one ancestry read
  auto scope = e->resolveScope(pid, ids[29]);
  ASSERT_EQ(scope.units.size(), 30u);
  for (size_t i = 0; i < 30; ++i) EXPECT_EQ(scope.units[i]->id, ids[i]);
  // A deeper cursor reuses the linked part and reads only what is new.
  EXPECT_EQ(e->resolveScope(pid, ids[49]).units.size(), 50u);
}

// Longer than one step of the path read (256 rows), and a branch whose
// leaf meets a mainline loaded before: every unit once, in order.
TEST_F(StoreTest, ColdPreviewOfAPathLongerThanOneReadStepIsWholeAndInOrder) {
  std::string pid;
  std::vector<std::string> main, side;
  {
    auto e = open();
    pid = e->createProject("deeper", std::nullopt).id;
    std::optional<std::string> parent;
    for (int i = 0; i < 600; ++i) {
      parent = e->append({pid, parent, i % 2 ? Role::Assistant : Role::User, Kind::Message,
                          "main " + std::to_string(i), {}, Status::Complete, {}})
                   .id;
      main.push_back(*parent);
    }
    parent = main[299];
    for (int i = 0; i < 520; ++i) {
      AppendRequest r{pid, parent, i % 2 ? Role::Assistant : Role::User, Kind::Message,
                      "side " + std::to_string(i), {}, Status::Complete, {}};
      if (i == 0) r.branch = AppendRequest::BranchInfo{"side", std::nullopt};
      parent = e->append(r).id;
      side.push_back(*parent);
    }
  }
  auto e = open();
  auto tip = e->resolveScope(pid, main.back());
  ASSERT_EQ(tip.units.size(), 600u);
  for (size_t i = 0; i < 600; ++i) ASSERT_EQ(tip.units[i]->id, main[i]) << i;
  auto leaf = e->resolveScope(pid, side.back());
  ASSERT_EQ(leaf.units.size(), 300u + 520u);
  for (size_t i = 0; i < 300; ++i) ASSERT_EQ(leaf.units[i]->id, main[i]) << i;
  for (size_t i = 0; i < 520; ++i) ASSERT_EQ(leaf.units[300 + i]->id, side[i]) << i;
  // A fresh engine, the leaf first: the whole path comes from the store.
  auto cold = open();
  auto again = cold->resolveScope(pid, side.back());
  ASSERT_EQ(again.units.size(), 820u);
  EXPECT_EQ(again.units.front()->id, main.front());
  EXPECT_EQ(again.units.back()->id, side.back());
}

}  // namespace
}  // namespace grove::test
