#include <gtest/gtest.h>

#include "text/Tokenizer.h"

#include <cmath>
#include <map>

#include "memory/FtsText.h"
#include "memory/Keywords.h"
#include "memory/Summary.h"
#include "memory/TermStats.h"

using namespace grove::memory;

TEST(Keywords, RanksByTfIdfWithHandComputedScores) {
  // N = 10 documents. df: docker 1, volume 2, data 9.
  std::map<std::string, size_t> df = {{"docker", 1}, {"volume", 2}, {"data", 9}};
  auto dfOf = [&](std::string_view t) {
    auto it = df.find(std::string(t));
    return it == df.end() ? size_t(0) : it->second;
  };
  auto k = topKeywords({"data", "data", "data", "docker", "volume", "volume", "42"}, 3, dfOf, 10);
  ASSERT_EQ(k.size(), 3u);
  // volume: (1 + ln 2) * (ln(11/3) + 1) = 1.6931 * 2.2993 = 3.893
  // docker: 1 * (ln(11/2) + 1) = 2.7047;  data: (1 + ln 3) * (ln(11/10) + 1) = 2.0986 * 1.0953 = 2.299
  EXPECT_EQ(k[0].term, "volume");
  EXPECT_NEAR(k[0].score, (1 + std::log(2.0)) * (std::log(11.0 / 3) + 1), 1e-9);
  EXPECT_EQ(k[1].term, "docker");
  EXPECT_EQ(k[2].term, "data");
  EXPECT_EQ(keywordTerms({"b", "bb", "aa"}, 5, {}, 0), (std::vector<std::string>{"aa", "bb"}));
}

TEST(TermStats, CountsDocumentsNotOccurrencesAndUndoes) {
  TermStats s;
  s.addDocument({"a", "a", "b"});
  s.addDocument({"b"});
  EXPECT_EQ(s.documentCount(), 2u);
  EXPECT_EQ(s.documentFrequency("a"), 1u);
  EXPECT_EQ(s.documentFrequency("b"), 2u);
  EXPECT_NEAR(s.idf("b"), std::log(3.0 / 3.0) + 1, 1e-12);
  EXPECT_GT(s.idf("a"), s.idf("b"));
  EXPECT_GT(s.idf("unseen"), s.idf("a"));
  s.removeDocument({"a", "a", "b"});
  EXPECT_EQ(s.documentFrequency("a"), 0u);
  EXPECT_EQ(s.documentFrequency("b"), 1u);
  EXPECT_EQ(s.documentCount(), 1u);
  EXPECT_NEAR(s.weight()("b"), s.idf("b"), 1e-12);
}

TEST(FtsText, DocumentsAndMatchExpressionsUseTheSharedTokenizer) {
  // Stems, as text::tokenize makes them ("parse" -> "pars"), identifiers split.
  EXPECT_EQ(ftsDocument("parseConfig failed; parse_config works"), "pars config fail pars config work");
  EXPECT_EQ(ftsMatchQuery("How to parse the configs?"), "\"pars\" OR \"config\"");
  EXPECT_EQ(ftsMatchQuery("the a of"), "");
  EXPECT_EQ(ftsMatchTokens({"x\"y", "x\"y"}), "\"x\"\"y\"");
  // For raw text: stems as prefixes, short ones whole.
  EXPECT_EQ(ftsPrefixMatchTokens({"config", "go", "config", "x\"yz"}), "\"config\"* OR \"go\" OR \"x\"\"yz\"*");
  // A consonant's final y in both spellings: the stems "apply" and "appli"
  // (applied) meet, and as a prefix "agenci" begins the written "agencies".
  EXPECT_EQ(ftsMatchQuery("agencies applied"), "\"agency\" OR \"agenci\" OR \"appli\" OR \"apply\"");
  EXPECT_EQ(ftsPrefixMatchTokens({"agency", "agency"}), "\"agency\"* OR \"agenci\"*");
}

TEST(Tokenizer, CjkTextBecomesCharacterBigrams) {
  // Written without spaces, a Chinese sentence used to be one token that matched nothing.
  auto t = grove::text::tokenize("切换到向量数据库Supabase");
  std::vector<std::string> want = {"切换", "换到", "到向", "向量", "量数", "数据", "据库", "supabas"};
  EXPECT_EQ(t, want);
  auto q = grove::text::tokenize("数据库");
  EXPECT_EQ(q, (std::vector<std::string>{"数据", "据库"}));
  EXPECT_EQ(grove::text::tokenize("está título"), (std::vector<std::string>{"está", "título"}));
}

TEST(FtsText, SelectQueryTermsKeepsTheRarestInQueryOrder) {
  std::map<std::string, size_t> df = {{"common", 900}, {"mid", 40}, {"rare", 2}, {"rarer", 1}};
  auto dfOf = [&](std::string_view t) { return df[std::string(t)]; };
  std::vector<std::string> q = {"common", "rare", "mid", "rarer", "rare"};
  // Large collection: "common" (90%) is dropped, the rest kept in query order.
  EXPECT_EQ(selectQueryTerms(q, dfOf, 1000, 8, 0.05, 1000),
            (std::vector<std::string>{"rare", "mid", "rarer"}));
  // Cap of 2: the two rarest.
  EXPECT_EQ(selectQueryTerms(q, dfOf, 1000, 2, 0.05, 1000), (std::vector<std::string>{"rare", "rarer"}));
  // Small collection: nothing dropped for being common.
  EXPECT_EQ(selectQueryTerms(q, dfOf, 999, 8, 0.05, 1000).size(), 4u);
  // The rarest term stays even when every term is common.
  EXPECT_EQ(selectQueryTerms({"common"}, dfOf, 1000, 8, 0.05, 1000), std::vector<std::string>{"common"});
}

TEST(Summary, SplitsProseCodeAndLists) {
  auto s = splitSentences(
      "Use a named volume. It survives e.g. compose down!\n\n"
      "Steps:\n- add the volume\n- restart it\n"
      "```yaml\nvolumes:\n  - pgdata:/data\n```\nDone? Yes.");
  EXPECT_EQ(s, (std::vector<std::string>{"Use a named volume.", "It survives e.g. compose down!",
                                         "Steps:", "- add the volume", "- restart it",
                                         "volumes:\n  - pgdata:/data", "Done?", "Yes."}));
}

TEST(Summary, ExtractiveSummaryPrefersCentralProseInReadingOrder) {
  std::string text =
      "Docker volumes keep postgres data across restarts. "
      "The weather was nice today. "
      "Mount the named volume at the postgres data directory so data survives restarts.\n"
      "```\ndocker volume create pgdata\n```";
  auto one = extractiveSummary(text, 1);
  EXPECT_EQ(one, "Docker volumes keep postgres data across restarts.");
  auto two = extractiveSummary(text, 2);
  EXPECT_EQ(two,
            "Docker volumes keep postgres data across restarts. Mount the named volume at the "
            "postgres data directory so data survives restarts.");
  EXPECT_EQ(extractiveSummary("```\nonly code\n```", 1), "only code");
  EXPECT_EQ(extractiveSummary("", 2), "");
}

TEST(Summary, MatchingSentencesRankBySharedTerms) {
  std::string text = "Set a TTL on the cache key. Invalidate the cache key after a write. Unrelated.";
  auto m = matchingSentences(text, "invalidate cache after write", 2);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0], "Invalidate the cache key after a write.");
  EXPECT_EQ(m[1], "Set a TTL on the cache key.");
  EXPECT_TRUE(matchingSentences(text, "kubernetes", 3).empty());
}

// matchingSentences skips a sentence without tokenizing it when its text
// cannot hold a query token: every way the tokenizer forms a token from a
// word must still be found.
TEST(Summary, MatchingSentencesFindTokensHoweverTheTokenizerFormedThem) {
  auto first = [](const std::string& text, const std::string& query) {
    auto m = matchingSentences(text, query, 1);
    return m.empty() ? std::string() : m[0];
  };
  const std::string filler = "Nothing to see here. ";
  EXPECT_EQ(first(filler + "Two STUDIES agree.", "study"), "Two STUDIES agree.");              // ies -> y
  EXPECT_EQ(first(filler + "The cached page.", "caching"), "The cached page.");                // suffix and e
  EXPECT_EQ(first(filler + "Call parseConfig twice.", "config"), "Call parseConfig twice.");   // identifier part
  EXPECT_EQ(first(filler + "Ask o'brien today.", "obrien"), "Ask o'brien today.");             // apostrophe
  EXPECT_EQ(first(filler + "Port 8080 is taken.", "8080"), "Port 8080 is taken.");             // digits
  EXPECT_EQ(first(filler + "She applied twice.", "apply"), "She applied twice.");              // appli, apply
  EXPECT_EQ(first("Nothing to see here.\n\n\xE5\x90\x91\xE9\x87\x8F\xE6\x95\xB0\xE6\x8D\xAE\xE5\xBA\x93 \xE6\x85\xA2.",
                  "\xE6\x95\xB0\xE6\x8D\xAE\xE5\xBA\x93"),
            "\xE5\x90\x91\xE9\x87\x8F\xE6\x95\xB0\xE6\x8D\xAE\xE5\xBA\x93 \xE6\x85\xA2.");  // CJK bigrams
  EXPECT_EQ(first(filler + "Two STUDIES agree.", "kubernetes"), "");
}
