// The shared text layer: code-aware tokens and hashed vectors.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace grove::text
