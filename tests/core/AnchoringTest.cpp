// The anchor rule of ops/Anchoring on small files whose answers are worked
// out by hand in each test.
#include <gtest/gtest.h>

#include "ops/Anchoring.h"
#include "support/Hash.h"

namespace grove {
namespace {

const std::string kFile =
    "int scale(int x) {\n"   // 0
    "  int y = x + 1;\n"     // 1
    "  return y * 10;\n"     // 2
    "}\n"                    // 3
    "\n"                     // 4
    "int other() {\n"        // 5
    "  return 7;\n"          // 6
    "}\n";                   // 7, then the empty line 8

// Lines 1-2 as whole lines: the capture ends at the start of line 3.
const std::string kCaptured = "  int y = x + 1;\n  return y * 10;\n";
const Range kRange{{1, 0}, {3, 0}};

AnchorResult check(const std::string& text) {
  FileText file(text);
  return reanchor(kCaptured, fnv1aHex(kCaptured), kRange, &file);
}

TEST(Anchoring, UnchangedTextIsCurrent) {
  AnchorResult r = check(kFile);
  EXPECT_EQ(r.state, AnchorState::Current);
  EXPECT_EQ(r.range.start.line, 1);
  EXPECT_EQ(r.range.end.line, 3);
  EXPECT_FALSE(r.diffSummary);
}

TEST(Anchoring, CrlfFileIsStillCurrent) {
  std::string crlf;
  for (char ch : kFile) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  EXPECT_EQ(check(crlf).state, AnchorState::Current);
}

TEST(Anchoring, LinesInsertedAboveMoveTheRange) {
  AnchorResult r = check("// one\n// two\n// three\n" + kFile);
  EXPECT_EQ(r.state, AnchorState::Moved);
  EXPECT_EQ(r.range.start.line, 4);
  EXPECT_EQ(r.range.start.character, 0);
  EXPECT_EQ(r.range.end.line, 6);
  EXPECT_EQ(r.range.end.character, 0);
}

TEST(Anchoring, NearestOccurrenceWinsWhenTheCodeIsDuplicated) {
  // The same two lines at 2-3 (one line inserted above) and again at 10-11.
  std::string text = "// header\n" + kFile + "\n" + kCaptured;
  FileText file(text);
  AnchorResult far = reanchor(kCaptured, fnv1aHex(kCaptured), Range{{10, 0}, {12, 0}}, &file);
  EXPECT_EQ(far.state, AnchorState::Current);
  AnchorResult near = reanchor(kCaptured, fnv1aHex(kCaptured), kRange, &file);
  EXPECT_EQ(near.state, AnchorState::Moved);
  EXPECT_EQ(near.range.start.line, 2);
}

TEST(Anchoring, ChangedLinesAreStaleWithASummary) {
  std::string text = kFile;
  text.replace(text.find("  return y * 10;"), 16, "  return y * 100;");
  AnchorResult r = check(text);
  EXPECT_EQ(r.state, AnchorState::Stale);
  EXPECT_EQ(r.range.start.line, 1);
  EXPECT_EQ(r.range.end.line, 3);
  EXPECT_EQ(r.range.end.character, 0);
  ASSERT_TRUE(r.diffSummary);
  EXPECT_EQ(*r.diffSummary, "-1 +1 lines: return y * 100;");
}

TEST(Anchoring, StaleWindowFollowsInsertedLinesToo) {
  std::string text = "#include <a>\n#include <b>\n" + kFile;
  text.replace(text.find("  int y = x + 1;"), 16, "  int y = x + 2;");
  AnchorResult r = check(text);
  EXPECT_EQ(r.state, AnchorState::Stale);
  EXPECT_EQ(r.range.start.line, 3);
  EXPECT_EQ(*r.diffSummary, "-1 +1 lines: int y = x + 2;");
}

TEST(Anchoring, DeletedLinesAreMissing) {
  std::string text = kFile;
  text.erase(text.find("  int y"), kCaptured.size());
  AnchorResult r = check(text);
  EXPECT_EQ(r.state, AnchorState::Missing);
  EXPECT_EQ(r.range.start.line, kRange.start.line);  // the old range is kept
}

TEST(Anchoring, GoneFileIsMissing) {
  AnchorResult r = reanchor(kCaptured, fnv1aHex(kCaptured), kRange, nullptr);
  EXPECT_EQ(r.state, AnchorState::Missing);
}

TEST(Anchoring, HalfTheLinesIsTheStaleThreshold) {
  // Four captured lines; a window that keeps two of them is stale, one is missing.
  std::string captured = "alpha();\nbeta();\ngamma();\ndelta();\n";
  FileText two("x\nalpha();\nbeta();\nGAMMA();\nDELTA();\n");
  EXPECT_EQ(reanchor(captured, fnv1aHex(captured), Range{{0, 0}, {4, 0}}, &two).state,
            AnchorState::Stale);
  FileText one("x\nalpha();\nBETA();\nGAMMA();\nDELTA();\n");
  EXPECT_EQ(reanchor(captured, fnv1aHex(captured), Range{{0, 0}, {4, 0}}, &one).state,
            AnchorState::Missing);
}

TEST(Anchoring, PositionsCountUtf16) {
  // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
  FileText file("aé😀b\n");
  EXPECT_EQ(file.offsetOf({0, 1}), 1u);
  EXPECT_EQ(file.offsetOf({0, 2}), 3u);
  EXPECT_EQ(file.offsetOf({0, 4}), 7u);
  Position p = file.positionOf(7);
  EXPECT_EQ(p.line, 0);
  EXPECT_EQ(p.character, 4);
}

TEST(Anchoring, PartialLineCaptureMoves) {
  FileText file("first\nlet total = price * qty;\n");
  std::string captured = "price * qty";
  AnchorResult r = reanchor(captured, fnv1aHex(captured), Range{{0, 12}, {0, 23}}, &file);
  EXPECT_EQ(r.state, AnchorState::Moved);
  EXPECT_EQ(r.range.start.line, 1);
  EXPECT_EQ(r.range.start.character, 12);
  EXPECT_EQ(r.range.end.character, 23);
}

}  // namespace
}  // namespace grove
