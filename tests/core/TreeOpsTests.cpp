// Every tree operation of DESIGN §4 and its undo/redo.
#include "EngineFixture.h"
#include "support/Error.h"

namespace grove::test {
namespace {

template <class F>
Error errorOf(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "expected a grove::Error";
  return Error(ErrorKind::Storage, "none", "none");
}

Branch branchWithHead(const ProjectSnapshot& s, const std::string& head) {
  for (const auto& b : s.branches)
    if (b.headId == head) return b;
  ADD_FAILURE() << "no branch with head " << head;
  return {};
}

TEST_F(EngineTest, FirstChildContinuesAndAdvancesMainlineEnd) {
  auto r = user(std::nullopt, "root");
  EXPECT_EQ(proj().mainlineEndId, r);
  auto a = bot(r, "a");
  EXPECT_EQ(proj().mainlineEndId, a);
  EXPECT_FALSE(engine->unit(a).startsBranch);
  EXPECT_EQ(proj().cursorId, a);
}

TEST_F(EngineTest, SecondChildStartsABranchAndLeavesTheEnd) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  auto b = bot(r, "b");
  EXPECT_TRUE(engine->unit(b).startsBranch);
  EXPECT_EQ(proj().mainlineEndId, a);
  auto s = engine->getProject(pid);
  ASSERT_EQ(s.branches.size(), 2u);
  EXPECT_TRUE(s.branches[0].isMainline);
  EXPECT_EQ(s.branches[0].unitIds, (Ids{r, a}));
  EXPECT_EQ(s.branches[1].headId, b);
  EXPECT_EQ(s.branches[1].anchorId, r);
}

TEST_F(EngineTest, BranchMetadataOpensABranchUnderTheNewestUnit) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  AppendRequest req{pid, a, Role::User, Kind::Message, "what if?", {}, Status::Complete,
                    AppendRequest::BranchInfo{std::string("What-if"), std::string("explore")}};
  auto b = engine->append(req).id;
  EXPECT_TRUE(engine->unit(b).startsBranch);
  EXPECT_EQ(proj().mainlineEndId, a);  // the mainline end stays
  auto br = engine->branchOf(b);
  EXPECT_EQ(br.title, "What-if");
  EXPECT_EQ(br.intent, "explore");
  EXPECT_EQ(br.anchorId, a);
  // The path can still continue below the same unit later.
  auto c = user(a, "continue main");
  EXPECT_FALSE(engine->unit(c).startsBranch);
  EXPECT_EQ(proj().mainlineEndId, c);
  // And the branch continues with its own first child.
  auto b2 = bot(b, "answer");
  EXPECT_FALSE(engine->unit(b2).startsBranch);
  EXPECT_EQ(engine->branchOf(b2).unitIds, (Ids{b, b2}));
}

TEST_F(EngineTest, SecondRootIsRefused) {
  auto r = user(std::nullopt, "root");
  auto e = errorOf([&] { user(std::nullopt, "another"); });
  EXPECT_EQ(e.kind(), ErrorKind::InvalidOperation);
  EXPECT_EQ(e.reason(), "rootExists");
  EXPECT_EQ(e.id(), r);
}

TEST_F(EngineTest, AppendValidatesKindSourceParentAndProject) {
  auto r = user(std::nullopt, "root");
  AppendRequest code{pid, r, Role::User, Kind::Code, "x", {}, Status::Complete, {}};
  EXPECT_EQ(errorOf([&] { engine->append(code); }).field(), "source");
  AppendRequest ph{pid, r, Role::User, Kind::Placeholder, "", {}, Status::Complete, {}};
  EXPECT_EQ(errorOf([&] { engine->append(ph); }).field(), "kind");
  EXPECT_EQ(errorOf([&] { user(std::string("u_missing"), "x"); }).reason(), "unitNotFound");
  AppendRequest np{"p_missing", r, Role::User, Kind::Message, "x", {}, Status::Complete, {}};
  EXPECT_EQ(errorOf([&] { engine->append(np); }).reason(), "projectNotFound");
  std::string other = engine->createProject("other", std::nullopt).id;
  AppendRequest cross{other, r, Role::User, Kind::Message, "x", {}, Status::Complete, {}};
  EXPECT_EQ(errorOf([&] { engine->append(cross); }).field(), "parentId");
}

TEST_F(EngineTest, SeqIsPerProjectAndMonotonic) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  std::string other = engine->createProject("other", std::nullopt).id;
  AppendRequest o{other, std::nullopt, Role::User, Kind::Message, "x", {}, Status::Complete, {}};
  EXPECT_EQ(engine->append(o).seq, 1);
  EXPECT_EQ(engine->unit(r).seq, 1);
  EXPECT_EQ(engine->unit(a).seq, 2);
  engine->undo(pid);
  EXPECT_EQ(engine->unit(bot(r, "b")).seq, 3);  // an undone seq is never reused
}

TEST_F(EngineTest, EditKeepsPriorTextAndUndoes) {
  auto r = user(std::nullopt, "v1");
  engine->edit(r, "v2");
  engine->edit(r, "v3");
  auto revs = engine->revisions(r);
  ASSERT_EQ(revs.size(), 2u);
  EXPECT_EQ(revs[0].content, "v1");
  EXPECT_EQ(revs[1].content, "v2");
  EXPECT_TRUE(engine->unit(r).editedAt.has_value());
  engine->undo(pid);
  EXPECT_EQ(engine->unit(r).content, "v2");
  engine->redo(pid);
  EXPECT_EQ(engine->unit(r).content, "v3");
}

TEST_F(EngineTest, DeleteLeafRemovesItAndMovesTheEnd) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  auto res = engine->deleteUnits({a}, false, false);
  EXPECT_EQ(res.removed, (Ids{a}));
  EXPECT_TRUE(res.placeholders.empty());
  EXPECT_EQ(proj().mainlineEndId, r);
  EXPECT_EQ(proj().cursorId, r);
  EXPECT_EQ(errorOf([&] { engine->unit(a); }).reason(), "unitNotFound");
  engine->undo(pid);
  EXPECT_EQ(engine->unit(a).content, "a");
  EXPECT_EQ(proj().mainlineEndId, a);
}

TEST_F(EngineTest, DeleteOfAUnitWithChildrenLeavesAPlaceholder) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "pivot");
  auto b = user(a, "child");
  auto res = engine->deleteUnits({a}, false, false);
  EXPECT_TRUE(res.removed.empty());
  EXPECT_EQ(res.placeholders, (Ids{a}));
  auto u = engine->unit(a);
  EXPECT_EQ(u.kind, Kind::Placeholder);
  EXPECT_EQ(u.content, "");
  EXPECT_EQ(engine->unit(b).parentId, a);
  engine->undo(pid);
  EXPECT_EQ(engine->unit(a).kind, Kind::Message);
  EXPECT_EQ(engine->unit(a).content, "pivot");
}

TEST_F(EngineTest, DeletingAUnitWithItsOnlyChildRemovesBoth) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  auto b = user(a, "b");
  auto res = engine->deleteUnits({a, b}, false, false);
  EXPECT_EQ(res.removed, (Ids{b, a}));
  EXPECT_TRUE(res.placeholders.empty());
}

TEST_F(EngineTest, SubtreeDeleteRemovesEverythingBelow) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  auto side = user(a, "side", true);
  auto s2 = bot(side, "s2");
  auto s3 = user(s2, "s3", true);
  auto res = engine->deleteUnits({side}, true, false);
  EXPECT_EQ(res.removed.size(), 3u);
  auto snap = engine->getProject(pid);
  EXPECT_EQ(snap.units.size(), 2u);
  EXPECT_EQ(snap.branches.size(), 1u);
  engine->undo(pid);
  EXPECT_EQ(engine->getProject(pid).units.size(), 5u);
  EXPECT_EQ(engine->unit(s3).content, "s3");
}

TEST_F(EngineTest, DeletePreviewChangesNothing) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  auto rev = proj().revision;
  auto res = engine->deleteUnits({r}, true, true);
  EXPECT_EQ(res.removed, (Ids{r, a}));
  EXPECT_EQ(proj().revision, rev);
  EXPECT_EQ(engine->getProject(pid).units.size(), 2u);
  res = engine->deleteUnits({r}, false, true);
  EXPECT_EQ(res.placeholders, (Ids{r}));
  EXPECT_EQ(engine->unit(r).kind, Kind::Message);
}

TEST_F(EngineTest, DeletingTheRootAllowsANewRoot) {
  auto r = user(std::nullopt, "root");
  engine->deleteUnits({r}, true, false);
  EXPECT_EQ(proj().mainlineEndId, std::nullopt);
  auto r2 = user(std::nullopt, "new root");
  EXPECT_EQ(proj().mainlineEndId, r2);
}

TEST_F(EngineTest, SetMainlineEndAboveTheTipDemotesTheChainBelow) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  auto b = user(a, "b");
  auto c = bot(b, "c");
  engine->setMainline(pid, std::nullopt, std::optional<std::string>(a));
  EXPECT_EQ(proj().mainlineEndId, a);
  EXPECT_TRUE(engine->unit(b).startsBranch);
  auto s = engine->getProject(pid);
  EXPECT_EQ(s.branches[0].unitIds, (Ids{r, a}));
  EXPECT_EQ(branchWithHead(s, b).unitIds, (Ids{b, c}));
  // A continuing child of the new end advances it again.
  auto d = user(a, "d");
  EXPECT_FALSE(engine->unit(d).startsBranch);
  EXPECT_EQ(proj().mainlineEndId, d);
}

TEST_F(EngineTest, SetMainlineEndInsideABranchPromotesItAndDemotesTheOldTail) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  auto old1 = user(a, "old topic");
  auto old2 = bot(old1, "old answer");
  auto nb = user(a, "new topic", true);
  auto nb2 = bot(nb, "new answer");
  engine->updateBranch(pid, nb, {std::optional<std::string>("PM"), {}, {}, {}});
  engine->setMainline(pid, std::nullopt, std::optional<std::string>(nb2));
  auto s = engine->getProject(pid);
  EXPECT_EQ(s.branches[0].unitIds, (Ids{r, a, nb, nb2}));
  EXPECT_EQ(branchWithHead(s, old1).unitIds, (Ids{old1, old2}));
  EXPECT_EQ(proj().mainlineEndId, nb2);
  // Undo puts the old mainline back in one step.
  engine->undo(pid);
  s = engine->getProject(pid);
  EXPECT_EQ(s.branches[0].unitIds, (Ids{r, a, old1, old2}));
  EXPECT_EQ(branchWithHead(s, nb).title, "PM");
  engine->redo(pid);
  EXPECT_EQ(engine->getProject(pid).branches[0].unitIds, (Ids{r, a, nb, nb2}));
}

TEST_F(EngineTest, ClearingTheMainlineEndFollowsContinuingChildren) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  auto b = user(a, "b");
  engine->setMainline(pid, std::optional<std::string>(a), std::optional<std::string>(a));
  engine->setMainline(pid, std::optional<std::string>(), std::optional<std::string>());
  // b was demoted by the first call, so the default end is a.
  EXPECT_EQ(proj().mainlineEndId, a);
  EXPECT_EQ(proj().mainlineStartId, std::nullopt);
  EXPECT_TRUE(engine->unit(b).startsBranch);
}

TEST_F(EngineTest, UpdateBranchNeedsAHead) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  EXPECT_EQ(errorOf([&] { engine->updateBranch(pid, a, {}); }).reason(), "notBranchHead");
  auto b = engine->updateBranch(pid, r, {std::optional<std::string>("Main"), {}, BranchStatus::Open, {}});
  EXPECT_TRUE(b.isMainline);
  EXPECT_EQ(b.title, "Main");
  engine->undo(pid);
  EXPECT_EQ(engine->branchOf(a).title, std::nullopt);
}

TEST_F(EngineTest, ScopeChangesUndoAndRedo) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  engine->setScope({r, a}, ScopeChange::Excluded, std::nullopt);
  engine->undo(pid);
  EXPECT_EQ(engine->unit(r).scope, ScopeState::Auto);
  EXPECT_EQ(engine->unit(a).scope, ScopeState::Auto);
  engine->redo(pid);
  EXPECT_EQ(engine->unit(a).scope, ScopeState::Excluded);
  engine->resetScope(pid);
  EXPECT_EQ(engine->unit(a).scope, ScopeState::Auto);
  engine->undo(pid);
  EXPECT_EQ(engine->unit(a).scope, ScopeState::Excluded);
}

TEST_F(EngineTest, IncludedSetFollowsUndo) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  auto side = user(r, "side", true);
  engine->setScope({side}, ScopeChange::Included, std::nullopt);
  EXPECT_EQ(scopeIds(a), (Ids{r, a, side}));
  engine->undo(pid);
  EXPECT_EQ(scopeIds(a), (Ids{r, a}));
}

TEST_F(EngineTest, UndoAndRedoWalkTheLogAndANewChangeDropsRedo) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  engine->undo(pid);
  engine->undo(pid);
  EXPECT_TRUE(engine->getProject(pid).units.empty());
  EXPECT_EQ(errorOf([&] { engine->undo(pid); }).reason(), "nothingToUndo");
  engine->redo(pid);
  EXPECT_EQ(engine->getProject(pid).units.size(), 1u);
  user(r, "new");
  EXPECT_EQ(errorOf([&] { engine->redo(pid); }).reason(), "nothingToRedo");
  (void)a;
}

TEST_F(EngineTest, EveryChangeBumpsTheRevisionAndIsAnnounced) {
  events.clear();
  auto r = user(std::nullopt, "r");
  engine->edit(r, "r2");
  engine->setScope({r}, ScopeChange::Excluded, std::nullopt);
  engine->undo(pid);
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0].op, ChangeOp::Append);
  EXPECT_EQ(events[1].op, ChangeOp::Edit);
  EXPECT_EQ(events[2].op, ChangeOp::SetScope);
  EXPECT_EQ(events[3].op, ChangeOp::Undo);
  for (size_t i = 1; i < events.size(); ++i) EXPECT_EQ(events[i].revision, events[i - 1].revision + 1);
  EXPECT_EQ(events[3].unitIds, (Ids{r}));
}

TEST_F(EngineTest, ProjectTrashAndRestore) {
  auto r = user(std::nullopt, "r");
  engine->renameProject(pid, "renamed");
  EXPECT_EQ(proj().title, "renamed");
  engine->deleteProject(pid);
  EXPECT_EQ(errorOf([&] { engine->project(pid); }).reason(), "projectNotFound");
  EXPECT_EQ(errorOf([&] { engine->unit(r); }).reason(), "unitNotFound");
  EXPECT_TRUE(engine->listProjects(std::nullopt).empty());
  EXPECT_EQ(engine->listProjects(std::nullopt, true).size(), 1u);
  auto p = engine->restoreProject(pid);
  EXPECT_FALSE(p.deletedAt.has_value());
  EXPECT_EQ(engine->unit(r).content, "r");
}

TEST_F(EngineTest, ListFiltersByWorkspace) {
  engine->createProject("ws", std::string("file:///repo"));
  EXPECT_EQ(engine->listProjects(std::string("file:///repo")).size(), 1u);
  EXPECT_EQ(engine->listProjects(std::nullopt).size(), 2u);
}

TEST_F(EngineTest, GetManyReturnsInOrderAndFailsOnUnknown) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  auto us = engine->units({a, r});
  EXPECT_EQ(us[0].id, a);
  EXPECT_EQ(us[1].id, r);
  EXPECT_EQ(errorOf([&] { engine->units({a, "u_nope"}); }).id(), "u_nope");
}

TEST_F(EngineTest, SearchFindsLiveUnitsOnly) {
  auto r = user(std::nullopt, "parseConfig crashes on empty input");
  auto a = bot(r, "Check the tokenizer");
  auto hits = engine->search("parseConfig", std::nullopt, 10);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].unitId, r);
  EXPECT_NE(hits[0].snippet.find("[parseConfig]"), std::string::npos);
  EXPECT_EQ(engine->search("tokeni", pid, 10).size(), 1u);  // prefix match
  engine->deleteUnits({a}, false, false);
  EXPECT_TRUE(engine->search("tokenizer", pid, 10).empty());
  EXPECT_TRUE(engine->search("\"(*", pid, 10).empty());  // FTS syntax is neutralised
  engine->edit(r, "renamed text");
  EXPECT_TRUE(engine->search("parseConfig", pid, 10).empty());
  EXPECT_EQ(engine->search("renamed", pid, 10).size(), 1u);
}

TEST_F(EngineTest, SetCursorIsNotUndoable) {
  auto r = user(std::nullopt, "r");
  auto a = bot(r, "a");
  engine->setCursor(pid, r);
  EXPECT_EQ(proj().cursorId, r);
  engine->undo(pid);  // undoes the append of a, not the cursor move
  EXPECT_EQ(proj().cursorId, r);
  EXPECT_EQ(errorOf([&] { engine->unit(a); }).reason(), "unitNotFound");
}

TEST_F(EngineTest, FailedMutationInABatchLeavesTheRestIntact) {
  auto r = user(std::nullopt, "r");
  engine->beginBatch();
  auto a = bot(r, "a");
  EXPECT_THROW(user(std::nullopt, "second root"), Error);
  auto b = user(a, "b");
  engine->commitBatch();
  EXPECT_EQ(engine->getProject(pid).units.size(), 3u);
  EXPECT_EQ(engine->unit(b).parentId, a);
}

TEST_F(EngineTest, AbortedBatchLeavesNothing) {
  auto r = user(std::nullopt, "r");
  events.clear();
  engine->beginBatch();
  bot(r, "a");
  EXPECT_TRUE(events.empty());  // not durable yet, so not announced
  engine->abortBatch();
  EXPECT_TRUE(events.empty());
  EXPECT_EQ(engine->getProject(pid).units.size(), 1u);
}

}  // namespace
}  // namespace grove::test
