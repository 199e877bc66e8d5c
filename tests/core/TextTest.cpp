// The shared text layer: code-aware tokens and hashed vectors.
#include <gtest/gtest.h>

#include <cmath>

#include "text/HalfFloat.h"
#include "text/HashedVector.h"
#include "text/Tokenizer.h"

namespace grove::text {
namespace {

using Tokens = std::vector<std::string>;

TEST(Tokenizer, IdentifierStylesMeet) {
  EXPECT_EQ(tokenize("parseConfig"), (Tokens{"pars", "config"}));
  EXPECT_EQ(tokenize("parse_config"), tokenize("parseConfig"));
  EXPECT_EQ(tokenize("ParseConfig"), tokenize("parse-config"));
  EXPECT_EQ(tokenize("HTTPServer2Config"), (Tokens{"http", "server", "config"}));
}

TEST(Tokenizer, DropsStopwordsAndStemsInflections) {
  EXPECT_EQ(tokenize("Why is the cache missing entries?"), (Tokens{"cach", "miss", "entry"}));
  EXPECT_EQ(tokenize("caching"), tokenize("cached"));
  EXPECT_EQ(tokenize("tests"), (Tokens{"test"}));
  EXPECT_EQ(tokenize("class process"), (Tokens{"class", "process"}));
  EXPECT_TRUE(tokenize("thanks, that's great!").empty());
}

TEST(Tokenizer, AConsonantsFinalYHasItsOtherSpelling) {
  // stem() turns "-ies" into "y" but only cuts "-ed": "applied" -> "appli".
  EXPECT_EQ(stem("applied"), "appli");
  EXPECT_EQ(stem("applies"), "apply");
  EXPECT_EQ(otherSpelling("apply"), "appli");
  EXPECT_EQ(otherSpelling("appli"), "apply");
  EXPECT_EQ(otherSpelling("agency"), "agenci") << "which begins the written plural, agencies";
  EXPECT_EQ(otherSpelling("play"), "") << "a vowel's y stays: played, plays";
  EXPECT_EQ(otherSpelling("sky"), "") << "too short to be a stem of something else";
  EXPECT_EQ(otherSpelling("cach"), "");
  EXPECT_EQ(otherSpelling("2y"), "");
  // A query's tokens, each followed by its other spelling where it has one.
  EXPECT_EQ(withOtherSpellings({"agency", "play", "appli"}), (Tokens{"agency", "agenci", "play", "appli", "apply"}));
}

TEST(Tokenizer, KeepsNumbersAndNonAscii) {
  EXPECT_EQ(tokenize("utf8 déjà 404"), (Tokens{"utf", "déjà", "404"}));
}

TEST(HashedVector, IdenticalTextIsOneUnrelatedIsNearZero) {
  auto a = HashedVector::fromText("rewrite the parser to handle nested braces");
  auto b = HashedVector::fromText("rewrite the parser to handle nested braces");
  auto c = HashedVector::fromText("docker compose volume permissions on macOS");
  EXPECT_NEAR(a.cosine(b), 1.0, 1e-6);
  EXPECT_LT(std::abs(a.cosine(c)), 0.25);
}

TEST(HashedVector, CodeStylesAreSimilar) {
  auto a = HashedVector::fromText("parseConfig throws on empty input");
  auto b = HashedVector::fromText("parse_config throws on empty input");
  EXPECT_NEAR(a.cosine(b), 1.0, 1e-6);
}

TEST(HashedVector, WeightsShiftSimilarity) {
  auto idf = [](std::string_view t) { return t == "error" ? 0.1 : 1.0; };
  auto a = HashedVector::fromText("socket error timeout", 256, idf);
  auto b = HashedVector::fromText("parser error token", 256, idf);
  auto a0 = HashedVector::fromText("socket error timeout");
  auto b0 = HashedVector::fromText("parser error token");
  EXPECT_LT(a.cosine(b), a0.cosine(b0));
}

TEST(HashedVector, BlobRoundTripsAndEmptyIsHandled) {
  auto a = HashedVector::fromText("vector index");
  auto back = HashedVector::fromBlob(a.toBlob());
  EXPECT_NEAR(a.cosine(back), 1.0, 1e-6);
  HashedVector empty = HashedVector::fromText("the and of");
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.cosine(a), 0.0);
  HashedVector centroid(256);
  centroid.add(a);
  centroid.add(HashedVector::fromText("vector search"));
  centroid.normalize();
  EXPECT_GT(centroid.cosine(a), 0.5);
}

TEST(HashedVector, TheCompactBlobIsHalfTheBytesAndKeepsEverySimilarityWithinAThousandth) {
  const char* texts[] = {"vector index over memolets", "docker volume mount", "parser crashes on tabs",
                         "retry with jitter and backoff", "vector search with a cosine"};
  std::vector<HashedVector> full, compact;
  for (const char* t : texts) {
    full.push_back(HashedVector::fromText(t));
    std::string blob = full.back().toCompactBlob();
    EXPECT_EQ(blob.size(), 1 + full.back().toBlob().size() / 2);
    compact.push_back(HashedVector::fromBlob(blob));
    EXPECT_EQ(compact.back().dims(), full.back().dims());
  }
  for (size_t i = 0; i < full.size(); ++i)
    for (size_t j = 0; j < full.size(); ++j)
      EXPECT_NEAR(compact[i].cosine(compact[j]), full[i].cosine(full[j]), 1e-3) << texts[i] << " / " << texts[j];
  // A float32 blob written before still reads as it was.
  EXPECT_EQ(HashedVector::fromBlob(full[0].toBlob()).values(), full[0].values());
  EXPECT_TRUE(HashedVector::fromBlob(HashedVector().toCompactBlob()).empty());
}

TEST(HalfFloat, RoundsToTheNearestHalfAndReadsEveryHalfBack) {
  // Every half is a float: all 65,536 read back to themselves (NaNs stay NaNs).
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    const float f = fromHalf(static_cast<uint16_t>(h));
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(fromHalf(toHalf(f)))) << h;
      continue;
    }
    EXPECT_EQ(toHalf(f), h) << "half " << h << " = " << f;
  }
  EXPECT_EQ(fromHalf(toHalf(1.0f)), 1.0f);
  EXPECT_EQ(fromHalf(toHalf(-0.5f)), -0.5f);
  EXPECT_EQ(fromHalf(toHalf(65504.0f)), 65504.0f);       // the largest half
  EXPECT_TRUE(std::isinf(fromHalf(toHalf(70000.0f))));  // beyond it
  EXPECT_EQ(fromHalf(toHalf(std::ldexp(1.0f, -24))), std::ldexp(1.0f, -24));  // the smallest subnormal
  EXPECT_EQ(fromHalf(toHalf(std::ldexp(1.0f, -26))), 0.0f);                   // under half of it
  // Ties go to the even neighbour: 1 + 2^-11 lies halfway between 1 and 1 + 2^-10.
  EXPECT_EQ(fromHalf(toHalf(1.0f + std::ldexp(1.0f, -11))), 1.0f);
  EXPECT_EQ(fromHalf(toHalf(1.0f + 3 * std::ldexp(1.0f, -11))), 1.0f + std::ldexp(1.0f, -9));
  // Any float lands within half a step of the value (relative 2^-11).
  for (float f = 1e-4f; f < 1.0f; f *= 1.37f) EXPECT_NEAR(fromHalf(toHalf(f)), f, f * std::ldexp(1.0, -11)) << f;
}

}  // namespace
}  // namespace grove::text
