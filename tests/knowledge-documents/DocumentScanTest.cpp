// The document scan: include/exclude globs, .gitignore (patterns, negation,
// directories, anchoring, nested files), secrets and unreadable files
// reported, comment blocks and docstrings of source files with their lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "TempDir.h"
#include "knowledge/DocumentScan.h"
#include "knowledge/DocumentScanGitignore.h"
#include "knowledge/DocumentScanText.h"

namespace grove::knowledge {
namespace {

class ScanTest : public ::testing::Test {
protected:
  void write(const std::string& rel, const std::string& text) {
    std::filesystem::path p = dir_.path() / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
  }
  std::vector<std::string> scanned(const DocumentScanOptions& o = defaultScanOptions()) {
    std::vector<std::string> out;
    for (const auto& f : scanWorkspace(dir_.path().string(), o).files) out.push_back(f.relativePath);
    return out;
  }
  std::string reasonFor(const std::string& rel) {
    ScanResult r = scanWorkspace(dir_.path().string(), defaultScanOptions());
    for (const auto& s : r.skipped)
      if (s.uri == pathToFileUri((dir_.path() / rel).string())) return s.reason;
    return "";
  }
  test::TempDir dir_;
};

TEST(GlobMatch, StarsQuestionMarksAndBraces) {
  EXPECT_TRUE(globMatch("**/*.md", "README.md"));
  EXPECT_TRUE(globMatch("**/*.md", "docs/guide/intro.md"));
  EXPECT_FALSE(globMatch("*.md", "docs/intro.md"));
  EXPECT_TRUE(globMatch("docs/*.{md,rst}", "docs/a.rst"));
  EXPECT_FALSE(globMatch("docs/*.{md,rst}", "docs/a.txt"));
  EXPECT_TRUE(globMatch("**/build/**", "x/build/y/z.md"));
  EXPECT_TRUE(globMatch("a?c", "abc"));
  EXPECT_FALSE(globMatch("a?c", "a/c"));
}

TEST(Gitignore, NegationDirectoriesAndAnchoring) {
  GitignoreRules r("", "# comment\n\n*.log\n!keep.log\nout/\n/top.md\ndocs/gen/*.md\n");
  EXPECT_EQ(r.match("x/a.log", false), 1);
  EXPECT_EQ(r.match("x/keep.log", false), -1);
  EXPECT_EQ(r.match("out", true), 1);
  EXPECT_EQ(r.match("out", false), 0);  // a file named out is not the folder
  EXPECT_EQ(r.match("a/out", true), 1);
  EXPECT_EQ(r.match("top.md", false), 1);
  EXPECT_EQ(r.match("sub/top.md", false), 0);  // anchored to the root
  EXPECT_EQ(r.match("docs/gen/a.md", false), 1);
  EXPECT_EQ(r.match("x/docs/gen/a.md", false), 0);
  GitignoreRules nested("sub", "*.txt\n");
  EXPECT_EQ(nested.match("sub/a.txt", false), 1);
  EXPECT_EQ(nested.match("a.txt", false), 0);
}

TEST_F(ScanTest, RespectsGitignoreAndGlobs) {
  write("README.md", "# Readme\nhello world text\n");
  write("notes.txt", "plain text notes\n");
  write("guide/intro.rst", "Intro\n=====\n\nsome text\n");
  write(".gitignore", "ignored/\n*.tmp.md\n!keep.tmp.md\n/rootonly.md\n");
  write("ignored/a.md", "# A\n");
  write("x.tmp.md", "# x\n");
  write("keep.tmp.md", "# keep\n");
  write("rootonly.md", "# r\n");
  write("sub/rootonly.md", "# r\n");
  write("sub/.gitignore", "local.md\n");
  write("sub/local.md", "# l\n");
  write("node_modules/pkg/README.md", "# dep\n");
  write("build/out.md", "# gen\n");
  write("image.png", "x");
  std::vector<std::string> got = scanned();
  std::vector<std::string> want = {"README.md", "guide/intro.rst", "keep.tmp.md", "notes.txt", "sub/rootonly.md"};
  EXPECT_EQ(got, want);
  DocumentScanOptions o = defaultScanOptions();
  o.include = {"guide/**"};
  EXPECT_EQ(scanned(o), std::vector<std::string>{"guide/intro.rst"});
  o = defaultScanOptions();
  o.exclude.push_back("**/*.txt");
  std::vector<std::string> withoutText = scanned(o);
  EXPECT_EQ(std::count(withoutText.begin(), withoutText.end(), "notes.txt"), 0);
  EXPECT_EQ(withoutText.size(), want.size() - 1);
}

TEST_F(ScanTest, SecretsAreSkippedAndReported) {
  write(".env", "KEY=1\n");
  write(".env.local", "KEY=1\n");
  write("certs/server.pem", "-----BEGIN\n");
  write("keys/id_rsa", "-----BEGIN\n");
  write("keys/id_ed25519.pub", "ssh-ed25519\n");
  write("api.key", "k\n");
  write("docs/secrets-policy.md", "# Policy\nRotate keys yearly.\n");
  for (const char* f : {".env", ".env.local", "certs/server.pem", "keys/id_rsa", "keys/id_ed25519.pub", "api.key"})
    EXPECT_EQ(reasonFor(f), "secret") << f;
  EXPECT_EQ(scanned(), std::vector<std::string>{"docs/secrets-policy.md"});
}

TEST_F(ScanTest, BinaryTooLargeAndUnreadableFiles) {
  write("bin.md", std::string("abc\0def", 7));
  write("big.md", std::string(2000, 'a'));
  ScanCandidate bin{(dir_.path() / "bin.md").string(), "bin.md", "file:///bin.md"};
  EXPECT_EQ(readDocument(bin, 1000).skipReason, "binary");
  ScanCandidate big{(dir_.path() / "big.md").string(), "big.md", "file:///big.md"};
  EXPECT_EQ(readDocument(big, 1000).skipReason, "tooLarge");
  ScanCandidate gone{(dir_.path() / "gone.md").string(), "gone.md", "file:///gone.md"};
  EXPECT_EQ(readDocument(gone, 1000).skipReason, "unreadable");
  ASSERT_TRUE(readDocument(big, 4000).document);
}

TEST(DocumentText, CommentBlocksAndDocstringsKeepTheirLines) {
  std::string cpp =
      "#include <x>\n"               // 0
      "// Parses the configuration file and\n"  // 1
      "// returns the settings it names.\n"     // 2
      "int parse();\n"               // 3
      "/* A block comment that\n"    // 4
      " * spans three lines of text\n"  // 5
      " */\n"                        // 6
      "int x; // ok\n";              // 7
  auto segs = extractSegments("src/a.cpp", cpp);
  ASSERT_EQ(segs.size(), 2u);
  EXPECT_EQ(segs[0].front().line, 1);
  EXPECT_EQ(segs[0].back().line, 2);
  EXPECT_EQ(segs[0][0].text, "Parses the configuration file and");
  EXPECT_EQ(segs[1].front().line, 4);
  EXPECT_EQ(segs[1][1].text, "spans three lines of text");
  std::string py =
      "def f():\n"
      "    \"\"\"Return the answer to the question\n"
      "    asked by the caller.\"\"\"\n"
      "    # a comment with several words\n"
      "    return 42\n";
  auto p = extractSegments("m.py", py);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].front().line, 1);
  EXPECT_EQ(p[0].back().text, "asked by the caller.");
  EXPECT_EQ(p[1].front().line, 3);
  auto lua = extractSegments("m.lua", "-- Lua comment with words\nlocal x = 1\n--[[ block\ncomment here ]]\n");
  ASSERT_EQ(lua.size(), 2u);
  EXPECT_EQ(lua[1].back().line, 3);
  auto md = extractSegments("a.md", "# T\n\ntext\n");
  ASSERT_EQ(md.size(), 1u);
  EXPECT_EQ(md[0].size(), 3u);
}

TEST(FileUris, RoundTrip) {
  EXPECT_EQ(pathToFileUri("/a/b c"), "file:///a/b%20c");
  EXPECT_EQ(fileUriToPath("file:///a/b%20c"), "/a/b c");
  EXPECT_EQ(fileUriToPath("file:///a/b/"), "/a/b");
  EXPECT_FALSE(fileUriToPath("http://x/y"));
  EXPECT_FALSE(fileUriToPath("file:///bad%zz"));
  EXPECT_FALSE(fileUriToPath("file://otherhost/x"));
}

}  // namespace
}  // namespace grove::knowledge
