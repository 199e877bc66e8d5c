// The Store port's rows behave the same on every backend (issue 19): these
// run on SQLite, and again as `pg.StoreConformance.*` on a PostgreSQL server
// started for the run (tests/support/TestStore.h, postgres-server).
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <tuple>

#include "../support/TestStore.h"
#include "memory/FtsText.h"
#include "store/AccessTokenRows.h"
#include "store/Sql.h"
#include "store/StoreCopy.h"
#include "support/Error.h"

namespace grove::test {
namespace {

class StoreConformance : public ::testing::Test {
protected:
  std::unique_ptr<Store> s = makeTestStore();

  Project project(const std::string& id, std::optional<std::string> workspace = std::nullopt) {
    Project p;
    p.id = id;
    p.title = "title of " + id;
    p.workspaceUri = std::move(workspace);
    p.createdAt = 100;
    p.updatedAt = 200;
    s->putProject(p);
    return p;
  }
  Unit unit(const std::string& id, const std::string& pid, std::optional<std::string> parent,
            int64_t seq, const std::string& text) {
    Unit u;
    u.id = id;
    u.projectId = pid;
    u.parentId = std::move(parent);
    u.content = text;
    u.seq = seq;
    u.createdAt = 1000 + seq;
    s->insertUnit(u);
    return u;
  }
  /// Runs `write` in a transaction of its own (nested in any open one):
  /// true when it failed with a storage error, thrown by the write or by
  /// the transaction's commit (PostgreSQL sends a write with what follows
  /// it), and the transaction was rolled back.
  template <class F>
  bool failsInItsTransaction(F&& write) {
    s->begin();
    try {
      write();
      s->commit();
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Storage);
      s->rollback();
      return true;
    }
    return false;
  }
  static std::vector<std::string> ids(const std::vector<Unit>& units) {
    std::vector<std::string> out;
    for (const auto& u : units) out.push_back(u.id);
    return out;
  }
};

TEST_F(StoreConformance, AProjectReadsBackAsWrittenAndAnUpsertKeepsItsUnits) {
  Project p = project("p1", "file:///w");
  unit("u1", "p1", std::nullopt, 1, "root");
  p.title = "renamed";
  p.cursorId = "u1";
  p.revision = 7;
  p.deletedAt = 300;
  s->putProject(p);
  auto back = s->project("p1");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->title, "renamed");
  EXPECT_EQ(back->workspaceUri, std::optional<std::string>("file:///w"));
  EXPECT_EQ(back->cursorId, std::optional<std::string>("u1"));
  EXPECT_EQ(back->mainlineStartId, std::nullopt);
  EXPECT_EQ(back->revision, 7);
  EXPECT_EQ(back->deletedAt, std::optional<int64_t>(300));
  EXPECT_TRUE(s->unit("u1")) << "an upsert must not delete the row (and cascade to its units)";
  EXPECT_FALSE(s->project("nope"));
  project("p2", "file:///w");
  EXPECT_EQ(s->projects("file:///w", false).size(), 1u);  // p1 is in the trash
  EXPECT_EQ(s->projects("file:///w", true).size(), 2u);
  EXPECT_EQ(s->projects(std::nullopt, true).size(), 2u);
}

TEST_F(StoreConformance, AUnitReadsBackWithEveryFieldAndItsText) {
  project("p");
  Unit u;
  u.id = "u";
  u.projectId = "p";
  u.role = Role::Assistant;
  u.kind = Kind::Code;
  using namespace std::string_literals;
  // NUL and \x01 too: PostgreSQL's text cannot hold NUL (store/Postgres.cpp).
  u.content = "naïve 日本語 'quotes' \"double\" ?1 $1 \\ back\nline nul\0in \x01 \x01" "0 end"s;
  u.status = Status::Streaming;
  u.scope = ScopeState::Excluded;
  u.seq = 5;
  u.createdAt = 1'700'000'000'123;
  u.editedAt = 1'700'000'000'456;
  Source src;
  src.uri = "file:///a.cpp";
  src.range = {{1, 2}, {3, 4}};
  src.languageId = "cpp";
  u.source = src;
  u.startsBranch = true;
  u.author = "ana";
  s->insertUnit(u);
  auto back = s->unit("u");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->content, u.content);
  EXPECT_EQ(back->role, Role::Assistant);
  EXPECT_EQ(back->kind, Kind::Code);
  EXPECT_EQ(back->status, Status::Streaming);
  EXPECT_EQ(back->scope, ScopeState::Excluded);
  EXPECT_EQ(back->createdAt, u.createdAt);
  EXPECT_EQ(back->editedAt, u.editedAt);
  ASSERT_TRUE(back->source);
  EXPECT_EQ(back->source->uri, "file:///a.cpp");
  EXPECT_EQ(back->source->range.end.character, 4);
  EXPECT_TRUE(back->startsBranch);
  EXPECT_EQ(back->author, "ana");
  EXPECT_EQ(back->parentId, std::nullopt);

  back->content = "edited";
  back->removed = true;
  s->updateUnit(*back);
  EXPECT_EQ(s->unit("u")->content, "edited");
  EXPECT_TRUE(s->unit("u")->removed);
}

TEST_F(StoreConformance, TreeReadsFollowParentsSeqAndLiveness) {
  project("p");
  unit("a", "p", std::nullopt, 1, "a");
  unit("b", "p", "a", 2, "b");
  Unit c = unit("c", "p", "b", 3, "c");
  Unit side = unit("side", "p", "a", 4, "side");
  side.startsBranch = true;
  side.scope = ScopeState::Included;
  s->updateUnit(side);
  Unit gone = unit("gone", "p", "a", 5, "gone");
  gone.removed = true;
  s->updateUnit(gone);
  Unit code = unit("code", "p", "c", 6, "int x;");
  code.kind = Kind::Code;
  s->updateUnit(code);

  EXPECT_EQ(ids(s->ancestry("c")), (std::vector<std::string>{"c", "b", "a"}));
  EXPECT_EQ(ids(s->ancestry("c", 2)), (std::vector<std::string>{"c", "b"}));
  EXPECT_EQ(ids(s->liveUnits("p")), (std::vector<std::string>{"a", "b", "c", "side", "code"}));
  // A page: live units from a seq on, at most so many (the removed one is skipped, not counted).
  EXPECT_EQ(ids(s->liveUnits("p", 4, 2)), (std::vector<std::string>{"side", "code"}));
  EXPECT_EQ(ids(s->liveUnits("p", 2, 1)), (std::vector<std::string>{"b"}));
  EXPECT_TRUE(s->liveUnits("p", 7, 5).empty());
  EXPECT_EQ(s->liveChildren("a"), (std::vector<std::string>{"b", "side"}));
  EXPECT_EQ(s->continuingChild("a"), std::optional<std::string>("b"));
  EXPECT_EQ(s->continuingChild("code"), std::nullopt);
  EXPECT_EQ(s->liveRoot("p"), std::optional<std::string>("a"));
  EXPECT_EQ(ids(s->scopedUnits("p")), (std::vector<std::string>{"side"}));
  EXPECT_EQ(ids(s->codeUnits("p")), (std::vector<std::string>{"code"}));
  EXPECT_EQ(ids(s->unitsFromSeq("p", 4, 2)), (std::vector<std::string>{"side", "gone"}));
  EXPECT_EQ(ids(s->unitsFromSeq("p", 1, SIZE_MAX)).size(), 6u);

  std::vector<std::string> heads, parents;
  s->liveOutline("p", 2, [&](const OutlineRow& r) {
    heads.emplace_back(r.head);
    parents.emplace_back(r.parentId ? *r.parentId : "-");
  });
  EXPECT_EQ(heads, (std::vector<std::string>{"a", "b", "c", "si", "in"}));
  EXPECT_EQ(parents, (std::vector<std::string>{"-", "a", "b", "a", "c"}));

  // On SQLite the head is kept apart from the text (migration 17): an edit moves it, and
  // a head as long as a structure read shows (100 characters) is whole.
  c.content = std::string(40, 'x') + "\u00e9" + std::string(80, 'y');
  s->updateUnit(c);
  std::string head;
  s->liveOutline("p", 100, [&](const OutlineRow& r) {
    if (r.id == "c") head = r.head;
  });
  EXPECT_EQ(head, std::string(40, 'x') + "\u00e9" + std::string(59, 'y')) << "100 characters, not bytes";
}

TEST_F(StoreConformance, RevisionsAndBranchMetadata) {
  project("p");
  unit("u", "p", std::nullopt, 1, "now");
  s->addRevision("u", {"first", 10});
  s->addRevision("u", {"second", 20});
  auto revs = s->revisions("u");
  ASSERT_EQ(revs.size(), 2u);
  EXPECT_EQ(revs[0].content, "first");
  EXPECT_EQ(revs[1].editedAt, 20);

  BranchMeta b;
  b.projectId = "p";
  b.headId = "u";
  b.title = "idea";
  s->putBranch(b);
  b.status = BranchStatus::Completed;
  b.summary = "done";
  s->putBranch(b);
  auto back = s->branch("p", "u");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->title, std::optional<std::string>("idea"));
  EXPECT_EQ(back->status, BranchStatus::Completed);
  EXPECT_EQ(s->branches("p").size(), 1u);
  s->deleteBranch("p", "u");
  EXPECT_FALSE(s->branch("p", "u"));
}

TEST_F(StoreConformance, TheOperationLogNumbersEntriesAndKeepsTheRedoStack) {
  project("p");
  for (int i = 0; i < 3; ++i) {
    Operation op;
    op.projectId = "p";
    op.kind = "append";
    op.createdAt = i;
    op.author = "me";
    s->appendOp(op);
    EXPECT_EQ(op.seq, i + 1);
  }
  s->setOpUndone("p", 3, true);
  s->setOpUndone("p", 2, true);
  EXPECT_EQ(s->lastDoneOp("p")->seq, 1);
  EXPECT_EQ(s->firstUndoneOp("p")->seq, 2);
  EXPECT_EQ(s->lastDoneOp("p")->author, "me");
  s->dropUndoneOps("p");
  EXPECT_FALSE(s->firstUndoneOp("p"));
  Operation next;
  next.projectId = "p";
  next.kind = "edit";
  s->appendOp(next);
  EXPECT_EQ(next.seq, 2);
}

TEST_F(StoreConformance, SearchFindsWordPrefixesInLiveUnitsOfLiveProjectsOnly) {
  project("p");
  project("q");
  unit("u1", "p", std::nullopt, 1, "the retry loop backs off on HTTP 503");
  unit("u2", "p", "u1", 2, "caches and retries");
  Unit gone = unit("u3", "p", "u2", 3, "retry removed");
  gone.removed = true;
  s->updateUnit(gone);
  unit("v1", "q", std::nullopt, 1, "retry elsewhere");

  auto hits = s->search("retr", std::nullopt, 10);
  std::vector<std::string> found;
  for (const auto& h : hits) found.push_back(h.unitId);
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (std::vector<std::string>{"u1", "u2", "v1"}));
  EXPECT_EQ(s->search("retry loop", "p", 10).size(), 1u);  // every word must match
  EXPECT_EQ(s->search("retry", "q", 10).size(), 1u);
  EXPECT_EQ(s->search("retry", std::nullopt, 1).size(), 1u);
  // Query syntax of either engine is plain text here.
  EXPECT_NO_THROW(s->search("\"retry\" OR (loop & !x) :* NEAR'", std::nullopt, 10));
  EXPECT_TRUE(s->search("?! ", std::nullopt, 10).empty());
  auto one = s->search("backs", "p", 10);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_NE(one[0].snippet.find("[backs]"), std::string::npos) << one[0].snippet;
  EXPECT_GT(one[0].score, 0);

  Project q = *s->project("q");
  q.deletedAt = 1;
  s->putProject(q);
  EXPECT_EQ(s->search("retr", std::nullopt, 10).size(), 2u);
}

TEST_F(StoreConformance, UnitMatchesRankMessagesByAnyWordWithTheMemoletsMadeFromThem) {
  project("p");
  project("q");
  unit("u1", "p", std::nullopt, 1, "the retry loop backs off on HTTP 503");
  unit("u2", "p", "u1", 2, "retries retries retries with jitter");
  unit("u3", "p", "u2", 3, "nothing about it");
  Unit gone = unit("u4", "p", "u3", 4, "retry removed");
  unit("v1", "q", std::nullopt, 1, "retry elsewhere");
  Memolet m;
  m.id = "m1";
  m.projectId = "p";
  m.title = "retry";
  m.text = "User: the retry loop\nAssistant: retries";
  m.sourceUnitIds = {"u1", "u2", "u4"};
  s->memolets().putMemolet(m);
  m.id = "m2";
  m.sourceUnitIds = {"u2"};  // a second memolet made from u2
  s->memolets().putMemolet(m);
  m.id = "mq";
  m.projectId = "q";
  m.sourceUnitIds = {"v1"};
  s->memolets().putMemolet(m);
  gone.removed = true;
  s->updateUnit(gone);

  // Any word matches (a prefix term reaches "retries"), each match once per
  // memolet citing it, with its place there and in its project.
  auto all = s->unitMatches("\"retr\"* OR \"jitter\"", std::nullopt, 10);
  std::set<std::tuple<std::string, std::string, int, int64_t, std::string>> found;
  for (const auto& x : all) {
    found.insert({x.unitId, x.memoletId, x.ord, x.seq, x.projectId});
    EXPECT_GT(x.score, 0) << x.unitId;
  }
  EXPECT_EQ(found, (std::set<std::tuple<std::string, std::string, int, int64_t, std::string>>{
                       {"u1", "m1", 0, 1, "p"}, {"u2", "m1", 1, 2, "p"}, {"u2", "m2", 0, 2, "p"}, {"v1", "mq", 0, 1, "q"}}));
  // Best first: u2 holds both words.
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.front().unitId, "u2");
  for (size_t i = 1; i < all.size(); ++i) EXPECT_GE(all[i - 1].score, all[i].score);

  // One project, and a limit on units (not rows): u2's two memolets come together.
  auto inP = s->unitMatches("\"retr\"*", "p", 1);
  ASSERT_EQ(inP.size(), 2u);
  EXPECT_EQ(inP[0].unitId, inP[1].unitId);
  EXPECT_TRUE(s->unitMatches("", std::nullopt, 10).empty());
  // A unit appended just now is found (the index catches up before reading).
  unit("u5", "p", "u3", 5, "zeppelin");
  m.id = "m5";
  m.projectId = "p";
  m.sourceUnitIds = {"u5"};
  s->memolets().putMemolet(m);
  EXPECT_EQ(s->unitMatches("\"zeppelin\"", "p", 10).size(), 1u);

  Project q = *s->project("q");
  q.deletedAt = 1;
  s->putProject(q);
  for (const auto& x : s->unitMatches("\"retr\"*", std::nullopt, 10)) EXPECT_NE(x.projectId, "q");
}

TEST_F(StoreConformance, SuggestionsCapsulesAndTheUserModel) {
  project("p");
  Suggestion sg;
  sg.id = "s1";
  sg.projectId = "p";
  sg.anchorIds = {"a", "b"};
  sg.reason = "shift";
  sg.confidence = 0.1;  // not exact in binary: must come back bit for bit
  sg.createdAt = 50;
  s->putSuggestion(sg);
  sg.state = SuggestionState::Accepted;
  s->putSuggestion(sg);
  auto back = s->suggestion("s1");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->confidence, 0.1);
  EXPECT_EQ(back->anchorIds, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(s->suggestions("p", SuggestionState::Accepted).size(), 1u);
  EXPECT_EQ(s->suggestions("p", SuggestionState::Pending).size(), 0u);
  EXPECT_EQ(s->countSuggestionsSince("p", 40), 1);
  EXPECT_EQ(s->countSuggestionsSince("p", 60), 0);

  Capsule c;
  c.id = "c1";
  c.name = "sop";
  c.projectId = "p";
  c.sourceUnitIds = {"u"};
  s->putCapsule(c);
  s->setCapsuleEnabled("c1", "p", true);
  s->setCapsuleEnabled("c1", "p", true);  // twice: still once
  ASSERT_EQ(s->enabledCapsules("p").size(), 1u);
  EXPECT_EQ(s->capsule("c1")->enabledIn, (std::vector<std::string>{"p"}));
  EXPECT_EQ(s->capsules(std::string("p")).size(), 1u);
  s->setCapsuleEnabled("c1", "p", false);
  EXPECT_TRUE(s->enabledCapsules("p").empty());
  s->deleteCapsule("c1");
  EXPECT_FALSE(s->capsule("c1"));

  StructureEvent e1, e2;
  e1.projectId = e2.projectId = "p";
  e1.outcome = e2.outcome = "accepted";
  s->appendStructureEvent(e1);
  s->appendStructureEvent(e2);
  EXPECT_GT(e2.id, e1.id);
  EXPECT_EQ(s->structureEvents(e1.id).size(), 1u);
  s->setUserModelResetPoint(e1.id);
  EXPECT_EQ(s->userModelResetPoint(), e1.id);
  InitiativePolicy ip;
  ip.cooldownTurns = 5;
  s->putInitiative("p", ip);
  EXPECT_EQ(s->initiative("p")->cooldownTurns, 5);

  s->putImportedProject("claude", "sess", "p");
  EXPECT_EQ(s->importedProject("claude", "sess"), std::optional<std::string>("p"));
  s->putImportedUnit("p", "m1", "u1");
  s->putImportedUnit("p", "m1", "u2");  // the same source message again: replaced
  auto units = s->importedUnits("p");
  ASSERT_EQ(units.size(), 1u);
  EXPECT_EQ(units[0].second, "u2");
}

TEST_F(StoreConformance, AnInnerRollbackUndoesOnlyItsLevelAndTheOuterCommitKeepsTheRest) {
  project("p");
  s->begin();
  unit("kept", "p", std::nullopt, 1, "kept");
  s->begin();
  unit("dropped", "p", "kept", 2, "dropped");
  EXPECT_EQ(s->depth(), 2);
  s->rollback();
  s->commit();
  EXPECT_EQ(s->depth(), 0);
  EXPECT_TRUE(s->unit("kept"));
  EXPECT_FALSE(s->unit("dropped"));

  s->begin();
  unit("never", "p", "kept", 3, "never");
  s->rollback();
  EXPECT_FALSE(s->unit("never"));
}

TEST_F(StoreConformance, AFailedStatementIsAStorageErrorAndTheStoreGoesOn) {
  project("p");
  unit("u", "p", std::nullopt, 1, "x");
  EXPECT_TRUE(failsInItsTransaction([&] { unit("u", "p", std::nullopt, 2, "the same id again"); }))
      << "a duplicate id was stored";
  EXPECT_EQ(s->depth(), 0);
  unit("v", "p", "u", 2, "after the failure");
  EXPECT_TRUE(s->unit("v"));
}

TEST_F(StoreConformance, AFailureInsideANestedTransactionIsThrownThereAndTheOuterOneGoesOn) {
  // A batch of requests is one transaction with a savepoint per request:
  // one request's failure must surface in that request, and the others'
  // writes must still commit.
  project("p");
  unit("u", "p", std::nullopt, 1, "x");
  s->begin();
  unit("a", "p", "u", 2, "the first request");
  EXPECT_TRUE(failsInItsTransaction([&] { unit("u", "p", std::nullopt, 3, "a duplicate id"); }));
  EXPECT_EQ(s->depth(), 1);
  unit("b", "p", "u", 4, "the third request");
  s->commit();
  EXPECT_EQ(s->depth(), 0);
  EXPECT_TRUE(s->unit("a"));
  EXPECT_TRUE(s->unit("b"));
  EXPECT_EQ(s->unit("u")->content, "x");
}

TEST_F(StoreConformance, AccessTokensAreKeptByNameAndFoundByHash) {
  AccessTokenRows tokens(dynamic_cast<SqlStore&>(*s).connection());
  EXPECT_FALSE(tokens.any());
  const std::string h1(64, 'a'), h2(64, 'b'), h3(64, 'c');
  tokens.put({"ana", h1, "2026-11-27T10:00:00Z"});
  tokens.put({"ben", h2, "2026-11-27T10:01:00Z"});
  EXPECT_TRUE(tokens.any());
  EXPECT_EQ(tokens.nameFor(h1), "ana");
  EXPECT_EQ(tokens.nameFor(h3), std::nullopt);
  // A new token for a name replaces its old one.
  tokens.put({"ana", h3, "2026-11-27T11:00:00Z"});
  EXPECT_EQ(tokens.nameFor(h1), std::nullopt);
  EXPECT_EQ(tokens.nameFor(h3), "ana");
  auto all = tokens.list();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].name, "ana");
  EXPECT_EQ(all[0].created, "2026-11-27T11:00:00Z");
  EXPECT_TRUE(tokens.remove("ana"));
  EXPECT_FALSE(tokens.remove("ana"));
  EXPECT_EQ(tokens.nameFor(h3), std::nullopt);
  EXPECT_EQ(tokens.list().size(), 1u);
}

TEST_F(StoreConformance, MigrateStoreKnowsEveryTableTheSchemaHas) {
  // A table added by a migration and not to storeTables() would be left
  // behind by --migrate-store. Derived tables are not copied: the full-text
  // indexes and unit_outline (kept by triggers on units) fill themselves.
  sql::Db& db = dynamic_cast<SqlStore&>(*s).connection();
  sql::Stmt st(db, db.dialect() == sql::Dialect::Sqlite
                       ? "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                         "AND name NOT LIKE '%_fts%' AND name NOT LIKE '%_vocab' "
                         "AND name NOT IN ('fts_state', 'redo_state', 'unit_outline')"
                       : "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                         "AND table_name != 'grove_schema'");
  std::set<std::string> schema, copied(storeTables().begin(), storeTables().end());
  while (st.step()) schema.insert(st.text(0));
  EXPECT_EQ(schema, copied);
}

// SQLite computes a memolet's full-text terms from its text and keeps no
// copy of them (migration 18); PostgreSQL generates its index from a column
// that holds them. A store copied either way (--migrate-store) must still
// find a memolet by a word that is only in its text.
TEST_F(StoreConformance, AMemoletCopiedToAnotherStoreIsFoundByAWordOfItsTextAlone) {
  SqliteStore source({":memory:", false});
  const Memolet m = putMemoletInNewProject(source, "p", "m_1", "Connection pooling", "pool",
                                           "User: how do I reset sessions?\nAssistant: set server_reset_query in pgbouncer.");
  const std::string word = memory::ftsMatchQuery("pgbouncer");
  ASSERT_EQ(source.memolets().bm25(word, std::nullopt, 10).size(), 1u);

  sql::Db& here = dynamic_cast<SqlStore&>(*s).connection();
  copyStore(source.connection(), here);
  auto hits = s->memolets().bm25(word, std::nullopt, 10);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].id, "m_1");
  EXPECT_EQ(s->memolets().bm25(word, std::string("p"), 10).size(), 1u);

  SqliteStore back({":memory:", false});
  copyStore(here, back.connection());
  EXPECT_EQ(back.memolets().bm25(word, std::nullopt, 10).size(), 1u);
  EXPECT_EQ(back.memolets().bm25(word, std::string("p"), 10).size(), 1u);
  EXPECT_EQ(back.memolets().memolet("m_1")->text, m.text);
}

}  // namespace
}  // namespace grove::test
