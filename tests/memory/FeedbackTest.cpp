// memory::feedbackTerms: query expansion from the best results of a first search.
#include <gtest/gtest.h>

#include <algorithm>

#include "memory/Feedback.h"
#include "text/Tokenizer.h"

using namespace grove::memory;
using grove::text::tokenize;

TEST(Feedback, SharedRareTermsOfTheBestResultsExpandTheQuery) {
  TermStats stats;
  std::vector<std::string> history = {
      "I went to a support group yesterday, the transgender stories were inspiring",
      "the support group meeting had transgender speakers and their stories",
      "we went camping with the kids and roasted marshmallows",
      "the kids loved the camping trip",
      "support from friends matters"};
  for (const auto& h : history) stats.addDocument(tokenize(h));
  auto query = tokenize("When did she go to the support group?");
  std::vector<std::vector<std::string>> best = {tokenize(history[0]), tokenize(history[1])};
  auto terms = feedbackTerms(query, best, stats, 3);
  ASSERT_FALSE(terms.empty());
  // Terms both results share come first; the query's own never come back.
  EXPECT_EQ(terms.size(), 2u);
  EXPECT_NE(std::find(terms.begin(), terms.end(), grove::text::stem("transgender")), terms.end());
  for (const auto& t : terms) EXPECT_EQ(std::find(query.begin(), query.end(), t), query.end()) << t;
  // Deterministic.
  EXPECT_EQ(feedbackTerms(query, best, stats, 3), terms);
}

TEST(Feedback, OneResultOrNoneStillAnswers) {
  TermStats stats;
  stats.addDocument(tokenize("pottery class with clay"));
  auto one = feedbackTerms(tokenize("pottery"), {tokenize("pottery class with clay")}, stats, 5);
  EXPECT_EQ(one.size(), 2u);  // a single result: its terms need not be shared
  EXPECT_TRUE(feedbackTerms(tokenize("pottery"), {}, stats).empty());
  EXPECT_TRUE(feedbackTerms(tokenize("pottery"), {{}}, stats).empty());
  EXPECT_EQ(feedbackTerms(tokenize("pottery"), {tokenize("pottery class with clay")}, stats, 1).size(), 1u);
}
