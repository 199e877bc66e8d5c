// WordNet: the reader of WordNet's database files, on a database each test
// writes in WordNet's own format (index lines naming synsets by byte offset
// in the data file), so the answers are known exactly; and one check that
// the installed database (scripts/install-deps installs wordnet-base) reads.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "TempDir.h"
#include "support/WordNet.h"

namespace grove::test {
namespace {

using Words = std::vector<std::string>;

/// Writes a noun database: `synsets` (each a list of words, as WordNet
/// writes them) to data.noun, and an index entry for every word naming its
/// synsets in the order given (the first is the most frequent sense).
class NounBase {
public:
  explicit NounBase(std::vector<Words> synsets, std::map<std::string, std::string> exceptions = {},
                    size_t pointers = 2)
      : synsets_(std::move(synsets)) {
    // data.noun: a licence header, then one line per synset at the offset
    // the index names (eight digits, as WordNet writes them).
    std::string data = "  1 This software and database is being provided to you, the LICENSEE\n";
    std::vector<std::string> offsets;
    for (const auto& words : synsets_) {
      char offset[16];
      std::snprintf(offset, sizeof offset, "%08zu", data.size());
      offsets.push_back(offset);
      char count[8];
      std::snprintf(count, sizeof count, "%02zx", words.size());
      std::string line = std::string(offset) + " 05 n " + count;
      for (const auto& w : words) line += " " + w + " 0";
      // Pointers after the words: thousands for a common noun in the real data.
      line += " " + std::to_string(pointers);
      for (size_t p = 0; p < pointers; ++p) line += " @ 00000000 n 0000";
      data += line + " | a gloss; \"an example\"  \n";
    }
    std::map<std::string, std::vector<std::string>> index;  // lemma -> offsets, sorted by lemma
    for (size_t s = 0; s < synsets_.size(); ++s)
      for (auto w : synsets_[s]) {
        if (auto paren = w.find('('); paren != std::string::npos) w.resize(paren);
        for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        index[w].push_back(offsets[s]);
      }
    std::string text = "  1 This software and database is being provided to you, the LICENSEE\n";
    for (const auto& [lemma, synsetOffsets] : index) {
      text += lemma + " n " + std::to_string(synsetOffsets.size()) + " 1 @ " + std::to_string(synsetOffsets.size()) +
              " 0";
      for (const auto& o : synsetOffsets) text += " " + o;
      text += "  \n";
    }
    write("index.noun", text);
    write("data.noun", data);
    std::string exc;
    for (const auto& [inflected, base] : exceptions) exc += inflected + " " + base + "\n";
    write("noun.exc", exc);
  }

  std::string path() const { return dir_.path().string(); }

private:
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_.file(name), std::ios::binary) << text;
  }

  TempDir dir_;
  std::vector<Words> synsets_;
};

TEST(WordNet, SynonymsAreTheOtherWordsOfTheFirstSensesInOrder) {
  NounBase base({{"child", "kid", "youngster"}, {"child", "baby"}, {"kid", "kidskin"}});
  WordNet wn(base.path());
  ASSERT_TRUE(wn.available());
  EXPECT_EQ(wn.synonyms("child", WordNet::Part::Noun), (Words{"kid", "youngster"}));
  EXPECT_EQ(wn.synonyms("child", WordNet::Part::Noun, 2), (Words{"kid", "youngster", "baby"}));
  EXPECT_EQ(wn.synonyms("child", WordNet::Part::Noun, 9), (Words{"kid", "youngster", "baby"})) << "senses it has";
  EXPECT_EQ(wn.synonyms("kid", WordNet::Part::Noun, 2), (Words{"child", "youngster", "kidskin"}));
  EXPECT_EQ(wn.synonyms("child", WordNet::Part::Noun, 0), Words{});
  EXPECT_EQ(wn.synonyms("baby", WordNet::Part::Noun), Words{"child"});
  EXPECT_EQ(wn.synonyms("adult", WordNet::Part::Noun), Words{}) << "not in the index";
  EXPECT_EQ(wn.synonyms("child", WordNet::Part::Verb), Words{}) << "no verb files here";
}

TEST(WordNet, InflectedWordsFindTheirBaseByExceptionOrSuffix) {
  NounBase base({{"child", "kid"}, {"table", "tabular_array"}, {"box", "case"}, {"glass", "drinking_glass"}},
                {{"children", "child"}});
  WordNet wn(base.path());
  EXPECT_EQ(wn.baseForms("children", WordNet::Part::Noun), Words{"child"});
  EXPECT_EQ(wn.synonyms("children", WordNet::Part::Noun), Words{"kid"});
  EXPECT_EQ(wn.baseForms("tables", WordNet::Part::Noun), Words{"table"});
  EXPECT_EQ(wn.baseForms("boxes", WordNet::Part::Noun), Words{"box"});
  EXPECT_EQ(wn.baseForms("glasses", WordNet::Part::Noun), Words{"glass"});
  // Underscores are spaces; the word's own base is never its synonym.
  EXPECT_EQ(wn.synonyms("tables", WordNet::Part::Noun), Words{"tabular array"});
  EXPECT_EQ(wn.synonyms("glass", WordNet::Part::Noun), Words{"drinking glass"});
  // Only plain lowercase words are looked up.
  EXPECT_EQ(wn.baseForms("Table", WordNet::Part::Noun), Words{});
  EXPECT_EQ(wn.baseForms("", WordNet::Part::Noun), Words{});
  EXPECT_EQ(wn.baseForms("tab le", WordNet::Part::Noun), Words{});
}

TEST(WordNet, WordsAreLowercasedAndMarkersDropped) {
  NounBase base(std::vector<Words>{{"Paris", "City_of_Light"}, {"great(a)", "big(p)"}});
  WordNet wn(base.path());
  EXPECT_EQ(wn.synonyms("paris", WordNet::Part::Noun), Words{"city of light"});
  EXPECT_EQ(wn.synonyms("great", WordNet::Part::Noun), Words{"big"});
}

/// i written in the letters a-z (only plain words are looked up).
std::string letters(int i) {
  std::string out;
  do {
    out.insert(out.begin(), static_cast<char>('a' + i % 26));
    i /= 26;
  } while (i > 0);
  return out;
}

TEST(WordNet, EveryEntryOfALargeIndexIsFoundWithItsOwnSynsets) {
  // 2,000 synsets of two words each: the binary search lands on every kind
  // of byte (a newline, a line's first or last character), and each word
  // must answer exactly its partner, not another line's.
  std::vector<Words> synsets;
  for (int i = 0; i < 2000; ++i) synsets.push_back({"alpha" + letters(i), "beta" + letters(i)});
  NounBase base(synsets, {}, 40);
  WordNet wn(base.path());
  for (int i = 0; i < 2000; ++i) {
    const std::string n = letters(i);
    ASSERT_EQ(wn.synonyms("alpha" + n, WordNet::Part::Noun), Words{"beta" + n}) << i;
    ASSERT_EQ(wn.synonyms("beta" + n, WordNet::Part::Noun), Words{"alpha" + n}) << i;
  }
  EXPECT_EQ(wn.synonyms("alpha", WordNet::Part::Noun), Words{});
  EXPECT_EQ(wn.synonyms("gammaa", WordNet::Part::Noun), Words{});
  EXPECT_EQ(wn.synonyms("aaa", WordNet::Part::Noun), Words{}) << "before the first entry";
  EXPECT_EQ(wn.synonyms("zzz", WordNet::Part::Noun), Words{}) << "after the last entry";
}

TEST(WordNet, ASynsetWithThousandsOfPointersReadsItsWords) {
  NounBase base({{"entity", "thing"}}, {}, 5000);
  WordNet wn(base.path());
  EXPECT_EQ(wn.synonyms("entity", WordNet::Part::Noun), Words{"thing"});
}

TEST(WordNet, WithoutTheDatabaseEveryLookupAnswersNothing) {
  TempDir empty;
  WordNet wn(empty.path().string());
  EXPECT_FALSE(wn.available());
  EXPECT_EQ(wn.synonyms("child", WordNet::Part::Noun), Words{});
  EXPECT_EQ(wn.baseForms("children", WordNet::Part::Noun), Words{});
  WordNet missing(empty.file("no-such-directory"));
  EXPECT_FALSE(missing.available());
}

TEST(WordNet, TheInstalledDatabaseReads) {
  // scripts/install-deps installs wordnet-base; the core reads it from
  // /usr/share/wordnet unless GROVE_WORDNET_DIR says otherwise.
  const WordNet& wn = WordNet::system();
  ASSERT_TRUE(wn.available()) << "wordnet-base is not installed (scripts/install-deps core)";
  auto kids = wn.synonyms("children", WordNet::Part::Noun);
  EXPECT_NE(std::find(kids.begin(), kids.end(), "kid"), kids.end());
  auto vanish = wn.synonyms("disappeared", WordNet::Part::Verb);
  EXPECT_NE(std::find(vanish.begin(), vanish.end(), "vanish"), vanish.end());
}

}  // namespace
}  // namespace grove::test
