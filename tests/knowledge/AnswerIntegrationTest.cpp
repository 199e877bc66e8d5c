// A document answer as an exchange to integrate: citation marks out of the
// text, one point per cited heading with the sentences citing it and the
// passage as its source, marks beyond the citations ignored.
#include <gtest/gtest.h>

#include "KnowledgeOpBuilders.h"
#include "knowledge/AnswerIntegration.h"
#include "knowledge/KnowledgeOps.h"

namespace grove::knowledge {
namespace {

Citation passage(const std::string& title, int line) {
  return Citation{"file:///w/docs/history.md", Range{{line, 0}, {line + 2, 10}}, title, "", 0, false};
}

TEST(AnswerIntegration, CitationMarksLeaveTheText) {
  EXPECT_EQ(withoutCitationMarks("The log keeps entries [1]. Each has images [2][3]."),
            "The log keeps entries. Each has images.");
  EXPECT_EQ(withoutCitationMarks("arrays [i] and [] stay [x1]"), "arrays [i] and [] stay [x1]");
  EXPECT_EQ(passageHeading(passage("History \u203A Undo log", 4)), "Undo log");
  EXPECT_EQ(passageHeading(passage("Network", 0)), "Network");
}

TEST(AnswerIntegration, OnePointPerCitedHeadingWithItsSentencesAndSource) {
  std::vector<Citation> cites{passage("History \u203A Undo log", 4), passage("History \u203A Redo stack", 8),
                              passage("History \u203A Undo log", 12)};
  Exchange x = answerExchange("How is history kept?",
                              "The undo log keeps one entry per call [1]. The redo stack holds undone entries [2]. "
                              "Entries hold two images [3]. Out of range [7].",
                              cites);
  EXPECT_EQ(x.answer, "The undo log keeps one entry per call. The redo stack holds undone entries. "
                      "Entries hold two images. Out of range.");
  EXPECT_EQ(x.sources.size(), 3u);
  ASSERT_EQ(x.points.size(), 2u);
  EXPECT_EQ(x.points[0].title, "Undo log");
  EXPECT_EQ(x.points[0].details, "The undo log keeps one entry per call. Entries hold two images.");
  EXPECT_EQ(x.points[0].sources.size(), 2u);  // both passages of the section
  EXPECT_EQ(x.points[1].title, "Redo stack");
  ASSERT_EQ(x.points[1].sources.size(), 1u);
  EXPECT_EQ(x.points[1].sources[0].range.start.line, 8);

  // Integrated: the question's topic, each point under it citing its passage.
  KnowledgeGraph g;
  applyOps(g, integrateExchange(g, x, std::nullopt, Origin::Document, 6), ApplyContext{});
  auto topic = g.byTitle("How is history kept");
  ASSERT_EQ(topic.size(), 1u);
  EXPECT_EQ(topic[0]->sources.size(), 3u);
  auto undo = g.byTitle("Undo log");
  ASSERT_EQ(undo.size(), 1u);
  EXPECT_EQ(g.parentIds(undo[0]->id), std::vector<std::string>{topic[0]->id});
  EXPECT_EQ(undo[0]->sources.size(), 2u);
  EXPECT_EQ(undo[0]->origin, Origin::Document);
}

}  // namespace
}  // namespace grove::knowledge
