// The memory board through the Engine on a real SQLite store (issue 16):
// capture, placement and evolution on the native path, every edit op, all or
// nothing with opIndex, preview, expectedRevision, undo and redo of each op,
// the migration count, and the errors of the contract.
#include <gtest/gtest.h>

#include <algorithm>

#include "BoardFixture.h"
#include "store/Migrations.h"
#include "support/Error.h"

namespace grove::test {
namespace {

TEST_F(BoardEngine, TheMigrationIsTheLastAndBoardTablesExist) {
  // The board's migration is the latest one (its number is set at merge).
  EXPECT_GE(latestSchemaVersion(), 7);
  EXPECT_EQ(engine->board(kWs, false).board.revision, 0);
}

TEST_F(BoardEngine, ANoteIsAnalysedAndPlacedInANewGroup) {
  auto r = note("Postgres connection pooling\nUse pgbouncer in transaction mode for the API workers.");
  EXPECT_EQ(r.item.kind, "note");
  EXPECT_EQ(r.item.memolet.title, "Postgres connection pooling");
  EXPECT_FALSE(r.item.memolet.summary.empty());
  EXPECT_FALSE(r.item.tags.empty());
  EXPECT_TRUE(r.item.memolet.projectId.empty()) << "a capture without projectId belongs to the workspace";
  EXPECT_TRUE(r.placement.created);
  EXPECT_EQ(r.placement.method, "native");
  EXPECT_EQ(r.placement.score, 0);
  EXPECT_EQ(r.item.groupId, r.placement.groupId);
  BoardSnapshot s = engine->board(kWs, false);
  ASSERT_EQ(s.groups.size(), 1u);
  EXPECT_EQ(s.groups[0].itemIds, std::vector<std::string>{r.item.id()});
  EXPECT_FALSE(s.groups[0].group.title.empty());
  EXPECT_NE(s.board.understanding.text.find("1 memory"), std::string::npos) << s.board.understanding.text;
  ASSERT_FALSE(changes.empty());
  EXPECT_EQ(changes[0].op, "capture");
}

TEST_F(BoardEngine, ARelatedCaptureJoinsTheGroupWithTheHighestSumAndEvolvesItsNeighbour) {
  auto a = note("docker volume mounts for the postgres container keep the database files");
  auto b = note("the postgres container loses its database files without a docker volume mount");
  EXPECT_FALSE(b.placement.created);
  EXPECT_EQ(b.placement.groupId, a.placement.groupId);
  ASSERT_FALSE(b.placement.related.empty());
  EXPECT_EQ(b.placement.related[0].id, a.item.id());
  EXPECT_DOUBLE_EQ(b.placement.score, b.placement.related[0].score) << "S(g*) is a's sigma alone";
  ASSERT_TRUE(b.evolution);
  ASSERT_EQ(b.evolution->updated.size(), 1u);
  EXPECT_EQ(b.evolution->updated[0].itemId, a.item.id());
  BoardItem older = engine->boardItem(kWs, a.item.id());
  EXPECT_NE(older.context.find("Related: " + b.item.memolet.title + "."), std::string::npos);
  ASSERT_FALSE(older.badges.empty());
  EXPECT_EQ(older.badges.back().kind, "updated");
  EXPECT_EQ(older.badges.back().byItemId, b.item.id());
  // capture and evolve are two undo entries.
  engine->undoBoard(kWs);
  EXPECT_TRUE(engine->boardItem(kWs, a.item.id()).badges.empty());
  engine->undoBoard(kWs);
  EXPECT_THROW(engine->boardItem(kWs, b.item.id()), Error);
}

TEST_F(BoardEngine, EvolutionNeverOverwritesAUserEditedField) {
  auto a = note("docker volume mounts for the postgres container keep the database files");
  BoardOp e = op(BoardOp::Kind::UpdateItem);
  e.id = a.item.id();
  e.context = "my own words";
  e.tags = std::vector<std::string>{"mine"};
  edit({e});
  auto b = note("the postgres container loses its database files without a docker volume mount");
  BoardItem older = engine->boardItem(kWs, a.item.id());
  EXPECT_EQ(older.context, "my own words");
  EXPECT_EQ(older.tags, std::vector<std::string>{"mine"});
  ASSERT_FALSE(older.badges.empty());
  EXPECT_EQ(older.badges.back().kind, "proposed");
  EXPECT_NE(std::find(older.badges.back().fields.begin(), older.badges.back().fields.end(), "context"),
            older.badges.back().fields.end());
  ASSERT_TRUE(b.evolution);
  EXPECT_TRUE(b.evolution->updated.empty());
}

TEST_F(BoardEngine, ASnippetKeepsItsProvenanceAndMemo) {
  auto r = snippet("Pool* pool = makePool(cfg);\npool->warm(4);", "why we warm the pool", "makePool");
  EXPECT_EQ(r.item.kind, "snippet");
  EXPECT_EQ(r.item.memolet.title, "makePool");
  EXPECT_EQ(r.item.memo, "why we warm the pool");
  ASSERT_TRUE(r.item.source);
  EXPECT_EQ(r.item.source->uri, kWs + "/src/db.cpp");
  EXPECT_EQ(r.item.context, "captured from db.cpp (makePool)");
}

TEST_F(BoardEngine, CaptureWithAProjectAppendsTheCodeUnitAtTheCursor) {
  std::string root = user(std::nullopt, "hello");
  CaptureRequest r;
  r.workspaceUri = kWs;
  r.content = "int x = 1;";
  r.projectId = pid;
  Source s;
  s.uri = kWs + "/a.cpp";
  r.source = s;
  auto out = engine->capture(r);
  ASSERT_TRUE(out.unit);
  EXPECT_EQ(out.unit->parentId, root);
  EXPECT_EQ(out.unit->kind, Kind::Code);
  EXPECT_EQ(out.item.memolet.projectId, pid);
  EXPECT_EQ(out.item.memolet.sourceUnitIds, std::vector<std::string>{out.unit->id});
}

TEST_F(BoardEngine, AReadOfTheBoardCatchesUpWithExchangesNotYetIndexed) {
  // As the server runs it: an exchange becomes a memolet (and a chat item) in
  // a later job, so a board read that comes first must catch up itself.
  engine->setDeferredMemoletIndexing(true);
  pid = engine->createProject("pooling", kWs).id;
  bot(user(std::nullopt, "How big should the pgbouncer pool be?"), "Keep it at 20 per API node.");
  BoardSnapshot s = engine->board(kWs, false);
  ASSERT_EQ(s.items.size(), 1u);
  EXPECT_EQ(s.items[0].kind, "chat");
  EXPECT_EQ(engine->boardItem(kWs, s.items[0].id()).memolet.projectId, pid);
}

TEST_F(BoardEngine, ManualGroupIdPlacesByHandAndJoinsUserEdited) {
  auto a = note("first idea about caching");
  auto b = note("unrelated thought on typography", Field<std::string>(a.placement.groupId));
  EXPECT_EQ(b.placement.method, "manual");
  EXPECT_EQ(b.item.groupId, a.placement.groupId);
  EXPECT_TRUE(b.item.edited("group"));
  CaptureRequest r;
  r.workspaceUri = kWs;
  r.content = "x";
  r.groupId = Field<std::string>(std::string("g-nope"));
  try {
    engine->capture(r);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "boardGroupNotFound");
  }
}

TEST_F(BoardEngine, EveryEditOpIsUndoableAndRedoable) {
  auto a = note("alpha caching layer for sessions");
  auto b = note("beta typography of the landing page");
  auto c = note("gamma deployment pipeline on tags");

  BoardOp upd = op(BoardOp::Kind::UpdateItem);
  upd.id = a.item.id();
  upd.title = "Alpha";
  upd.summary = "s";
  upd.tags = std::vector<std::string>{"t"};
  upd.context = "ctx";
  upd.memo = "memo";
  upd.content = "new content";
  expectUndoable({upd});

  BoardOp flags = op(BoardOp::Kind::UpdateItem);
  flags.id = b.item.id();
  flags.archived = true;
  flags.hidden = true;
  expectUndoable({flags});

  BoardOp grp = op(BoardOp::Kind::Group);
  grp.ref = "g";
  grp.itemIds = {a.item.id(), b.item.id()};
  grp.title = "Together";
  expectUndoable({grp});
  std::string together = edit({grp}).refs.at("g");

  BoardOp mv = op(BoardOp::Kind::Move);
  mv.itemIds = {c.item.id()};
  mv.to = together;
  expectUndoable({mv});

  BoardOp mvGroup = op(BoardOp::Kind::Move);
  mvGroup.groupIds = {c.placement.groupId};
  mvGroup.to = together;
  expectUndoable({mvGroup});

  BoardOp ug = op(BoardOp::Kind::UpdateGroup);
  ug.id = together;
  ug.title = "Renamed";
  ug.summary = "Mine";
  expectUndoable({ug});

  BoardOp link = op(BoardOp::Kind::Link);
  link.ref = "l";
  link.from = a.item.id();
  link.to = c.item.id();
  link.label = Nullable<std::string>("uses");
  expectUndoable({link});
  std::string linkId = edit({link}).refs.at("l");

  BoardOp relabel = link;
  relabel.ref.reset();
  relabel.label = Nullable<std::string>("depends on");
  expectUndoable({relabel});
  ASSERT_EQ(engine->board(kWs, false).links.size(), 1u) << "linking a linked pair relabels it";

  BoardOp unlink = op(BoardOp::Kind::Unlink);
  unlink.id = linkId;
  expectUndoable({unlink});

  BoardOp ungroup = op(BoardOp::Kind::Ungroup);
  ungroup.id = together;
  expectUndoable({ungroup});
}

TEST_F(BoardEngine, UndoAndRedoWithNothingLeftAreRefused) {
  try {
    engine->undoBoard(kWs);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "nothingToUndo");
  }
  note("something");
  try {
    engine->redoBoard(kWs);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "nothingToRedo");
  }
}

TEST_F(BoardEngine, OpsApplyAllOrNothingAndTheErrorNamesTheOp) {
  auto a = note("alpha caching layer");
  std::string before = picture();
  BoardOp upd = op(BoardOp::Kind::UpdateItem);
  upd.id = a.item.id();
  upd.title = "changed";
  BoardOp bad = op(BoardOp::Kind::Unlink);
  bad.id = "l-missing";
  try {
    edit({upd, bad});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::NotFound);
    EXPECT_EQ(e.reason(), "boardLinkNotFound");
    ASSERT_TRUE(e.opIndex());
    EXPECT_EQ(*e.opIndex(), 1);
  }
  EXPECT_EQ(picture(), before) << "the first op was rolled back";
}

TEST_F(BoardEngine, PreviewReportsAndStoresNothing) {
  auto a = note("alpha caching layer");
  int64_t rev = engine->board(kWs, false).board.revision;
  std::string before = picture();
  size_t heard = changes.size();
  BoardOp grp = op(BoardOp::Kind::Group);
  grp.ref = "x";
  grp.itemIds = {a.item.id()};
  auto r = edit({grp}, true);
  EXPECT_EQ(r.refs.count("x"), 1u);
  EXPECT_EQ(r.change.itemIds, std::vector<std::string>{a.item.id()});
  EXPECT_EQ(picture(), before);
  EXPECT_EQ(engine->board(kWs, false).board.revision, rev);
  EXPECT_EQ(changes.size(), heard) << "a preview announces nothing";
}

TEST_F(BoardEngine, AStaleExpectedRevisionIsAConflict) {
  auto a = note("alpha");
  int64_t rev = engine->board(kWs, false).board.revision;
  BoardOp upd = op(BoardOp::Kind::UpdateItem);
  upd.id = a.item.id();
  upd.title = "t";
  try {
    engine->editBoard({kWs, {upd}, false, rev - 1});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "revisionConflict");
    EXPECT_EQ(e.revision(), rev);
  }
  auto ok = engine->editBoard({kWs, {upd}, false, rev});
  EXPECT_EQ(ok.change.revision, rev + 1);
}

TEST_F(BoardEngine, RefusedOpsNameTheirReason) {
  auto a = note("alpha");
  BoardOp grp = op(BoardOp::Kind::Group);
  grp.ref = "outer";
  grp.groupIds = {a.placement.groupId};
  std::string outer = edit({grp}).refs.at("outer");
  BoardOp cyc = op(BoardOp::Kind::Move);
  cyc.groupIds = {outer};
  cyc.to = a.placement.groupId;
  auto reason = [&](std::vector<BoardOp> ops) {
    try {
      edit(std::move(ops));
    } catch (const Error& e) {
      return e.reason() + (e.field().empty() ? "" : ":" + e.field());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(reason({cyc}), "groupCycle");
  BoardOp self = op(BoardOp::Kind::Link);
  self.from = a.item.id();
  self.to = a.item.id();
  EXPECT_EQ(reason({self}), "invalidParams:ops[0].to");
  BoardOp missing = op(BoardOp::Kind::UpdateItem);
  missing.id = "m-none";
  EXPECT_EQ(reason({missing}), "boardItemNotFound");
  BoardOp ghost = op(BoardOp::Kind::UpdateGroup);
  ghost.id = "g-none";
  EXPECT_EQ(reason({ghost}), "boardGroupNotFound");
  BoardOp ref = op(BoardOp::Kind::Move);
  ref.itemIds = {"$nope"};
  EXPECT_EQ(reason({ref}), "invalidParams:ops[0].itemIds");
  // An id of another workspace is not found.
  EXPECT_THROW(engine->boardItem("file:///elsewhere", a.item.id()), Error);
}

TEST_F(BoardEngine, WorkspaceUrisAreNormalisedAndSettingsValidated) {
  auto a = note("alpha");
  EXPECT_EQ(engine->boardItem(kWs + "/", a.item.id()).id(), a.item.id()) << "a trailing slash names the same board";
  BoardSettingsUpdate u;
  u.relatedK = 7;
  u.evolution = "off";
  BoardSettings s = engine->configureBoard(kWs, u);
  EXPECT_EQ(s.relatedK, 7);
  EXPECT_EQ(engine->boardSettings(kWs).evolution, "off");
  BoardSettingsUpdate bad;
  bad.linkScore = 2;
  try {
    engine->configureBoard(kWs, bad);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.field(), "board.linkScore");
  }
  try {
    engine->board("not a uri", false);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.field(), "workspaceUri");
  }
}

}  // namespace
}  // namespace grove::test
