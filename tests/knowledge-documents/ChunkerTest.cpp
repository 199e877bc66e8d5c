// Chunking: about 100 words, cut at headings and paragraphs, ranges kept.
#include <gtest/gtest.h>

#include "knowledge/Chunker.h"

namespace grove::knowledge {
namespace {

std::string words(int n, const std::string& w = "word") {
  std::string out;
  for (int i = 0; i < n; ++i) out += (i ? " " : "") + w;
  return out;
}

TEST(Chunker, HeadingsStartChunksAndRangesAreKept) {
  std::string text = "# Title\n\nIntro paragraph here.\n\n## Install\n\nRun the installer.\nThen restart.\n";
  auto chunks = chunkSegments(extractSegments("a.md", text));
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[0].heading, "Title");
  EXPECT_EQ(chunks[0].startLine, 0);
  EXPECT_EQ(chunks[0].endLine, 2);
  EXPECT_EQ(chunks[1].heading, "Install");
  EXPECT_EQ(chunks[1].startLine, 4);
  EXPECT_EQ(chunks[1].endLine, 7);
  EXPECT_EQ(chunks[1].endChar, 13);  // "Then restart."
  EXPECT_NE(chunks[1].text.find("Run the installer."), std::string::npos);
}

TEST(Chunker, ParagraphsArePackedToAboutAHundredWords) {
  std::string text;
  for (int i = 0; i < 10; ++i) text += words(30) + "\n\n";  // 10 paragraphs of 30 words
  auto chunks = chunkSegments(extractSegments("a.txt", text));
  ASSERT_EQ(chunks.size(), 4u);  // 3 paragraphs (90 words) per chunk, then 1
  for (const auto& c : chunks) {
    EXPECT_LE(c.endLine - c.startLine, 5);
    // Cut between paragraphs: a chunk starts on a paragraph's first line.
    EXPECT_EQ(c.startLine % 2, 0);
  }
}

TEST(Chunker, LongParagraphIsCutBetweenLinesAndRstHeadings) {
  std::string text = "Title\n=====\n\n";
  for (int i = 0; i < 30; ++i) text += words(10) + "\n";  // one 300-word paragraph
  auto chunks = chunkSegments(extractSegments("a.rst", text));
  ASSERT_GE(chunks.size(), 3u);
  EXPECT_EQ(chunks[0].heading, "Title");
  for (const auto& c : chunks) EXPECT_EQ(c.heading, "Title");
  EXPECT_EQ(chunks.back().endLine, 32);
}

TEST(Chunker, FencedCodeStaysWhole) {
  std::string text = "# T\n\n```\ncode line\n\nmore code\n```\n";
  auto chunks = chunkSegments(extractSegments("a.md", text));
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_NE(chunks[0].text.find("more code"), std::string::npos);
}

}  // namespace
}  // namespace grove::knowledge
