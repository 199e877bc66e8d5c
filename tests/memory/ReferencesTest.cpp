#include <gtest/gtest.h>

#include "memory/References.h"

using namespace grove::memory;

TEST(References, ParsesTitleIdAndPosition) {
  std::string text = "Combine @[Docker volumes](memolet:m_1) with @[Retry loop](memolet:Zz-9).";
  auto refs = parseReferences(text);
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_EQ(refs[0].title, "Docker volumes");
  EXPECT_EQ(refs[0].id, "m_1");
  EXPECT_EQ(text.substr(refs[0].offset, refs[0].length), "@[Docker volumes](memolet:m_1)");
  EXPECT_EQ(refs[1].id, "Zz-9");
  EXPECT_EQ(text.substr(refs[1].offset, refs[1].length), "@[Retry loop](memolet:Zz-9)");
}

TEST(References, SkipsMalformedOnes) {
  EXPECT_TRUE(parseReferences("@[t](memolet:) @[t](memolet:a b) @[t](note:x) [t](memolet:x) "
                              "@[t(memolet:x) @[a\nb](memolet:x) @[t](memolet:x y) mail@host")
                  .empty());
  std::string longId(41, 'a');
  EXPECT_TRUE(parseReferences("@[t](memolet:" + longId + ")").empty());
  EXPECT_EQ(parseReferences("@[t](memolet:" + longId.substr(1) + ")").size(), 1u);
  // An empty title is allowed: the id resolves, the title is display only.
  EXPECT_EQ(parseReferences("@[](memolet:x)").size(), 1u);
}

TEST(References, ReferencedIdsAreUniqueInOrder) {
  auto ids = referencedIds("@[A](memolet:b) @[B](memolet:a) @[A again](memolet:b)");
  EXPECT_EQ(ids, (std::vector<std::string>{"b", "a"}));
}

TEST(References, FormatAlwaysParsesBack) {
  std::string r = formatReference("Fix [urgent]\nnow", "id_7");
  EXPECT_EQ(r, "@[Fix (urgent) now](memolet:id_7)");
  auto refs = parseReferences("x " + r + " y");
  ASSERT_EQ(refs.size(), 1u);
  EXPECT_EQ(refs[0].title, "Fix (urgent) now");
  EXPECT_EQ(refs[0].id, "id_7");
}

// Board groups are mentioned the same way (DESIGN §11.2); each list holds its
// own scheme's ids, and a query reads both as their titles.
TEST(References, GroupMentionsAreTheirOwnScheme) {
  std::string text = "Compare @[Database](group:g_db) with @[Pool size](memolet:m_pool) and @[X](groupie:g_1)";
  EXPECT_EQ(referencedIds(text), (std::vector<std::string>{"m_pool"}));
  EXPECT_EQ(referencedGroupIds(text), (std::vector<std::string>{"g_db"}));
  auto refs = parseReferences(text);
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_EQ(refs[0].scheme, Reference::Scheme::Group);
  EXPECT_EQ(refs[1].scheme, Reference::Scheme::Memolet);
  EXPECT_EQ(withTitles(text), "Compare Database with Pool size and @[X](groupie:g_1)");
  std::string g = formatReference("Data [base]", "g_7", Reference::Scheme::Group);
  EXPECT_EQ(g, "@[Data (base)](group:g_7)");
  EXPECT_EQ(referencedGroupIds(g), (std::vector<std::string>{"g_7"}));
}
