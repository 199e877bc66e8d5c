// ExchangeRanking: memolets ranked by their best exchange and by their best
// window of neighbouring exchanges, a term counted at its best message and
// lifted, with diminishing returns, by its recurrences in the window.
#include <gtest/gtest.h>

#include "memory/ExchangeRanking.h"

namespace grove::memory {
namespace {

using Ids = std::vector<std::string>;

ExchangeMatch match(const std::string& memolet, size_t inMemolet, size_t exchange, size_t term, double score,
                    const std::string& conversation = "p") {
  return {memolet, inMemolet, conversation, exchange, term, score};
}

TEST(ExchangeRanking, AWindowCountsEachTermOnceSoRareTermsTogetherBeatOneRepeatedWord) {
  // "a" repeats a common word (term 0) over three exchanges; "b" holds the
  // two rarer words (terms 1 and 2) in neighbouring exchanges.
  std::vector<ExchangeMatch> m = {
      match("a", 0, 0, 0, 1.0), match("a", 1, 1, 0, 1.0), match("a", 2, 2, 0, 1.0),
      match("b", 0, 10, 1, 0.9), match("b", 1, 11, 2, 0.9),
  };
  auto r = rankExchanges(m);
  EXPECT_EQ(r.byWindow, (Ids{"b", "a"}));    // 1.8 against 1.0: summing messages would give a 3.0
  EXPECT_EQ(r.byExchange, (Ids{"a", "b"}));  // best single exchange: 1.0 against 0.9
}

TEST(ExchangeRanking, ATermTheWindowComesBackToLiftsItAlongASaturatingCurve) {
  // "a" has term 0 in two neighbouring exchanges, "b" once at the same best
  // score, "c" once at twice that score.
  std::vector<ExchangeMatch> m = {match("b", 0, 20, 0, 1.0), match("a", 0, 0, 0, 1.0), match("a", 1, 1, 0, 1.0),
                                  match("c", 0, 10, 0, 2.0)};
  // The best message only: "a" and "b" tie (first seen first).
  EXPECT_EQ(rankExchanges(m, 3, 0).byWindow, (Ids{"c", "b", "a"}));
  // Saturated with k 1.2: "a" scores 1 x 2 x 2.2 / 3.2 = 1.375, more than
  // "b" and less than the two it would have summed (so less than "c").
  EXPECT_EQ(rankExchanges(m, 3, 1.2).byWindow, (Ids{"c", "a", "b"}));
  // However often it comes back, a term is worth less than (k + 1) times its
  // best: ten recurrences at 1.0 stay below "c"'s single 2.0 with k 0.5.
  std::vector<ExchangeMatch> many = {match("c", 0, 0, 0, 2.0, "other")};
  for (size_t e = 0; e < 10; ++e) many.push_back(match("a", e, e, 0, 1.0));
  EXPECT_EQ(rankExchanges(many, 21, 0.5).byWindow, (Ids{"c", "a"}));  // 2.0 against 1 x 10 x 1.5 / 10.5
  // A term scored 0 (BM25 gives none, but a store might) adds 0 and does not
  // spoil the window's other terms (0/0 would make the whole window NaN).
  std::vector<ExchangeMatch> zero = {match("z", 0, 0, 0, 0.0), match("z", 0, 0, 1, 1.0), match("y", 0, 5, 1, 0.5)};
  EXPECT_EQ(rankExchanges(zero, 3, 1.2).byWindow, (Ids{"z", "y"}));
  // Single exchanges are not windows: unchanged.
  EXPECT_EQ(rankExchanges(m, 3, 1.2).byExchange, (Ids{"c", "b", "a"}));
}

TEST(ExchangeRanking, AWindowReachesIntoTheNeighbouringMemoletAndCountsForItsCentre) {
  // Exchange 5 (memolet "x", its last) names the subject, exchange 6 (memolet
  // "y", its first) answers it: the window centred on either holds both.
  std::vector<ExchangeMatch> m = {match("x", 3, 5, 0, 2.0), match("y", 0, 6, 1, 1.0), match("z", 0, 9, 1, 1.5)};
  auto r = rankExchanges(m);
  EXPECT_EQ(r.byWindow, (Ids{"x", "y", "z"}));  // 3.0, 3.0 (tie: first seen), 1.5
  EXPECT_EQ(r.centre.at("x"), 3u);
  EXPECT_EQ(r.centre.at("y"), 0u);
  // Another conversation's exchange 6 is no neighbour.
  m[1].conversation = "q";
  r = rankExchanges(m);
  EXPECT_EQ(r.byWindow, (Ids{"x", "z", "y"}));
}

TEST(ExchangeRanking, AnExchangeCountsForEveryMemoletHoldingIt) {
  // "seg" (a segmented memolet, the exchange its third) and "hand" (made by
  // hand of the same message) both hold exchange 7; "other" scores less.
  std::vector<ExchangeMatch> m = {match("seg", 2, 7, 0, 2.0), match("hand", 0, 7, 0, 2.0),
                                  match("other", 0, 9, 0, 1.0)};
  auto r = rankExchanges(m);
  EXPECT_EQ(r.byExchange, (Ids{"seg", "hand", "other"}));
  EXPECT_EQ(r.byWindow, (Ids{"seg", "hand", "other"}));
  EXPECT_EQ(r.centre.at("seg"), 2u);
  EXPECT_EQ(r.centre.at("hand"), 0u);
}

TEST(ExchangeRanking, AMessageMatchingATermTwiceInOneExchangeCountsItsBestScore) {
  std::vector<ExchangeMatch> m = {match("a", 0, 0, 0, 1.0), match("a", 0, 0, 0, 3.0), match("b", 0, 4, 0, 2.0)};
  auto r = rankExchanges(m);
  EXPECT_EQ(r.byExchange, (Ids{"a", "b"}));
  EXPECT_TRUE(rankExchanges({}).byWindow.empty());
}

TEST(ExchangeRanking, WindowUnitsStayInsideTheMemoletAndShiftInwardAtItsEnds) {
  Ids units = {"q0", "a0", "q1", "a1", "q2", "a2", "q3", "a3", "q4", "a4"};
  EXPECT_EQ(windowUnits(units, 2), (Ids{"q1", "a1", "q2", "a2", "q3", "a3"}));
  EXPECT_EQ(windowUnits(units, 0), (Ids{"q0", "a0", "q1", "a1", "q2", "a2"}));
  EXPECT_EQ(windowUnits(units, 4), (Ids{"q2", "a2", "q3", "a3", "q4", "a4"}));
  EXPECT_EQ(windowUnits(units, 2, 1), (Ids{"q2", "a2"}));
  Ids small = {"q0", "a0", "q1", "a1"};
  EXPECT_EQ(windowUnits(small, 1), small);
}

}  // namespace
}  // namespace grove::memory
