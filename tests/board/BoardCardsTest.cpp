// Board cards through the Engine (issue 16, DESIGN §11.4): evolution that
// would touch a user-edited field (or any field with `evolution: "cards"`)
// makes an evolve card; grove/board/reorganize offline makes a reorganize
// card; accepting applies the card's ops as one `accept` undo entry,
// rejecting changes nothing the user made, and a vanished target is
// cannotApply with the op's index.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "BoardFixture.h"
#include "support/Error.h"

namespace grove::test {
namespace {

class BoardCards : public BoardEngine {
protected:
  std::vector<Suggestion> pending() { return engine->boardCards(kWs, std::nullopt, SuggestionState::Pending); }

  /// The top-level group of each item, by item title.
  std::map<std::string, std::string> groupTitles() {
    BoardSnapshot s = engine->board(kWs, false);
    std::map<std::string, std::string> titleOf;
    for (const auto& g : s.groups) titleOf[g.group.id] = g.group.title;
    std::map<std::string, std::string> out;
    for (const auto& i : s.items) out[i.memolet.title] = i.groupId ? titleOf[*i.groupId] : "-";
    return out;
  }

  Suggestion reorganize(const std::string& instruction, std::vector<std::string> itemIds = {},
                        std::vector<std::string> groupIds = {}) {
    return engine->reorganizeBoard({kWs, instruction, std::move(itemIds), std::move(groupIds)});
  }
};

TEST_F(BoardCards, EvolutionOfAUserEditedFieldIsACardThatAcceptingApplies) {
  auto a = note("docker volume mounts for the postgres container keep the database files");
  BoardOp e = op(BoardOp::Kind::UpdateItem);
  e.id = a.item.id();
  e.context = "my own words";
  edit({e});
  auto b = note("the postgres container loses its database files without a docker volume mount");

  ASSERT_TRUE(b.evolution);
  ASSERT_EQ(b.evolution->proposed.size(), 1u);
  auto cards = pending();
  ASSERT_EQ(cards.size(), 1u);
  const Suggestion& card = cards[0];
  EXPECT_EQ(card.id, b.evolution->proposed[0]);
  EXPECT_EQ(card.kind, SuggestionKind::Evolve);
  EXPECT_EQ(card.workspaceUri, kWs);
  EXPECT_EQ(card.anchorIds, std::vector<std::string>{a.item.id()});
  ASSERT_EQ(card.ops.size(), 1u);
  ASSERT_TRUE(card.ops[0].context);
  EXPECT_NE(card.ops[0].context->find("Related: " + b.item.memolet.title + "."), std::string::npos);
  // The card was announced, and the badge names it; the field is untouched.
  bool announced = std::any_of(suggestionEvents.begin(), suggestionEvents.end(),
                               [&](const SuggestionEvent& ev) { return ev.created && ev.suggestion.id == card.id; });
  EXPECT_TRUE(announced);
  BoardItem older = engine->boardItem(kWs, a.item.id());
  EXPECT_EQ(older.context, "my own words");
  ASSERT_FALSE(older.badges.empty());
  EXPECT_EQ(older.badges.back().kind, "proposed");
  EXPECT_EQ(older.badges.back().suggestionId, card.id);

  std::string before = picture();
  Resolution r = engine->resolveSuggestion(card.id, Decision::Accept);
  EXPECT_EQ(r.suggestion.state, SuggestionState::Accepted);
  ASSERT_TRUE(r.board);
  EXPECT_EQ(r.board->op, "accept");
  older = engine->boardItem(kWs, a.item.id());
  EXPECT_EQ(older.context, *card.ops[0].context);
  EXPECT_EQ(older.badges.back().kind, "updated") << "the proposal became an update";
  EXPECT_TRUE(pending().empty());
  // One undo entry: undo puts the user's words and the proposed badge back.
  engine->undoBoard(kWs);
  EXPECT_EQ(picture(), before);
  // Resolving twice is refused.
  EXPECT_THROW(engine->resolveSuggestion(card.id, Decision::Reject), Error);
}

TEST_F(BoardCards, RejectingAnEvolveCardDropsItsBadgeAndKeepsTheField) {
  engine->configureBoard(kWs, BoardSettingsUpdate{.evolution = std::string("cards")});
  auto a = note("docker volume mounts for the postgres container keep the database files");
  auto b = note("the postgres container loses its database files without a docker volume mount");
  ASSERT_TRUE(b.evolution);
  EXPECT_TRUE(b.evolution->updated.empty()) << "cards mode writes nothing by itself";
  ASSERT_EQ(b.evolution->proposed.size(), 1u);
  std::string contextBefore = engine->boardItem(kWs, a.item.id()).context;
  int64_t revision = engine->board(kWs, false).board.revision;
  Resolution r = engine->resolveSuggestion(b.evolution->proposed[0], Decision::Reject);
  EXPECT_EQ(r.suggestion.state, SuggestionState::Rejected);
  EXPECT_FALSE(r.board);
  BoardItem older = engine->boardItem(kWs, a.item.id());
  EXPECT_EQ(older.context, contextBefore);
  EXPECT_TRUE(older.badges.empty());
  EXPECT_GT(engine->board(kWs, false).board.revision, revision) << "the badge change is announced";
  EXPECT_EQ(engine->boardCards(kWs, SuggestionKind::Evolve, SuggestionState::Rejected).size(), 1u);
}

TEST_F(BoardCards, ReorganizeByFileIsAPendingCardThatRegroupsOnAccept) {
  auto a = snippet("int open_db() { return sqlite3_open(path, &db); }", "", "open_db", "src/db.cpp");
  auto b = snippet("void close_db() { sqlite3_close(db); }", "", "close_db", "src/db.cpp");
  auto c = snippet("def parse(argv): return argparse.parse(argv)", "", "parse", "tools/cli.py", "python");
  auto d = note("remember to rotate the API keys every quarter");
  std::string before = picture();

  Suggestion card = reorganize("please group these by file");
  EXPECT_EQ(card.kind, SuggestionKind::Reorganize);
  EXPECT_EQ(card.state, SuggestionState::Pending);
  EXPECT_EQ(picture(), before) << "a card changes nothing";
  std::set<std::string> moved(card.anchorIds.begin(), card.anchorIds.end());
  EXPECT_EQ(moved, (std::set<std::string>{a.item.id(), b.item.id(), c.item.id()})) << "the note has no file";

  Resolution r = engine->resolveSuggestion(card.id, Decision::Accept);
  ASSERT_TRUE(r.board);
  auto groups = groupTitles();
  EXPECT_EQ(groups["open_db"], "src/db.cpp");
  EXPECT_EQ(groups["close_db"], "src/db.cpp");
  EXPECT_EQ(groups["parse"], "tools/cli.py");
  BoardSnapshot s = engine->board(kWs, false);
  for (const auto& g : s.groups)
    if (g.group.title == "src/db.cpp") EXPECT_EQ(g.group.origin, "reorganize");
  engine->undoBoard(kWs);
  EXPECT_EQ(picture(), before) << "accepting is one undo entry";
}

TEST_F(BoardCards, ReorganizeByLanguageAndKindOnASelectionEmptiesAndRemovesNamedGroups) {
  auto a = snippet("fn main() { println!(\"hi\"); }", "", "main", "src/main.rs", "rust");
  auto b = snippet("def main(): print('hi')", "", "main_py", "main.py", "python");
  auto n = note("the deploy needs the staging token");
  // Put the two snippets in one hand-made group.
  BoardOp g = op(BoardOp::Kind::Group);
  g.ref = "x";
  g.title = "mixed";
  g.itemIds = {a.item.id(), b.item.id()};
  auto made = edit({g});
  std::string mixed = made.refs.at("x");

  Suggestion card = reorganize("Sort by language", {}, {mixed});
  engine->resolveSuggestion(card.id, Decision::Accept);
  auto groups = groupTitles();
  EXPECT_EQ(groups["main"], "rust");
  EXPECT_EQ(groups["main_py"], "python");
  BoardSnapshot s = engine->board(kWs, false);
  EXPECT_TRUE(std::none_of(s.groups.begin(), s.groups.end(), [&](const auto& v) { return v.group.id == mixed; }))
      << "the emptied group is gone";
  EXPECT_EQ(engine->boardItem(kWs, n.item.id()).groupId, n.item.groupId) << "not selected: untouched";

  Suggestion byKind = reorganize("organise by kind");
  engine->resolveSuggestion(byKind.id, Decision::Accept);
  groups = groupTitles();
  EXPECT_EQ(groups["main"], "Snippets");
  EXPECT_EQ(groups["main_py"], "Snippets");
  EXPECT_EQ(groups[engine->boardItem(kWs, n.item.id()).memolet.title], "Notes");
}

TEST_F(BoardCards, ReorganizeByTopicSeparatesUnrelatedMemories) {
  std::vector<std::string> db, ui;
  for (const char* t : {"postgres index on the orders table speeds the report query",
                        "the postgres query planner skips the orders index for small tables",
                        "vacuum the postgres orders table after the bulk delete"})
    db.push_back(note(t).item.id());
  for (const char* t : {"the react button component re-renders on every keystroke",
                        "memoise the react component props so the button stops re-rendering",
                        "react state in the button component should move up to the form"})
    ui.push_back(note(t).item.id());
  Suggestion card = reorganize("group everything by topic");
  engine->resolveSuggestion(card.id, Decision::Accept);
  auto groupOf = [&](const std::string& id) { return engine->boardItem(kWs, id).groupId; };
  for (const auto& id : db) EXPECT_EQ(groupOf(id), groupOf(db[0]));
  for (const auto& id : ui) EXPECT_EQ(groupOf(id), groupOf(ui[0]));
  EXPECT_NE(groupOf(db[0]), groupOf(ui[0]));
}

TEST_F(BoardCards, ReorganizeRefusesWhatItCannotDoOffline) {
  note("one memory about docker");
  note("another memory about kubernetes");
  try {
    reorganize("make it nicer please");
    FAIL() << "expected needsModel";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "needsModel");
    EXPECT_NE(std::string(e.what()).find("by topic"), std::string::npos) << "says what works offline";
  }
  EXPECT_THROW(reorganize("   "), Error);
  EXPECT_THROW(reorganize("by file", {"m_nope"}), Error);
  EXPECT_TRUE(pending().empty());
}

TEST_F(BoardCards, AcceptingACardWhoseMemoryIsGoneIsCannotApplyWithTheOpIndex) {
  auto a = snippet("int open_db();", "", "open_db", "src/db.cpp");
  auto b = snippet("void close_db();", "", "close_db", "src/db.cpp");
  Suggestion card = reorganize("by file");
  // b's capture is undone (b leaves the board) before the card is accepted.
  auto present = [&] {
    auto items = engine->board(kWs, true).items;
    return std::any_of(items.begin(), items.end(), [&](const BoardItem& i) { return i.id() == b.item.id(); });
  };
  for (int i = 0; i < 3 && present(); ++i) engine->undoBoard(kWs);
  ASSERT_FALSE(present());
  try {
    engine->resolveSuggestion(card.id, Decision::Accept);
    FAIL() << "expected cannotApply";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "cannotApply");
    ASSERT_TRUE(e.opIndex());
    EXPECT_EQ(*e.opIndex(), 0);
  }
  EXPECT_EQ(engine->suggestion(card.id).state, SuggestionState::Pending) << "nothing was applied";
  EXPECT_EQ(engine->boardItem(kWs, a.item.id()).groupId, a.item.groupId);
}

}  // namespace
}  // namespace grove::test
