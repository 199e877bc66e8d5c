// Two Engines (two cores) on one PostgreSQL schema (issue 19): a core whose
// cache went stale finds out under the project's row lock and runs its
// change again on what the database holds, so appends land once each, in
// one seq and revision order; a board's revision is one sequence whichever
// core edits it, and a stale expectedRevision is refused on either. Runs
// only as pg.TwoCores.* (a SQLite store has one core).
#include <gtest/gtest.h>

#include <thread>

#include "../support/TestStore.h"
#include "engine/Engine.h"
#include "support/Error.h"

namespace grove::test {
namespace {

class TwoCores : public ::testing::Test {
protected:
  std::string pg = testPostgres();
  std::string schema = std::string("two_") + ::testing::UnitTest::GetInstance()->current_test_info()->name();
  std::unique_ptr<Engine> a, b;

  void SetUp() override {
    ASSERT_FALSE(pg.empty()) << "GROVE_TEST_PG_FILE names no PostgreSQL server";
    a = std::make_unique<Engine>(std::make_unique<PostgresStore>(PostgresStore::Options{pg, schema}));
    b = std::make_unique<Engine>(std::make_unique<PostgresStore>(PostgresStore::Options{pg, schema}));
  }
  static Unit append(Engine& e, const std::string& pid, const std::optional<std::string>& parent,
                     const std::string& text) {
    AppendRequest r;
    r.projectId = pid;
    r.parentId = parent;
    r.role = Role::User;
    r.content = text;
    return e.append(r);
  }
};

TEST_F(TwoCores, AnAppendOnAStaleCacheLandsAfterTheOtherCoresAndBothSeeOneTree) {
  std::string pid = a->createProject("shared", std::nullopt).id;
  Unit root = append(*a, pid, std::nullopt, "root");
  // B caches the project and its root.
  EXPECT_EQ(b->project(pid).revision, a->project(pid).revision);
  Unit fromA = append(*a, pid, root.id, "from A");
  // B's cache still holds the revision before A's append: B finds out under
  // the lock, reloads, and its unit takes the next seq.
  Unit fromB = append(*b, pid, root.id, "from B");
  EXPECT_EQ(fromB.seq, fromA.seq + 1);
  EXPECT_EQ(b->project(pid).revision, a->project(pid).revision + 1) << "A has not heard of B's append yet";
  a->dropCaches();  // what hearing B's notice does (Engine::changedElsewhere)
  EXPECT_EQ(a->project(pid).revision, b->project(pid).revision);
  // A appends on top of B's unit, which it never cached.
  Unit last = append(*a, pid, fromB.id, "after B");
  EXPECT_EQ(last.seq, fromB.seq + 1);
  b->dropCaches();
  std::vector<std::string> path;
  for (const Unit* u : b->resolveScope(pid, last.id).units) path.push_back(u->content);
  EXPECT_EQ(path, (std::vector<std::string>{"root", "from B", "after B"}));
}

TEST_F(TwoCores, AStaleCacheIsCaughtBeforeAnUndoRevertsTheWrongOperation) {
  std::string pid = a->createProject("undo", std::nullopt).id;
  Unit root = append(*a, pid, std::nullopt, "root");
  b->project(pid);
  Unit x = append(*a, pid, root.id, "x by A");
  // B's undo must undo A's append (the latest), not what B last knew.
  b->undo(pid);
  a->dropCaches();
  EXPECT_THROW(a->unit(x.id), Error) << "the undone unit is gone for both";
  EXPECT_EQ(a->project(pid).revision, b->project(pid).revision);
}

TEST_F(TwoCores, TwoCoresIndexingOneProjectAtOnceIndexItOnce) {
  a->setDeferredMemoletIndexing(true);
  b->setDeferredMemoletIndexing(true);
  std::string pid = a->createProject("index", std::nullopt).id;
  std::optional<std::string> parent;
  for (int i = 0; i < 40; ++i) {
    parent = append(*a, pid, parent, "question " + std::to_string(i) + " about topic" + std::to_string(i % 7)).id;
    AppendRequest r;
    r.projectId = pid;
    r.parentId = parent;
    r.role = Role::Assistant;
    r.content = "answer " + std::to_string(i) + " about topic" + std::to_string(i % 7);
    parent = a->append(r).id;
  }
  // Both cores were told of the appends and start indexing together.
  std::thread other([&] { b->indexMemolets(SIZE_MAX); });
  a->indexMemolets(SIZE_MAX);
  other.join();
  // What one core alone makes of the same conversation, on a schema of its own.
  Engine alone(std::make_unique<PostgresStore>(PostgresStore::Options{pg, schema + "_alone"}));
  alone.setDeferredMemoletIndexing(true);
  std::string pid2 = alone.createProject("index", std::nullopt).id;
  parent.reset();
  for (int i = 0; i < 40; ++i) {
    parent = append(alone, pid2, parent, "question " + std::to_string(i) + " about topic" + std::to_string(i % 7)).id;
    AppendRequest r;
    r.projectId = pid2;
    r.parentId = parent;
    r.role = Role::Assistant;
    r.content = "answer " + std::to_string(i) + " about topic" + std::to_string(i % 7);
    parent = alone.append(r).id;
  }
  alone.indexMemolets(SIZE_MAX);
  size_t expected = alone.memolets(pid2).size();
  ASSERT_GT(expected, 0u);
  a->dropCaches();
  EXPECT_EQ(a->memolets(pid).size(), expected) << "an exchange was indexed by both cores";
}

TEST_F(TwoCores, HearingAnAppendRereadsThatProjectAndItsMemoletsOnly) {
  // Engine::changedElsewhere for an append drops that project's state and
  // rereads its memolets before the next search; the rest stays loaded.
  std::string pid = a->createProject("heard", std::nullopt).id;
  std::string other = a->createProject("other", std::nullopt).id;
  Unit otherRoot = append(*a, other, std::nullopt, "a question about sourdough starters");
  MemoletQuery q;
  q.projectId = pid;
  q.query = "zeppelin mooring";
  EXPECT_TRUE(b->searchMemolets(q).empty());  // B loads its indexes now
  EXPECT_EQ(b->project(other).revision, a->project(other).revision);
  Unit root = append(*a, pid, std::nullopt, "how do you moor a zeppelin in wind?");
  AppendRequest answer;
  answer.projectId = pid;
  answer.parentId = root.id;
  answer.role = Role::Assistant;
  answer.content = "zeppelin mooring masts let the ship swing with the wind";
  Unit ans = a->append(answer);
  b->changedElsewhere(ChangeEvent{pid, a->project(pid).revision, ChangeOp::Append, {ans.id}, ""});
  auto hits = b->searchMemolets(q);
  ASSERT_FALSE(hits.empty()) << "B still searched the memolets it loaded before A's append";
  EXPECT_EQ(hits.front().memolet.projectId, pid);
  EXPECT_EQ(b->project(pid).revision, a->project(pid).revision);
  // B appends after A's units, on what it reread.
  Unit fromB = append(*b, pid, ans.id, "and in a storm?");
  EXPECT_EQ(fromB.seq, ans.seq + 1);
  EXPECT_EQ(b->unit(otherRoot.id).content, otherRoot.content);
}

TEST_F(TwoCores, ABoardsRevisionIsOneSequenceAndAStaleExpectedRevisionIsRefusedOnEither) {
  const std::string ws = "file:///w";
  CaptureRequest note;
  note.workspaceUri = ws;
  note.content = "alpha";
  CaptureResult captured = a->capture(note);
  int64_t rev = b->board(ws, false).board.revision;
  BoardOp upd;
  upd.op = BoardOp::Kind::UpdateItem;
  upd.id = captured.item.id();
  upd.title = "by A";
  EXPECT_EQ(a->editBoard({ws, {upd}, false, rev}).change.revision, rev + 1);
  upd.title = "by B";
  try {
    b->editBoard({ws, {upd}, false, rev});  // B still thinks `rev` is current
    ADD_FAILURE() << "a stale expectedRevision was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "revisionConflict");
    EXPECT_EQ(e.revision(), rev + 1);
  }
  EXPECT_EQ(b->editBoard({ws, {upd}, false, rev + 1}).change.revision, rev + 2);
}

}  // namespace
}  // namespace grove::test
