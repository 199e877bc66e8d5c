#include <gtest/gtest.h>

#include "memory/Citations.h"

using namespace grove::memory;

TEST(Citations, ParsesTheShapesModelsWrite) {
  auto ids = parseCitations(
      "Use a named volume [citation:3_8]. Compose waits on health [[citation:a-1]] "
      "and [citation : b_2], [ citation:c3 ], [Citation: D4] [[ citation : e5 ]].");
  EXPECT_EQ(ids, (std::vector<std::string>{"3_8", "a-1", "b_2", "c3", "D4", "e5"}));
}

TEST(Citations, ListsInOneMarkAndUniqueInOrder) {
  auto ids = parseCitations("[citation:x, y] then [citation:y;z] and again [citation:x]");
  EXPECT_EQ(ids, (std::vector<std::string>{"x", "y", "z"}));
}

TEST(Citations, IgnoresUnknownShapes) {
  EXPECT_TRUE(parseCitations("[cite:x] (citation:y) citation:z [citation] [citation:] "
                             "[citation:bad id] [citation:ok!] [citations:w] [citation:v")
                  .empty());
  std::string longId(41, 'a');
  EXPECT_TRUE(parseCitations("[citation:" + longId + "]").empty());
  EXPECT_EQ(parseCitations("[citation:" + longId.substr(1) + "]").size(), 1u);
}

TEST(Citations, MarksCarryOffsetsAndLengths) {
  std::string text = "A [[citation:m1]] and [citation: m2].";
  auto marks = findCitationMarks(text);
  ASSERT_EQ(marks.size(), 2u);
  EXPECT_EQ(text.substr(marks[0].offset, marks[0].length), "[[citation:m1]]");
  EXPECT_EQ(text.substr(marks[1].offset, marks[1].length), "[citation: m2]");
  EXPECT_EQ(marks[1].ids, std::vector<std::string>{"m2"});
}

TEST(Citations, DoubledOpeningWithSingleClosingStillCounts) {
  EXPECT_EQ(parseCitations("see [[citation:q1] here"), std::vector<std::string>{"q1"});
}

TEST(Citations, MemoletIdShape) {
  EXPECT_TRUE(isMemoletId("abc_DEF-123"));
  EXPECT_FALSE(isMemoletId(""));
  EXPECT_FALSE(isMemoletId("a b"));
  EXPECT_FALSE(isMemoletId("a.b"));
  EXPECT_FALSE(isMemoletId(std::string(41, 'x')));
}
