// The model's parts of a search answer and of suggest, on their own: the
// answer's judge (citations renumbered, made-up ones refused, "I don't
// know"), how it rewrites a native turn (the model grades the kept chunks),
// and reading the children suggest asks for. The model is a script.
#include <gtest/gtest.h>

#include <stdexcept>

#include "agents/KnowledgeAnswerAgent.h"
#include "llm/KnowledgeReplies.h"
#include "session/KnowledgeAnswerJobs.h"

namespace grove {
namespace {

using knowledge::Citation;
using knowledge::ChildSource;

TEST(KnowledgeAnswer, CitationsAreRenumberedToThePassagesCited) {
  std::string why;
  auto a = modelAnswerFrom("  The log keeps one entry per call [3]. Undo reads it [1, 3].\n", 4, why);
  ASSERT_TRUE(a) << why;
  EXPECT_TRUE(a->known);
  EXPECT_EQ(a->cited, (std::vector<int>{1, 3}));
  EXPECT_EQ(a->text, "The log keeps one entry per call [2]. Undo reads it [1, 2].");
  // Brackets that are not citations stay as written.
  a = modelAnswerFrom("Call undo() [see below] with a[i] [2][1].", 2, why);
  ASSERT_TRUE(a) << why;
  EXPECT_EQ(a->text, "Call undo() [see below] with a[i] [2][1].");
}

TEST(KnowledgeAnswer, UnusableRepliesSayWhy) {
  std::string why;
  EXPECT_FALSE(modelAnswerFrom("The log keeps entries [5].", 4, why));
  EXPECT_EQ(why, "it cites [5], which is not one of the 4 passages");
  EXPECT_FALSE(modelAnswerFrom("The log keeps entries [0].", 4, why));
  EXPECT_FALSE(modelAnswerFrom("The log keeps entries.", 4, why));
  EXPECT_EQ(why, "it cites no passage");
  EXPECT_FALSE(modelAnswerFrom("{\"answer\": \"x [1]\"}", 4, why));
  EXPECT_EQ(why, "not prose");
  EXPECT_FALSE(modelAnswerFrom(" \n ", 4, why));
  EXPECT_EQ(why, "blank");
  for (const char* dunno : {"I don't know", "i don't know.", "I don\u2019t know", " I do not know. "}) {
    auto a = modelAnswerFrom(dunno, 4, why);
    ASSERT_TRUE(a) << dunno;
    EXPECT_FALSE(a->known) << dunno;
    EXPECT_EQ(a->text, "I don't know");
    EXPECT_TRUE(a->cited.empty());
  }
}

Citation cite(int line) {
  return Citation{"file:///w/a.md", Range{{line, 0}, {line + 1, 5}}, "A › S" + std::to_string(line), "quote", 0, false};
}

// A native turn: three chunks retrieved, the first and the third kept.
session::KnowledgeTurn nativeTurn(std::optional<std::string> graphAnswer = std::nullopt) {
  session::KnowledgeTurn t;
  t.input = "what does the log keep?";
  session::KnowledgeAnswer a;
  a.known = true;
  a.text = "The log keeps entries. [1] Undo reads them. [2]";
  a.graphAnswer = graphAnswer;
  if (graphAnswer) a.text = *graphAnswer + "\n\n" + a.text;
  a.chunks = {{cite(0), 0.9, true}, {cite(10), 0.5, false}, {cite(20), 0.4, true}};
  a.citations = {cite(0), cite(20)};
  t.answer = a;
  t.message = a.text;
  return t;
}

std::vector<ChildSource> passages() { return {{"A › S0", "The log keeps entries.", cite(0)}, {"A › S20", "Undo reads them.", cite(20)}}; }

session::KnowledgeModelCall says(std::string reply, std::vector<ChatRequest>* asked = nullptr) {
  return [reply, asked](const ChatRequest& r) {
    if (asked) asked->push_back(r);
    return reply;
  };
}

TEST(KnowledgeAnswer, TheModelsAnswerCitesOnlyWhatItUsedAndGradesTheChunks) {
  session::KnowledgeTurn t = nativeTurn();
  std::vector<ChatRequest> asked;
  session::rewriteAnswerWithModel(t, passages(), "m", says("Undo reads what the log keeps [2].", &asked));
  ASSERT_EQ(asked.size(), 1u);
  const std::string& user = asked[0].messages[0].content;
  EXPECT_NE(user.find("Question: what does the log keep?"), std::string::npos);
  EXPECT_NE(user.find("[1] A › S0\nThe log keeps entries."), std::string::npos) << user;
  EXPECT_NE(user.find("[2] A › S20\nUndo reads them."), std::string::npos) << user;
  EXPECT_FALSE(asked[0].jsonMode) << "a readable answer, not JSON";

  EXPECT_EQ(t.answer->text, "Undo reads what the log keeps [1].");
  EXPECT_EQ(t.message, t.answer->text);
  EXPECT_TRUE(t.answer->known);
  ASSERT_EQ(t.answer->citations.size(), 1u);
  EXPECT_EQ(t.answer->citations[0].range.start.line, 20);
  EXPECT_FALSE(t.answer->chunks[0].kept) << "kept by the filter, not used by the answer";
  EXPECT_FALSE(t.answer->chunks[1].kept);
  EXPECT_TRUE(t.answer->chunks[2].kept);
}

TEST(KnowledgeAnswer, IDontKnowFromTheModelCitesNothingAndTheGraphAnswerStays) {
  session::KnowledgeTurn t = nativeTurn();
  session::rewriteAnswerWithModel(t, passages(), "m", says("I don't know."));
  EXPECT_FALSE(t.answer->known);
  EXPECT_EQ(t.answer->text, "I don't know");
  EXPECT_EQ(t.message, "I don't know");
  EXPECT_TRUE(t.answer->citations.empty());
  for (const auto& c : t.answer->chunks) EXPECT_FALSE(c.kept);

  t = nativeTurn("Log: the map's history.");
  session::rewriteAnswerWithModel(t, passages(), "m", says("I don't know"));
  EXPECT_TRUE(t.answer->known) << "the map answered";
  EXPECT_EQ(t.answer->text, "Log: the map's history.");

  t = nativeTurn("Log: the map's history.");
  session::rewriteAnswerWithModel(t, passages(), "m", says("It keeps entries [1]."));
  EXPECT_EQ(t.answer->text, "Log: the map's history.\n\nIt keeps entries [1].");
}

TEST(KnowledgeAnswer, AnUnusableOrMissingAnswerLeavesTheExtractiveOne) {
  session::KnowledgeTurn before = nativeTurn();
  for (const char* bad : {"It keeps entries [3].", "It keeps entries.", "```\nkeeps\n```"}) {
    session::KnowledgeTurn t = nativeTurn();
    session::rewriteAnswerWithModel(t, passages(), "m", says(bad));
    EXPECT_EQ(t.message, before.message) << bad;
    EXPECT_EQ(t.answer->citations.size(), 2u) << bad;
    EXPECT_TRUE(t.answer->chunks[0].kept) << bad;
  }
  session::KnowledgeTurn t = nativeTurn();
  session::rewriteAnswerWithModel(t, passages(), "m", [](const ChatRequest&) -> std::string {
    throw std::runtime_error("connection refused");
  });
  EXPECT_EQ(t.message, before.message);
  // Nothing kept: the model is not asked.
  std::vector<ChatRequest> asked;
  session::rewriteAnswerWithModel(t, {}, "m", says("x [1]", &asked));
  EXPECT_TRUE(asked.empty());
}

TEST(KnowledgeSuggestReply, ChildrenAreReadStrictly) {
  std::string why;
  auto c = llm::parseKnowledgeChildrenReply(
      R"({"children": [{"title": "Undo log", "relation": "keeps", "details": "One entry.", "source": 2}]})", why);
  ASSERT_TRUE(c) << why;
  ASSERT_EQ(c->size(), 1u);
  EXPECT_EQ((*c)[0].title, "Undo log");
  EXPECT_EQ((*c)[0].relation, "keeps");
  EXPECT_EQ((*c)[0].source, 2);
  c = llm::parseKnowledgeChildrenReply(R"([{"title": "Undo log", "source": 1}])", why);
  ASSERT_TRUE(c) << why;
  EXPECT_EQ((*c)[0].relation, "");
  EXPECT_TRUE(llm::parseKnowledgeChildrenReply(R"({"children": []})", why)->empty()) << "nothing new is an answer";
  EXPECT_FALSE(llm::parseKnowledgeChildrenReply("Here are some children: Undo log.", why));
  EXPECT_EQ(why, "not JSON");
  EXPECT_FALSE(llm::parseKnowledgeChildrenReply(R"({"children": [{"title": "Undo log", "source": "1"}]})", why));
  EXPECT_EQ(why, "child 0: source is not a passage number");
  EXPECT_FALSE(llm::parseKnowledgeChildrenReply(R"({"kids": []})", why));
  EXPECT_EQ(why, "missing key children");
}

}  // namespace
}  // namespace grove
