// The engine's half of the board's model path (issue 16): the candidates
// the model is asked about, placement by the model's sigma (relatedFloor
// still applies, an unscored candidate counts 0), the model's analysis in
// the item, and evolution left for after the reply.
#include <gtest/gtest.h>

#include <algorithm>

#include "EngineFixture.h"
#include "support/Error.h"

namespace grove::test {
namespace {

const std::string kWs = "file:///home/ana/src/app";

class BoardModelSigma : public EngineTest {
protected:
  std::vector<BoardChange> changes;

  void SetUp() override {
    EngineTest::SetUp();
    engine->setBoardListener([this](const BoardChange& c) { changes.push_back(c); });
  }

  CaptureRequest request(const std::string& content) {
    CaptureRequest r;
    r.workspaceUri = kWs;
    r.content = content;
    return r;
  }

  std::string noteIn(const std::string& content, const std::optional<std::string>& groupId) {
    CaptureRequest r = request(content);
    r.groupId = groupId;
    return engine->capture(r).item.id();
  }

  size_t opsCount(const std::string& op) {
    return static_cast<size_t>(std::count_if(changes.begin(), changes.end(), [&](auto& c) { return c.op == op; }));
  }
};

TEST_F(BoardModelSigma, CandidatesAreTheNewItemAndItsPrefilterAndWriteNothing) {
  for (int i = 0; i < 25; ++i) noteIn("pgbouncer pooling note number " + std::to_string(i), std::nullopt);
  int64_t revision = engine->board(kWs, false).board.revision;
  CaptureRequest r = request("pgbouncer pooling in transaction mode");
  r.analysis = BoardAnalysis{std::string("Pool modes"), std::nullopt, std::nullopt, std::vector<std::string>{"pooling"}};
  CaptureCandidates c = engine->captureCandidates(r, kModelScoredCandidates);
  EXPECT_EQ(c.item.title, "Pool modes") << "the model's analysis is in the card";
  EXPECT_EQ(c.item.tags, std::vector<std::string>{"pooling"});
  EXPECT_EQ(c.candidates.size(), kModelScoredCandidates);
  ASSERT_EQ(c.nativeSigma.size(), c.candidates.size());
  EXPECT_FALSE(c.candidates[0].title.empty());
  EXPECT_EQ(engine->board(kWs, false).board.revision, revision) << "nothing written";
  EXPECT_EQ(engine->board(kWs, false).items.size(), 25u);
  EXPECT_THROW(engine->captureCandidates(request("  "), 20), Error);
}

TEST_F(BoardModelSigma, TheModelsSigmaPlacesAndEvolutionWaits) {
  std::string x = noteIn("Postgres pooling with pgbouncer in transaction mode.", std::nullopt);
  std::string y = noteIn("Toasts fade after five seconds.", std::nullopt);
  std::string z = noteIn("Toast colours follow the theme.", std::nullopt);
  BoardOp gx;
  gx.op = BoardOp::Kind::Group;
  gx.itemIds = {x};
  BoardOp gyz;
  gyz.op = BoardOp::Kind::Group;
  gyz.itemIds = {y, z};
  BoardEditResult made = engine->editBoard({kWs, {gx, gyz}, false, std::nullopt});
  ASSERT_EQ(made.change.groupIds.size(), 2u);
  std::string toasts = engine->boardItem(kWs, y).groupId.value();

  CaptureRequest r = request("pgbouncer transaction mode breaks Postgres prepared statements.");
  r.sigma = std::vector<ScoredId>{{y, 0.8}, {x, 0.1}};  // z unscored: 0; x under relatedFloor: 0
  r.deferEvolution = true;
  changes.clear();
  CaptureResult out = engine->capture(r);
  EXPECT_EQ(out.placement.method, "model");
  EXPECT_EQ(out.placement.groupId, toasts);
  ASSERT_EQ(out.placement.related.size(), 1u);
  EXPECT_EQ(out.placement.related[0].id, y);
  EXPECT_DOUBLE_EQ(out.placement.related[0].score, 0.8);
  EXPECT_FALSE(out.evolution) << "left for after the reply";
  EXPECT_EQ(opsCount("evolve"), 0u);

  BoardEvolution ev = engine->evolveCapture(kWs, out.item.id());
  ASSERT_EQ(ev.updated.size(), 1u);
  EXPECT_EQ(ev.updated[0].itemId, y);
  EXPECT_EQ(opsCount("evolve"), 1u);

  // A capture undone before its evolution ran evolves nothing.
  CaptureResult again = engine->capture(r);
  engine->undoBoard(kWs);
  changes.clear();
  EXPECT_TRUE(engine->evolveCapture(kWs, again.item.id()).updated.empty());
  EXPECT_EQ(opsCount("evolve"), 0u);
}

TEST_F(BoardModelSigma, TheModelsGroupNameIsWrittenWithTheEvolutionButNeverOverTheUsers) {
  CaptureRequest r = request("pgbouncer transaction mode breaks Postgres prepared statements.");
  r.deferEvolution = true;
  CaptureResult first = engine->capture(r);
  ASSERT_TRUE(first.placement.created);
  EXPECT_TRUE(first.placement.described) << "a new group is the model's to name";
  std::string g = first.placement.groupId;
  std::vector<BoardCard> members = engine->boardGroupCards(kWs, g);
  ASSERT_EQ(members.size(), 1u);
  EXPECT_EQ(members[0].id, first.item.id());

  // The user renamed the group meanwhile: the model's title is dropped, its
  // summary (not edited) is written, in the one evolve entry.
  BoardOp rename;
  rename.op = BoardOp::Kind::UpdateGroup;
  rename.id = g;
  rename.title = "Mine";
  engine->editBoard({kWs, {rename}, false, std::nullopt});
  changes.clear();
  engine->evolveCapture(kWs, first.item.id(), GroupDescription{std::string("Pooling"), std::string("About pools.")});
  EXPECT_EQ(opsCount("evolve"), 1u);
  BoardSnapshot b = engine->board(kWs, false);
  ASSERT_EQ(b.groups.size(), 1u);
  EXPECT_EQ(b.groups[0].group.title, "Mine");
  EXPECT_EQ(b.groups[0].group.summary, "About pools.");

  // An item moved out of the group it was placed in names nothing.
  CaptureResult second = engine->capture(request("Frontend toasts fade after five seconds."));
  BoardOp move;
  move.op = BoardOp::Kind::Move;
  move.itemIds = {second.item.id()};
  move.to = g;
  engine->editBoard({kWs, {move}, false, std::nullopt});
  std::string before = engine->board(kWs, false).groups[0].group.summary;
  engine->evolveCapture(kWs, second.item.id(), GroupDescription{std::string("Toasts"), std::string("Toasts.")});
  for (const auto& view : engine->board(kWs, false).groups) EXPECT_NE(view.group.title, "Toasts");
  EXPECT_EQ(engine->board(kWs, false).groups[0].group.summary, before);

  // Joining a group whose title the native rule rewrites (the third
  // membership change) marks it described too.
  // The move was its first; two pooling notes follow.
  CaptureResult third = engine->capture(request("pgbouncer pool size is twenty per worker in transaction mode."));
  EXPECT_EQ(third.placement.groupId, g);
  EXPECT_FALSE(third.placement.described) << "the second membership change";
  CaptureResult fourth = engine->capture(request("pgbouncer transaction mode and Postgres prepared statements again."));
  EXPECT_EQ(fourth.placement.groupId, g);
  EXPECT_TRUE(fourth.placement.described) << "the third membership change of " << g;
}

}  // namespace
}  // namespace grove::test
