// WindowScore: BM25 over candidate windows read whole, from term counts taken
// without tokenizing.
#include "memory/WindowScore.h"

#include <cmath>
#include <map>

#include <gtest/gtest.h>

namespace grove::memory {
namespace {

TEST(WindowScore, ATermCountsWhereItBeginsAWordWhateverItsCaseAndEnding) {
  std::vector<std::string> terms = {"adopt", "dog", "\xE6\x95\xB0\xE6\x8D\xAE"};
  const std::string text = "Adoption papers: she adopted a DOG. Hotdogs, dogma. \xE5\xA4\xA7\xE6\x95\xB0\xE6\x8D\xAE";
  TermCounts c = countTerms(text, CountedTerms(terms));
  EXPECT_EQ(c.tf[0], 2) << "Adoption, adopted";
  EXPECT_EQ(c.tf[1], 2) << "DOG and dogma begin with it; hotdogs does not";
  EXPECT_EQ(c.tf[2], 1) << "a CJK term counts wherever it occurs";
  EXPECT_EQ(c.length, static_cast<double>(text.size())) << "length in bytes";
  EXPECT_EQ(countTerms("", CountedTerms(terms)).tf, std::vector<double>(3, 0.0));

  // Both spellings of a consonant's y count, once a word.
  EXPECT_EQ(countTerms("Agencies, an agency; she applied, he applies.", CountedTerms({"agency", "apply", "appli"})).tf,
            (std::vector<double>{2, 2, 2}));

  TermCounts sum = countTerms("dog", CountedTerms(terms));
  sum += countTerms("adopt a dog", CountedTerms(terms));
  EXPECT_EQ(sum.tf, (std::vector<double>{1, 2, 0}));
  EXPECT_EQ(sum.length, 14);
}

TEST(WindowScore, RareTermsOutweighCommonOnesAndIdfStaysPositive) {
  std::map<std::string, size_t, std::less<>> df = {{"turtle", 2}, {"nate", 90}, {"everywhere", 200}};
  auto lookup = [&](std::string_view t) {
    auto it = df.find(t);
    return it == df.end() ? size_t{0} : it->second;
  };
  std::vector<double> idf = inverseDocumentFrequencies({"turtle", "nate", "everywhere"}, lookup, 100);
  EXPECT_GT(idf[0], idf[1]);
  EXPECT_GT(idf[1], 0.0);
  EXPECT_GT(idf[2], 0.0) << "a term in more documents than counted still counts a little";
  EXPECT_NEAR(idf[0], std::log(1.0 + (100 - 2 + 0.5) / (2 + 0.5)), 1e-12);

  TermCounts rare{{1, 0, 0}, 100}, common{{0, 3, 0}, 100}, none{{0, 0, 0}, 100};
  auto scores = windowBm25({rare, common, none}, idf);
  EXPECT_GT(scores[0], scores[1]) << "one rare word beats a common one repeated";
  EXPECT_EQ(scores[2], 0.0);
}

TEST(WindowScore, ALongerWindowNeedsMoreOfATermToScoreTheSame) {
  std::vector<double> idf = {1.0};
  TermCounts shortOne{{1}, 50}, longOne{{1}, 150};
  auto scores = windowBm25({shortOne, longOne}, idf);
  EXPECT_GT(scores[0], scores[1]);
  // BM25 by hand: mean length 100, k1 1.2, b 0.75.
  const double norm = 1.2 * (1 - 0.75 + 0.75 * 50.0 / 100.0);
  EXPECT_NEAR(scores[0], 1.0 * 1 * 2.2 / (1 + norm), 1e-12);
  EXPECT_TRUE(windowBm25({}, idf).empty());
}

}  // namespace
}  // namespace grove::memory
