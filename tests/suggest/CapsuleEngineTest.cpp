// Capsules in the engine: offline extraction is extractive and flagged for
// review, enabling is refused until reviewed, and an enabled capsule's
// pattern block joins the system prompt of every turn in that project only.
#include <gtest/gtest.h>

#include "SuggestEngineFixture.h"

namespace grove::test {
namespace {

using CapsuleEngine = SuggestEngineTest;

TEST_F(CapsuleEngine, OfflineExtractionQuotesTheSourceAndAsksForReview) {
  Capsule c = engine->extractCapsule(pid, {a2, q1, a1, q2}, CapsuleType::TaskSop, std::nullopt);
  EXPECT_EQ(c.type, CapsuleType::TaskSop);
  EXPECT_TRUE(c.requiresReview);
  EXPECT_FALSE(c.reviewed);
  EXPECT_EQ(c.source, "native");
  EXPECT_EQ(c.sourceUnitIds, (std::vector<std::string>{q1, a1, q2, a2}));  // conversation order
  EXPECT_FALSE(c.name.empty());
  EXPECT_NE(c.instruction.find("without a model"), std::string::npos) << c.instruction;
  EXPECT_NE(c.instruction.find("Number the SQLite migrations"), std::string::npos) << c.instruction;
  EXPECT_TRUE(c.enabledIn.empty());
}

TEST_F(CapsuleEngine, EnablingWaitsForReviewThenThePatternBlockJoinsTheSystemPrompt) {
  Capsule c = engine->extractCapsule(pid, {q1, a1, q2, a2}, CapsuleType::TaskSop, std::nullopt);
  try {
    engine->setCapsuleEnabled(c.id, pid, true);
    FAIL() << "enabled before review";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidOperation);
    EXPECT_EQ(e.reason(), "reviewPending");
  }
  EXPECT_EQ(engine->systemPrompt(pid, a2).find("[PATTERN:"), std::string::npos);

  CapsuleUpdate review;
  review.name = "Schema Migration Procedure";
  review.instruction = "Number migrations; run each in a transaction; record the version.";
  review.reviewed = true;
  Capsule reviewed = engine->updateCapsule(c.id, review);
  EXPECT_TRUE(reviewed.reviewed);
  EXPECT_EQ(reviewed.example, c.example);  // untouched fields stay
  Capsule on = engine->setCapsuleEnabled(c.id, pid, true);
  EXPECT_EQ(on.enabledIn, std::vector<std::string>{pid});

  std::string system = engine->systemPrompt(pid, a2);
  EXPECT_NE(system.find("[PATTERN: task_sop | Schema Migration Procedure]\n"
                        "Number migrations; run each in a transaction; record the version.\nExample: "),
            std::string::npos)
      << system;
  ScopePreview pv = engine->preview(pid, a2, std::string("next?"), std::nullopt, system);
  EXPECT_EQ(pv.system, system);

  // Reusable in another project, but only where enabled.
  std::string other = engine->createProject("other", std::nullopt).id;
  EXPECT_EQ(engine->systemPrompt(other, std::nullopt).find("[PATTERN:"), std::string::npos);
  engine->setCapsuleEnabled(c.id, other, true);
  EXPECT_NE(engine->systemPrompt(other, std::nullopt).find("[PATTERN: task_sop"), std::string::npos);
  EXPECT_EQ(engine->capsules(other).size(), 1u);

  engine->setCapsuleEnabled(c.id, pid, false);
  EXPECT_EQ(engine->systemPrompt(pid, a2).find("[PATTERN:"), std::string::npos);
  engine->deleteCapsule(c.id);
  EXPECT_EQ(engine->systemPrompt(other, std::nullopt).find("[PATTERN:"), std::string::npos);
  EXPECT_TRUE(engine->capsules(std::nullopt).empty());
  EXPECT_THROW(engine->capsule(c.id), Error);
}

TEST_F(CapsuleEngine, AModelDraftThatNeedsNoReviewCanBeEnabledAtOnce) {
  CapsuleDraft d;
  d.name = "Careful Migration Reasoning";
  d.instruction = "1. Name the invariant. 2. Check it before and after.";
  d.example = "Abstract: any versioned format.";
  d.requiresReview = false;
  d.source = "model";
  Capsule c = engine->extractCapsule(pid, {q1, a1}, CapsuleType::Reasoning, d);
  EXPECT_EQ(c.source, "model");
  EXPECT_NO_THROW(engine->setCapsuleEnabled(c.id, pid, true));
  EXPECT_NE(engine->systemPrompt(pid, a2).find("[PATTERN: reasoning | Careful Migration Reasoning]"),
            std::string::npos);
}

TEST_F(CapsuleEngine, BadInput) {
  EXPECT_THROW(engine->extractCapsule(pid, {}, CapsuleType::TaskSop, std::nullopt), Error);
  std::string other = engine->createProject("other", std::nullopt).id;
  try {
    engine->extractCapsule(other, {q1}, CapsuleType::TaskSop, std::nullopt);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
    EXPECT_EQ(e.field(), "unitIds");
  }
  try {
    engine->updateCapsule("c_missing", {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "capsuleNotFound");
  }
}

}  // namespace
}  // namespace grove::test
