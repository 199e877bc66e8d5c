// TokenFile (issue 19): personal tokens stored as hashes, found by the token,
// re-read when the file changes (revocation without a restart); and the
// start-up rules of --listen (Flags: listenRefusal).
#include <gtest/gtest.h>

#include <fstream>

#include "FileText.h"
#include "TempDir.h"
#include "tool/Flags.h"
#include "transport/TokenFile.h"

namespace grove::test {
namespace {

using transport::TokenFile;

TEST(TokenFileTest, AnAddedTokenIsFoundByItsNameAndOnlyItsHashIsStored) {
  TempDir dir;
  const std::string path = dir.file("t.tokens");
  std::string alice = TokenFile::add(path, "alice");
  std::string bob = TokenFile::add(path, "bob");
  EXPECT_NE(alice, bob);
  EXPECT_EQ(fileText(path).find(alice), std::string::npos);
  EXPECT_NE(fileText(path).find(TokenFile::hashHex(alice)), std::string::npos);
  TokenFile file(path);
  EXPECT_EQ(file.nameFor(alice), "alice");
  EXPECT_EQ(file.nameFor(bob), "bob");
  EXPECT_EQ(file.nameFor(alice + "x"), std::nullopt);
  EXPECT_EQ(file.nameFor(""), std::nullopt);
  EXPECT_TRUE(file.hasTokens());
}

TEST(TokenFileTest, RevokingOrReplacingIsSeenByAFileAlreadyInUse) {
  TempDir dir;
  const std::string path = dir.file("t.tokens");
  std::string first = TokenFile::add(path, "alice");
  TokenFile file(path);
  ASSERT_EQ(file.nameFor(first), "alice");
  std::string second = TokenFile::add(path, "alice");  // a new token replaces the old one
  EXPECT_EQ(file.nameFor(first), std::nullopt);
  EXPECT_EQ(file.nameFor(second), "alice");
  EXPECT_TRUE(TokenFile::revoke(path, "alice"));
  EXPECT_FALSE(TokenFile::revoke(path, "alice"));
  EXPECT_EQ(file.nameFor(second), std::nullopt);
  EXPECT_FALSE(file.hasTokens());
}

TEST(TokenFileTest, CommentsAndMalformedLinesAreSkippedAndAMissingFileHoldsNone) {
  TempDir dir;
  const std::string path = dir.file("t.tokens");
  TokenFile missing(dir.file("none.tokens"));
  EXPECT_FALSE(missing.hasTokens());
  std::ofstream(path) << "# a comment\n\nbroken line\nnohash\tnot-hex\n"
                      << "carol\t" << TokenFile::hashHex("carols-token") << "\t2026-01-01T00:00:00Z\n";
  std::vector<std::string> skipped;
  auto entries = TokenFile::read(path, &skipped);
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].name, "carol");
  EXPECT_EQ(entries[0].created, "2026-01-01T00:00:00Z");
  EXPECT_EQ(skipped.size(), 2u);
  EXPECT_EQ(TokenFile(path).nameFor("carols-token"), "carol");
  EXPECT_THROW(TokenFile::add(path, "tab\tname"), std::runtime_error);
  EXPECT_THROW(TokenFile::add(path, "#comment"), std::runtime_error);
}

std::optional<std::string> noEnv(const char*) { return std::nullopt; }

TEST(ListenRefusalTest, OffLoopbackTlsAndATokenAreNeededAndTheMessageNamesWhatIsMissing) {
  auto flags = [](std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", "/nonexistent/grove.db"});
    return tool::parseFlags(args, noEnv);
  };
  EXPECT_EQ(tool::listenRefusal(flags({"--listen", "127.0.0.1:7777"}), false), "");
  EXPECT_EQ(tool::listenRefusal(flags({"--listen", "localhost:7777"}), false), "");
  std::string both = tool::listenRefusal(flags({"--listen", "0.0.0.0:7777"}), false);
  EXPECT_NE(both.find("--tls-cert FILE --tls-key FILE"), std::string::npos) << both;
  EXPECT_NE(both.find("--token-add NAME"), std::string::npos) << both;
  std::string tlsOnly = tool::listenRefusal(flags({"--listen", "10.0.0.5:7777"}), true);
  EXPECT_NE(tlsOnly.find("--tls-cert"), std::string::npos);
  EXPECT_EQ(tlsOnly.find("--token-add"), std::string::npos);
  auto tls = flags({"--listen", "0.0.0.0:7777", "--tls-cert", "c.pem", "--tls-key", "k.pem"});
  ASSERT_EQ(tls.error, "");
  EXPECT_NE(tool::listenRefusal(tls, false).find("--token-add"), std::string::npos);
  EXPECT_EQ(tool::listenRefusal(tls, true), "");
  EXPECT_EQ(tls.tokenFile, "") << "tokens live in the store unless --token-file names a file";
  EXPECT_NE(flags({"--listen", "0.0.0.0:7777", "--tls-cert", "c.pem"}).error, "");
  EXPECT_NE(flags({"--tls-cert", "c.pem", "--tls-key", "k.pem"}).error, "");
  EXPECT_EQ(flags({"--add-token", "alice"}).tokenAdd, "alice");
}

}  // namespace
}  // namespace grove::test
