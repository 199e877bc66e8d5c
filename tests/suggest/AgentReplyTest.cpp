// The model path's parsers: the structure agent's reply is strict JSON and
// anything else is refused (so the caller continues without a suggestion);
// extraction must answer exactly its four keys.
#include <gtest/gtest.h>

#include "agents/CapsuleExtraction.h"
#include "agents/StructureAgent.h"
#include "agents/PromptTemplates.h"
#include "llm/ModelReplies.h"

namespace grove {
namespace {

using llm::parseExtractionReply;
using llm::parseStructureReply;

const char* kValid =
    R"({"primary_action":"branch","asset_action":"none","confidence":0.8,"reason":"A new topic.",)"
    R"("asset_reason":"","show_suggestion":true,"title":"Rye Sourdough"})";

TEST(StructureReply, AValidReplyIsRead) {
  std::string why;
  auto r = parseStructureReply(kValid, why);
  ASSERT_TRUE(r) << why;
  EXPECT_EQ(r->primaryAction, "branch");
  EXPECT_EQ(r->assetAction, "none");
  EXPECT_DOUBLE_EQ(r->confidence, 0.8);
  EXPECT_TRUE(r->showSuggestion);
  EXPECT_EQ(r->title, "Rye Sourdough");
  // A Markdown fence around the object is tolerated, nothing else is.
  EXPECT_TRUE(parseStructureReply(std::string("```json\n") + kValid + "\n```", why));
}

TEST(StructureReply, MalformedOrMistypedRepliesAreRefused) {
  const std::string bad[] = {
      "",
      "Sure! I think you should branch.",
      R"({"primary_action":"branch")",
      R"([1, 2, 3])",
      R"("branch")",
      R"({"primary_action":"branch","asset_action":"none","confidence":"high","reason":"x","show_suggestion":true})",
      R"({"primary_action":"branch","asset_action":"none","confidence":0.8,"reason":"x","show_suggestion":"yes"})",
      R"({"primary_action":7,"asset_action":"none","confidence":0.8,"reason":"x","show_suggestion":true})",
      R"({"primary_action":"fork","asset_action":"none","confidence":0.8,"reason":"x","show_suggestion":true})",
      R"({"primary_action":"branch","asset_action":"extract_all","confidence":0.8,"reason":"x","show_suggestion":true})",
      R"({"primary_action":"branch","asset_action":"none","confidence":1.5,"reason":"x","show_suggestion":true})",
      R"({"primary_action":"branch","asset_action":"none","confidence":0.8,"show_suggestion":true})",
      R"({"primary_action":"branch","asset_action":"none","confidence":0.8,"reason":"x","show_suggestion":true,"title":3})",
      "Here it is: " + std::string(kValid),
  };
  for (const auto& text : bad) {
    std::string why;
    EXPECT_FALSE(parseStructureReply(text, why)) << text;
    EXPECT_FALSE(why.empty()) << text;
  }
}

TEST(StructureReply, TheRequestCarriesTheContextAndTheUserModel) {
  StructureContext c;
  c.inBranch = true;
  c.branchDepth = 1;
  c.branchIntent = "Rye bread";
  c.totalBranches = 2;
  c.openBranches = 1;
  c.recentIntents = {"Rye bread", "CI cache"};
  c.recentTurns = {{"user", "How much rye?"}, {"assistant", "About 20%."}};
  c.message = "Thanks, back to the migrations.";
  ChatRequest r = structureRequest(c, R"({"stage":"learning"})", "utility");
  EXPECT_TRUE(r.jsonMode);
  EXPECT_EQ(r.model, "utility");
  EXPECT_NE(r.system.find("- Mode: branch"), std::string::npos);
  EXPECT_NE(r.system.find("- Current branch intent: Rye bread"), std::string::npos);
  EXPECT_NE(r.system.find("- Recent branch intents: Rye bread || CI cache"), std::string::npos);
  EXPECT_NE(r.system.find(R"({"stage":"learning"})"), std::string::npos);
  EXPECT_EQ(r.system.find("{{"), std::string::npos);
  ASSERT_EQ(r.messages.size(), 1u);
  EXPECT_NE(r.messages[0].content.find("2. Assistant: About 20%."), std::string::npos);
  EXPECT_NE(r.messages[0].content.find("Latest user message:\nThanks, back to the migrations."), std::string::npos);
}

TEST(ExtractionReply, ExactlyFourKeysOfTheRightTypes) {
  std::string why;
  auto d = parseExtractionReply(
      R"({"name":"Release Cut Procedure","requires_human_review":false,"instruction":"1. Test. 2. Tag.","example":"Any library."})",
      why);
  ASSERT_TRUE(d) << why;
  EXPECT_EQ(d->name, "Release Cut Procedure");
  EXPECT_FALSE(d->requiresReview);
  EXPECT_EQ(d->source, "model");
  EXPECT_FALSE(parseExtractionReply(R"({"name":"X","requires_human_review":false,"instruction":"i"})", why));
  EXPECT_FALSE(parseExtractionReply(
      R"({"name":"X","requires_human_review":"no","instruction":"i","example":"e"})", why));
  EXPECT_FALSE(parseExtractionReply(
      R"({"name":"X","requires_human_review":false,"instruction":"i","example":"e","extra":1})", why));
  EXPECT_FALSE(parseExtractionReply("not json", why));
}

TEST(ExtractionRequest, UsesTheTypesTemplateAndTheTranscript) {
  Unit u;
  u.role = Role::User;
  u.content = "How do we cut a release?";
  Unit a;
  a.role = Role::Assistant;
  a.content = "Test, bump, tag.";
  ChatRequest r = extractionRequest({u, a}, CapsuleType::ContextCase, "m");
  EXPECT_EQ(r.system, std::string(prompts::get("extract_context_case")));
  EXPECT_NE(r.messages.at(0).content.find("1. User: How do we cut a release?\n2. Assistant: Test, bump, tag."),
            std::string::npos);
  EXPECT_NE(r.messages.at(0).content.find("Return JSON only with keys: name, requires_human_review, instruction, example"),
            std::string::npos);
}

}  // namespace
}  // namespace grove
