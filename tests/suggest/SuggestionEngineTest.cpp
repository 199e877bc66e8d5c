// Suggestions in the engine: analysis under each initiative level, the
// cooldown and rate cap, accept / reject / defer / ignore and what each
// changes, undo of an accept, and the model path's merge.
#include <gtest/gtest.h>

#include <algorithm>

#include "SuggestEngineFixture.h"

namespace grove::test {
namespace {

using SuggestionEngine = SuggestEngineTest;

TEST_F(SuggestionEngine, AnalyzeProposesABranchForASideQuestionAndNothingForAFollowUp) {
  auto side = engine->analyze(pid, a2, kSideQuestion);
  ASSERT_EQ(side.size(), 1u);
  EXPECT_EQ(side[0].kind, SuggestionKind::Branch);
  EXPECT_EQ(side[0].anchorIds, std::vector<std::string>{a2});
  EXPECT_EQ(side[0].id, "");  // not stored
  EXPECT_FALSE(side[0].reason.empty());
  EXPECT_TRUE(engine->analyze(pid, a2, kFollowUp).empty());
  EXPECT_TRUE(engine->suggestions(pid, std::nullopt).empty());
  EXPECT_TRUE(notices().empty());
}

TEST_F(SuggestionEngine, SuggestLevelStoresAndAnnouncesACardOnSend) {
  events.clear();
  Turn t = send(a2, kSideQuestion);
  ASSERT_EQ(t.analysis.created.size(), 1u);
  const Suggestion& s = t.analysis.created[0];
  EXPECT_FALSE(s.id.empty());
  EXPECT_EQ(s.state, SuggestionState::Pending);
  EXPECT_EQ(s.triggerUnitId, t.userId);
  EXPECT_TRUE(t.analysis.modelAllowed);
  auto n = notices();
  ASSERT_EQ(n.size(), 1u);
  EXPECT_TRUE(n[0].created);
  EXPECT_EQ(n[0].suggestion.id, s.id);
  EXPECT_EQ(engine->suggestions(pid, SuggestionState::Pending).size(), 1u);
}

TEST_F(SuggestionEngine, OnDemandOnlyAnalyzesAndOffDoesNothing) {
  engine->setInitiative(pid, {InitiativeLevel::OnDemand, std::nullopt, std::nullopt});
  EXPECT_EQ(engine->analyze(pid, a2, kSideQuestion).size(), 1u);
  Turn t = send(a2, kSideQuestion);
  EXPECT_TRUE(t.analysis.created.empty());
  EXPECT_FALSE(t.analysis.modelAllowed);

  engine->setInitiative(pid, {InitiativeLevel::Off, std::nullopt, std::nullopt});
  EXPECT_TRUE(engine->analyze(pid, a2, kSideQuestion).empty());
  EXPECT_TRUE(send(a2, kSideQuestion).analysis.created.empty());
  EXPECT_TRUE(send(a2, "branch this off").analysis.created.empty());  // off is off, delegation too
  EXPECT_TRUE(engine->suggestions(pid, std::nullopt).empty());
}

TEST_F(SuggestionEngine, CooldownSkipsTheNextTurnsAndTheRateCapCountsPerHour) {
  engine->setInitiative(pid, {std::nullopt, 2, 100});
  EXPECT_EQ(send(a2, kSideQuestion).analysis.created.size(), 1u);
  EXPECT_TRUE(send(a2, kSideQuestion).analysis.created.empty());   // 1 turn after
  EXPECT_TRUE(send(a2, kSideQuestion).analysis.created.empty());   // 2 turns after
  EXPECT_EQ(send(a2, kSideQuestion).analysis.created.size(), 1u);  // cooled down

  engine->setInitiative(pid, {std::nullopt, 0, 3});  // 2 cards this hour already
  EXPECT_EQ(send(a2, kSideQuestion).analysis.created.size(), 1u);
  EXPECT_TRUE(send(a2, kSideQuestion).analysis.created.empty());  // cap of 3 reached
  // Delegation is the user's own request: not capped.
  EXPECT_EQ(send(a2, "branch this off").analysis.created.size(), 1u);
  // An hour later the cap has room again. By now the user has passed four
  // branch cards by, and the user model raises the bar for them (issue 13: in
  // log-odds), above the cue-less side question's probability; the announced
  // one shows that the cap, not the bar, was what held cards back.
  clock.now += 3600 * 1000 + 1;
  EXPECT_LT(engine->userModel().branching.value, 0);
  EXPECT_EQ(send(a2, "Unrelated: what is a good recipe for sourdough bread with rye flour?").analysis.created.size(), 1u);
}

TEST_F(SuggestionEngine, SendingAgainPassesPendingCardsByAsIgnored) {
  Turn t = send(a2, kSideQuestion);
  std::string id = t.analysis.created.at(0).id;
  notices();
  send(t.answerId, "Rye needs a longer fermentation, right?");
  EXPECT_EQ(engine->suggestion(id).state, SuggestionState::Ignored);
  auto n = notices();
  ASSERT_FALSE(n.empty());
  EXPECT_FALSE(n[0].created);
  EXPECT_EQ(n[0].suggestion.state, SuggestionState::Ignored);
}

TEST_F(SuggestionEngine, AcceptingABranchMovesTheExchangeIntoABranchAndUndoPutsItBack) {
  Turn t = send(a2, kSideQuestion, "Use 20% rye and a longer bulk fermentation.");
  const Suggestion s = t.analysis.created.at(0);
  ASSERT_EQ(proj().mainlineEndId, t.answerId);  // the side question sits on the mainline
  int64_t revision = proj().revision;

  Resolution r = engine->resolveSuggestion(s.id, Decision::Accept);
  EXPECT_EQ(r.suggestion.state, SuggestionState::Accepted);
  EXPECT_EQ(r.unitIds, std::vector<std::string>{t.userId});
  ASSERT_TRUE(r.project);
  EXPECT_EQ(r.project->mainlineEndId, a2);  // the mainline ends at the anchor again
  EXPECT_EQ(proj().revision, revision + 1);  // one operation
  Branch b = engine->branchOf(t.answerId);
  EXPECT_FALSE(b.isMainline);
  EXPECT_EQ(b.headId, t.userId);
  EXPECT_EQ(b.anchorId, a2);
  EXPECT_EQ(b.title, s.title);
  EXPECT_EQ(b.unitIds, (std::vector<std::string>{t.userId, t.answerId}));
  EXPECT_EQ(proj().cursorId, t.answerId);  // the user is now in the branch
  // The mainline no longer sees the side question.
  EXPECT_EQ(scopeIds(a2), (std::vector<std::string>{q1, a1, q2, a2}));

  engine->undo(pid);
  EXPECT_FALSE(engine->unit(t.userId).startsBranch);
  EXPECT_EQ(proj().mainlineEndId, t.answerId);
  EXPECT_TRUE(engine->branchOf(t.answerId).isMainline);
  EXPECT_EQ(engine->suggestion(s.id).state, SuggestionState::Accepted);  // the card stays decided
  engine->redo(pid);
  EXPECT_TRUE(engine->unit(t.userId).startsBranch);
}

TEST_F(SuggestionEngine, AcceptingAReturnMovesTheCursorAndCompletesTheBranch) {
  Turn side = send(a2, kSideQuestion, "Use 20% rye and a longer bulk fermentation.");
  engine->resolveSuggestion(side.analysis.created.at(0).id, Decision::Accept);
  Turn back = send(side.answerId, "Thanks, that settles it. Back to the migrations: how do I roll one back?");
  auto returns = ofKind(back.analysis.created, SuggestionKind::Return);
  ASSERT_EQ(returns.size(), 1u) << "a return card when the user goes back";
  EXPECT_EQ(returns[0].anchorIds, (std::vector<std::string>{side.userId, a2}));

  Resolution r = engine->resolveSuggestion(returns[0].id, Decision::Accept);
  EXPECT_EQ(proj().cursorId, a2);
  ASSERT_TRUE(r.pathSwitch);
  EXPECT_EQ(r.pathSwitch->second, a2);
  Branch b = engine->branchOf(side.userId);
  EXPECT_EQ(b.status, BranchStatus::Completed);
  ASSERT_TRUE(b.summary);
  EXPECT_NE(b.summary->find("sourdough"), std::string::npos) << *b.summary;

  engine->undo(pid);
  EXPECT_EQ(engine->branchOf(side.userId).status, BranchStatus::Open);
}

TEST_F(SuggestionEngine, AcceptingAnExclusionExcludesTheUnitsUndoably) {
  Turn t = send(a2, "exclude the earlier schema discussion");
  ASSERT_EQ(t.analysis.created.size(), 1u);
  const Suggestion s = t.analysis.created[0];
  EXPECT_EQ(s.kind, SuggestionKind::Exclude);
  EXPECT_TRUE(s.delegated);
  ASSERT_FALSE(s.anchorIds.empty());
  Resolution r = engine->resolveSuggestion(s.id, Decision::Accept);
  for (const auto& id : s.anchorIds) EXPECT_EQ(engine->unit(id).scope, ScopeState::Excluded) << id;
  EXPECT_EQ(r.unitIds.size(), s.anchorIds.size());
  engine->undo(pid);
  for (const auto& id : s.anchorIds) EXPECT_EQ(engine->unit(id).scope, ScopeState::Auto) << id;
}

TEST_F(SuggestionEngine, AcceptingAnExtractionMakesACapsuleThatAwaitsReview) {
  Turn t = send(a2, "save this as an SOP");
  ASSERT_EQ(t.analysis.created.size(), 1u);
  const Suggestion s = t.analysis.created[0];
  EXPECT_EQ(s.kind, SuggestionKind::Extract);
  Resolution r = engine->resolveSuggestion(s.id, Decision::Accept);
  ASSERT_TRUE(r.capsule);
  EXPECT_TRUE(r.capsule->requiresReview);
  EXPECT_FALSE(r.capsule->reviewed);
  EXPECT_EQ(r.capsule->source, "native");
  EXPECT_EQ(r.capsule->projectId, pid);
  EXPECT_FALSE(r.capsule->sourceUnitIds.empty());
  EXPECT_EQ(engine->capsules(pid).size(), 1u);
}

TEST_F(SuggestionEngine, RejectAndDeferChangeOnlyTheCardAndAreFinalOrReversible) {
  Turn t = send(a2, kSideQuestion);
  const std::string id = t.analysis.created.at(0).id;
  int64_t revision = proj().revision;
  notices();
  EXPECT_EQ(engine->resolveSuggestion(id, Decision::Defer).suggestion.state, SuggestionState::Deferred);
  EXPECT_EQ(proj().revision, revision);  // the tree did not change
  // A deferred card survives the next send (it is not passed by) and can be accepted later.
  send(t.answerId, "How long should the rye starter ferment?");
  EXPECT_EQ(engine->suggestion(id).state, SuggestionState::Deferred);
  EXPECT_EQ(engine->resolveSuggestion(id, Decision::Reject).suggestion.state, SuggestionState::Rejected);
  try {
    engine->resolveSuggestion(id, Decision::Accept);
    FAIL() << "a rejected card cannot be accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "suggestionResolved");
  }
  try {
    engine->suggestion("s_missing");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::NotFound);
    EXPECT_EQ(e.reason(), "suggestionNotFound");
  }
}

TEST_F(SuggestionEngine, ModelProposalsMergeWithNativeCardsAndLateOnesAreDropped) {
  Turn t = send(a2, kSideQuestion);
  const Suggestion native = t.analysis.created.at(0);
  notices();
  Suggestion agree = native;
  agree.id.clear();
  agree.confidence = 0.99;
  agree.source = SuggestionSource::Model;
  Suggestion extract;
  extract.kind = SuggestionKind::Extract;
  extract.anchorIds = {q1, a1};
  extract.reason = "A reusable procedure.";
  extract.capsuleType = "task_sop";
  auto touched = engine->mergeModelSuggestions(pid, t.userId, {agree, extract});
  ASSERT_EQ(touched.size(), 2u);
  Suggestion merged = engine->suggestion(native.id);
  EXPECT_EQ(merged.source, SuggestionSource::Model);
  EXPECT_DOUBLE_EQ(merged.confidence, 0.99);
  EXPECT_EQ(touched[1].kind, SuggestionKind::Extract);
  EXPECT_EQ(touched[1].source, SuggestionSource::Model);
  auto n = notices();
  ASSERT_EQ(n.size(), 2u);
  EXPECT_FALSE(n[0].created);
  EXPECT_TRUE(n[1].created);

  // The user moved on before the model answered: nothing is shown.
  send(t.answerId, kFollowUp);
  EXPECT_TRUE(engine->mergeModelSuggestions(pid, t.userId, {extract}).empty());
}

TEST_F(SuggestionEngine, InitiativeDefaultsAndValidation) {
  InitiativePolicy p = engine->initiative(pid);
  EXPECT_EQ(p.level, InitiativeLevel::Suggest);
  EXPECT_EQ(p.cooldownTurns, 2);
  EXPECT_EQ(p.maxPerHour, 10);
  p = engine->setInitiative(pid, {InitiativeLevel::OnDemand, 5, std::nullopt});
  EXPECT_EQ(p.level, InitiativeLevel::OnDemand);
  EXPECT_EQ(p.cooldownTurns, 5);
  EXPECT_EQ(engine->initiative(pid).cooldownTurns, 5);
  EXPECT_THROW(engine->setInitiative(pid, {std::nullopt, -1, std::nullopt}), Error);
  EXPECT_THROW(engine->initiative("p_missing"), Error);
}

}  // namespace
}  // namespace grove::test
