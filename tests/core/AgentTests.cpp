// The agents' prompts are pinned by golden files (tests/data/golden/): a
// change to a template shows up as a diff here, on purpose.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "agents/ConversationAgent.h"
#include "agents/MemoryAgent.h"
#include "agents/PromptTemplates.h"
#include "EngineFixture.h"
#include "support/Error.h"

namespace grove::test {
namespace {

// GROVE_UPDATE_GOLDEN=1 rewrites the files from the current output; review
// the diff before committing it.
void expectGolden(const std::string& actual, const std::string& name);

std::string golden(const std::string& name) {
  std::ifstream f(std::string(GROVE_GOLDEN_DIR) + "/" + name);
  EXPECT_TRUE(f.good()) << "missing golden file " << name;
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void expectGolden(const std::string& actual, const std::string& name) {
  if (std::getenv("GROVE_UPDATE_GOLDEN")) {
    std::ofstream(std::string(GROVE_GOLDEN_DIR) + "/" + name) << actual;
    return;
  }
  EXPECT_EQ(actual, golden(name));
}

TEST(ConversationPrompt, MainlineWithoutCompletedBranches) {
  expectGolden(buildConversationSystemPrompt({}) + "\n", "conversation_mainline.txt");
}

TEST(ConversationPrompt, MainlineWithCompletedBranches) {
  ConversationMode m;
  m.completedSummaries = {"Explored YAML instead of TOML. Takeaway: stay with TOML.",
                          "Checked the fuzzing setup. Takeaway: libFuzzer works."};
  expectGolden(buildConversationSystemPrompt(m) + "\n", "conversation_mainline_completed.txt");
}

TEST(ConversationPrompt, BranchWithoutMainlineSummary) {
  ConversationMode m;
  m.inBranch = true;
  m.anchorId = "u_anchor";
  expectGolden(buildConversationSystemPrompt(m) + "\n", "conversation_branch.txt");
}

TEST(ConversationPrompt, BranchWithMainlineSummary) {
  ConversationMode m;
  m.inBranch = true;
  m.anchorId = "u_anchor";
  m.mainlineSummary = "Main task: fix the config parser crash. Latest answer: add an EOF check.";
  expectGolden(buildConversationSystemPrompt(m) + "\n", "conversation_branch_status.txt");
}

TEST(PromptTemplates, FillReplacesEveryMarker) {
  EXPECT_EQ(prompts::fill("{{a}}-{{b}}-{{a}}", {{"a", "x"}, {"b", "{{a}}"}}), "x-{{a}}-x");
  EXPECT_THROW(prompts::get("no such template"), std::out_of_range);
}

Unit unit(Role role, std::string text) {
  Unit u;
  u.role = role;
  u.content = std::move(text);
  return u;
}

TEST(MemoryAgent, BranchSummaryNamesIntentAndTakeawayInAtMost30Words) {
  std::vector<Unit> branch = {
      unit(Role::User, "Would YAML avoid the empty-file crash? I keep wondering."),
      unit(Role::Assistant, "Partly."),
      unit(Role::User, "And the error messages?"),
      unit(Role::Assistant,
           "YAML parsers also accept empty input, so the check is still needed. The messages are worse.")};
  std::string s = extractiveBranchSummary(branch);
  EXPECT_EQ(s, "Explored: Would YAML avoid the empty-file crash? Takeaway: YAML parsers also accept empty "
               "input, so the check is still needed.");
  std::istringstream words(s);
  EXPECT_LE(std::distance(std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()), 31);
}

TEST(MemoryAgent, LongBranchSummaryIsCut) {
  std::string longText;
  for (int i = 0; i < 80; ++i) longText += "word ";
  std::string s = extractiveBranchSummary({unit(Role::User, longText), unit(Role::Assistant, longText)});
  std::istringstream words(s);
  EXPECT_LE(std::distance(std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()), 31);
}

TEST(MemoryAgent, MainlineSummaryHasTaskLatestQuestionAndAnswer) {
  std::vector<Unit> mainline = {unit(Role::User, "Fix the parser crash on empty files"),
                                unit(Role::Assistant, "Check EOF first."),
                                unit(Role::User, "Warning or fatal?"),
                                unit(Role::Assistant, "Fatal. Empty configs are deployment mistakes.")};
  EXPECT_EQ(extractiveMainlineSummary(mainline),
            "Main task: Fix the parser crash on empty files. Latest question: Warning or fatal? "
            "Latest answer: Fatal.");
  EXPECT_EQ(extractiveMainlineSummary({}), "");
}

TEST(MemoryAgent, SummaryRequestUsesTheTemplateAndATranscript) {
  auto r = summaryRequest({unit(Role::User, "q"), unit(Role::Assistant, "a")}, false, "small-model");
  EXPECT_EQ(r.model, "small-model");
  EXPECT_EQ(r.system, std::string(prompts::get("memory_branch")));
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_EQ(r.messages[0].content, "Conversation transcript:\n1. User: q\n2. Assistant: a\n");
}

TEST_F(EngineTest, ConversationModeFollowsTheCursorsPath) {
  auto r = user(std::nullopt, "root");
  auto a = bot(r, "a");
  auto side = user(a, "side", true);
  auto m = engine->conversationMode(pid, a);
  EXPECT_FALSE(m.inBranch);
  EXPECT_TRUE(m.completedSummaries.empty());
  m = engine->conversationMode(pid, side);
  EXPECT_TRUE(m.inBranch);
  EXPECT_EQ(m.anchorId, a);
  EXPECT_FALSE(m.mainlineSummary.has_value());
  engine->setBranchSummary(pid, r, "mainline summary");
  engine->setBranchSummary(pid, side, "side summary");
  EXPECT_EQ(engine->conversationMode(pid, side).mainlineSummary, "mainline summary");
  // Only completed branches reach the mainline prompt.
  EXPECT_TRUE(engine->conversationMode(pid, a).completedSummaries.empty());
  engine->updateBranch(pid, side, {{}, {}, BranchStatus::Completed, {}});
  EXPECT_EQ(engine->conversationMode(pid, a).completedSummaries, (Ids{"side summary"}));
}

TEST_F(EngineTest, StreamedAnswerBecomesHistoryOnlyWhenKept) {
  auto r = user(std::nullopt, "question");
  auto s = engine->beginStream(pid, r, Role::Assistant);
  EXPECT_EQ(s.status, Status::Streaming);
  EXPECT_EQ(proj().mainlineEndId, s.id);
  engine->endStream(s.id, "the answer", Status::Complete, true);
  EXPECT_EQ(engine->unit(s.id).content, "the answer");
  engine->undo(pid);  // the answer goes, the question stays
  EXPECT_THROW(engine->unit(s.id), Error);
  EXPECT_EQ(proj().mainlineEndId, r);
  engine->redo(pid);
  EXPECT_EQ(engine->unit(s.id).content, "the answer");
  auto dropped = engine->beginStream(pid, r, Role::Assistant);
  engine->endStream(dropped.id, "", Status::Error, false);
  EXPECT_THROW(engine->unit(dropped.id), Error);
  engine->undo(pid);  // the dropped answer left no history: this undoes the kept one
  EXPECT_THROW(engine->unit(s.id), Error);
}

}  // namespace
}  // namespace grove::test
