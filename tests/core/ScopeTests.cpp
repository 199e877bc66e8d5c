// Every rule of DESIGN §5: isolation, truncation, include, exclude, toggle,
// mainline start cut, null cursor, budget, role merging, code rendering.
#include "EngineFixture.h"
#include "ops/PromptRenderer.h"
#include "support/Error.h"

namespace grove::test {
namespace {

class ScopeTest : public EngineTest {
protected:
  // root(u1) - a1 - u2 - a2   (mainline)
  //             \- b1 - b2     (a branch anchored at a1)
  std::string u1, a1, u2, a2, b1, b2;
  void SetUp() override {
    EngineTest::SetUp();
    u1 = user(std::nullopt, "How do I parse a config file?");
    a1 = bot(u1, "Use a TOML parser.");
    u2 = user(a1, "Which library?");
    a2 = bot(u2, "toml11 is fine.");
    b1 = user(a1, "Side question: YAML instead?", true);
    b2 = bot(b1, "YAML works too.");
  }
};

TEST_F(ScopeTest, PathIsRootToCursorInSeqOrder) {
  EXPECT_EQ(scopeIds(a2), (Ids{u1, a1, u2, a2}));
}

TEST_F(ScopeTest, SiblingBranchesAreIsolated) {
  EXPECT_EQ(scopeIds(b2), (Ids{u1, a1, b1, b2}));
  auto main = scopeIds(a2);
  EXPECT_EQ(std::count(main.begin(), main.end(), b1), 0);
}

TEST_F(ScopeTest, ContinuingFromMidPathTruncatesLaterUnits) {
  EXPECT_EQ(scopeIds(a1), (Ids{u1, a1}));
}

TEST_F(ScopeTest, LaterUnitsNeverReachEarlierOnes) {
  EXPECT_EQ(scopeIds(u1), (Ids{u1}));
}

TEST_F(ScopeTest, IncludedUnitFromAnotherPathJoinsInSeqOrder) {
  engine->setScope({b1}, ScopeChange::Included, std::nullopt);
  auto r = engine->resolveScope(pid, a2);
  Ids ids;
  for (auto* u : r.units) ids.push_back(u->id);
  EXPECT_EQ(ids, (Ids{u1, a1, u2, a2, b1}));  // b1 was appended after a2
  EXPECT_EQ(r.included, (Ids{b1}));
  EXPECT_TRUE(r.excluded.empty());
}

TEST_F(ScopeTest, IncludedUnitOnThePathIsNotReportedAsIncluded) {
  engine->setScope({a1}, ScopeChange::Included, std::nullopt);
  auto r = engine->resolveScope(pid, a2);
  EXPECT_TRUE(r.included.empty());
  EXPECT_EQ(r.units.size(), 4u);
}

TEST_F(ScopeTest, ExcludedUnitLeavesEveryScope) {
  engine->setScope({a1}, ScopeChange::Excluded, std::nullopt);
  EXPECT_EQ(scopeIds(a2), (Ids{u1, u2, a2}));
  EXPECT_EQ(scopeIds(b2), (Ids{u1, b1, b2}));
  EXPECT_EQ(engine->resolveScope(pid, a2).excluded, (Ids{a1}));
}

TEST_F(ScopeTest, NullCursorSeesOnlyIncludedUnits) {
  EXPECT_TRUE(scopeIds(std::nullopt).empty());
  engine->setScope({b2, u2}, ScopeChange::Included, std::nullopt);
  EXPECT_EQ(scopeIds(std::nullopt), (Ids{u2, b2}));
}

TEST_F(ScopeTest, ToggleOnPathExcludesThenRestoresAuto) {
  auto r = engine->setScope({a1}, ScopeChange::Toggle, std::optional<std::string>(a2));
  EXPECT_EQ(r[0].scope, ScopeState::Excluded);
  r = engine->setScope({a1}, ScopeChange::Toggle, std::optional<std::string>(a2));
  EXPECT_EQ(r[0].scope, ScopeState::Auto);
}

TEST_F(ScopeTest, ToggleOnPathOfIncludedUnitExcludesIt) {
  engine->setScope({a1}, ScopeChange::Included, std::nullopt);
  auto r = engine->setScope({a1}, ScopeChange::Toggle, std::optional<std::string>(a2));
  EXPECT_EQ(r[0].scope, ScopeState::Excluded);
}

TEST_F(ScopeTest, ToggleOffPathIncludesThenRestoresAuto) {
  auto r = engine->setScope({b1}, ScopeChange::Toggle, std::optional<std::string>(a2));
  EXPECT_EQ(r[0].scope, ScopeState::Included);
  EXPECT_EQ(scopeIds(a2), (Ids{u1, a1, u2, a2, b1}));
  r = engine->setScope({b1}, ScopeChange::Toggle, std::optional<std::string>(a2));
  EXPECT_EQ(r[0].scope, ScopeState::Auto);
}

TEST_F(ScopeTest, ToggleOffPathOfExcludedUnitIncludesIt) {
  engine->setScope({b1}, ScopeChange::Excluded, std::nullopt);
  auto r = engine->setScope({b1}, ScopeChange::Toggle, std::optional<std::string>(a2));
  EXPECT_EQ(r[0].scope, ScopeState::Included);
}

TEST_F(ScopeTest, ToggleWithNullCursorTreatsEverythingAsOffPath) {
  auto r = engine->setScope({a1}, ScopeChange::Toggle, std::optional<std::string>());
  EXPECT_EQ(r[0].scope, ScopeState::Included);
}

TEST_F(ScopeTest, ToggleWithoutCursorIsRefused) {
  try {
    engine->setScope({a1}, ScopeChange::Toggle, std::nullopt);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
    EXPECT_EQ(e.field(), "cursorId");
  }
}

TEST_F(ScopeTest, MainlineStartCutsThePath) {
  engine->setMainline(pid, std::optional<std::string>(u2), std::nullopt);
  EXPECT_EQ(scopeIds(a2), (Ids{u2, a2}));
  // A path that does not pass through the start is not cut.
  EXPECT_EQ(scopeIds(b2), (Ids{u1, a1, b1, b2}));
  // The mainline itself still starts at the root.
  auto snap = engine->getProject(pid);
  EXPECT_EQ(snap.branches[0].unitIds.front(), u1);
}

TEST_F(ScopeTest, ToggleTreatsUnitsAboveTheStartAsOffPath) {
  engine->setMainline(pid, std::optional<std::string>(u2), std::nullopt);
  // u1 is above the cut, so it is off the visible path: toggle includes it.
  auto r = engine->setScope({u1}, ScopeChange::Toggle, std::optional<std::string>(a2));
  EXPECT_EQ(r[0].scope, ScopeState::Included);
  EXPECT_EQ(scopeIds(a2), (Ids{u1, u2, a2}));
}

TEST_F(ScopeTest, PreviewRendersRolesAndAppendsPrompt) {
  auto p = engine->preview(pid, a2, std::string("And for JSON?"), std::nullopt);
  ASSERT_EQ(p.messages.size(), 5u);
  EXPECT_EQ(p.messages[0].role, "user");
  EXPECT_EQ(p.messages[0].content, "How do I parse a config file?");
  EXPECT_EQ(p.messages[1].role, "assistant");
  EXPECT_EQ(p.messages[4].content, "And for JSON?");
  EXPECT_TRUE(p.messages[4].unitIds.empty());
  EXPECT_EQ(p.system, "");
  int expected = 0;
  for (const auto& m : p.messages) expected += static_cast<int>((m.content.size() + 3) / 4) + 4;
  EXPECT_EQ(p.tokens, expected);
}

TEST_F(ScopeTest, ConsecutiveSameRoleUnitsMerge) {
  engine->setScope({a1}, ScopeChange::Excluded, std::nullopt);
  auto p = engine->preview(pid, a2, std::nullopt, std::nullopt);
  ASSERT_EQ(p.messages.size(), 2u);
  EXPECT_EQ(p.messages[0].unitIds, (Ids{u1, u2}));
  EXPECT_EQ(p.messages[0].content, "How do I parse a config file?\n\nWhich library?");
}

TEST_F(ScopeTest, PlaceholdersAreDropped) {
  engine->deleteUnits({a1}, false, false);  // a1 has children: becomes a placeholder
  EXPECT_EQ(scopeIds(a2), (Ids{u1, u2, a2}));
}

TEST_F(ScopeTest, BudgetDropsOldestAutoUnitsFirst) {
  // Each unit is small; a budget that fits only part of the path.
  auto full = engine->preview(pid, a2, std::string("q"), std::nullopt);
  auto p = engine->preview(pid, a2, std::string("q"), full.tokens - 1);
  ASSERT_FALSE(p.truncated.empty());
  EXPECT_EQ(p.truncated.front(), u1);
  EXPECT_LE(p.tokens, full.tokens - 1);
}

TEST_F(ScopeTest, BudgetNeverDropsIncludedCursorOrPrompt) {
  engine->setScope({u1}, ScopeChange::Included, std::nullopt);
  auto p = engine->preview(pid, a2, std::string("prompt text"), 1);
  // Everything droppable went, the rest stays even though it is over budget.
  EXPECT_EQ(p.truncated, (Ids{a1, u2}));
  ASSERT_EQ(p.messages.size(), 3u);
  EXPECT_EQ(p.messages[0].unitIds, (Ids{u1}));
  EXPECT_EQ(p.messages[1].unitIds, (Ids{a2}));
  EXPECT_EQ(p.messages[2].content, "prompt text");
}

TEST_F(ScopeTest, NegativeBudgetIsRefused) {
  EXPECT_THROW(engine->preview(pid, a2, std::nullopt, -1), Error);
}

TEST_F(ScopeTest, CursorFromAnotherProjectIsRefused) {
  std::string other = engine->createProject("other", std::nullopt).id;
  try {
    engine->resolveScope(other, a2);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.field(), "cursorId");
  }
}

TEST_F(EngineTest, CodeUnitRendersAsFencedBlockWithPathLinesAndMemo) {
  std::string q = user(std::nullopt, "Why does this crash?");
  AppendRequest r;
  r.projectId = pid;
  r.parentId = q;
  r.role = Role::User;
  r.kind = Kind::Code;
  r.content = "int main() { return *p; }";
  Source s;
  s.uri = "file:///src/main.cpp";
  s.range = {{9, 0}, {11, 4}};
  s.languageId = "cpp";
  s.memo = "the null deref";
  r.source = s;
  std::string code = engine->append(r).id;
  auto p = engine->preview(pid, code, std::nullopt, std::nullopt);
  ASSERT_EQ(p.messages.size(), 1u);
  EXPECT_EQ(p.messages[0].content,
            "Why does this crash?\n\nFile: /src/main.cpp (lines 10-12)\nMemo: the null deref\n"
            "```cpp\nint main() { return *p; }\n```");
  EXPECT_FALSE(engine->unit(code).source->contentHash.empty());
}

TEST(PromptRenderer, NoteUnitsAreLabelled) {
  Unit u;
  u.kind = Kind::Note;
  u.content = "remember the deadline";
  EXPECT_EQ(renderUnit(u), "Note: remember the deadline");
}

}  // namespace
}  // namespace grove::test
