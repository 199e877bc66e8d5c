// memory::Granularity: the units search ranks (exchanges, windows, memolets)
// and the distinct top results mapped back to their memolets.
#include <gtest/gtest.h>

#include "memory/Granularity.h"

using namespace grove::memory;

TEST(Granularity, UnitsCoverExchangesWindowsAndMemolets) {
  std::vector<Segment> memolets = {{0, 3}, {3, 5}};
  auto units = searchUnits(memolets, {2}, 7);
  // 5 exchanges, 4 windows of two, 2 memolets.
  ASSERT_EQ(units.size(), 11u);
  EXPECT_EQ(units[0].kind, UnitKind::Exchange);
  EXPECT_EQ(units[4].span.begin, 4u);
  EXPECT_EQ(units[4].memolet, 1u);  // exchange 4 lives in the second memolet
  EXPECT_EQ(units[5].kind, UnitKind::Window);
  EXPECT_EQ(units[7].span.begin, 2u);
  EXPECT_EQ(units[7].span.end, 4u);
  EXPECT_EQ(units[7].memolet, 0u);  // a window across a seam maps to the memolet of its first exchange
  EXPECT_EQ(units[10].kind, UnitKind::Memolet);
  for (const auto& u : units) EXPECT_EQ(u.conversation, 7u);
  EXPECT_EQ(searchUnits(memolets, {}, 0).size(), 7u);  // no windows
}

TEST(Granularity, DistinctTopSkipsOverlapsWithinAConversationOnly) {
  auto units = searchUnits({{0, 4}}, {2}, 0);
  auto other = searchUnits({{0, 4}}, {2}, 1);
  units.insert(units.end(), other.begin(), other.end());
  // 8 units per conversation: exchanges 0-3, windows [0,2) [1,3) [2,4), the memolet.
  // Ranked: window [1,3), exchange 2 (inside it), exchange 0, the same window in conversation 1, exchange 3.
  std::vector<size_t> ranked = {5, 2, 0, 8 + 5, 3};
  auto top = distinctTop(ranked, units, 3);
  EXPECT_EQ(top, (std::vector<size_t>{5, 0, 13}));
  EXPECT_EQ(distinctTop(ranked, units, 10).size(), 4u);
}

TEST(Granularity, AnExchangeStandsForTheWindowCentredOnIt) {
  // 6 exchanges, windows of three: [0,3) [1,4) [2,5) [3,6) at indices 6-9.
  auto units = searchUnits({{0, 6}}, {3}, 0);
  auto other = searchUnits({{0, 6}}, {3}, 1);
  units.insert(units.end(), other.begin(), other.end());
  auto standIn = centredWindowOf(units);
  ASSERT_EQ(standIn.size(), units.size());
  auto span = [&](size_t u) { return std::make_pair(units[standIn[u]].span.begin, units[standIn[u]].span.end); };
  EXPECT_EQ(span(2), std::make_pair(size_t(1), size_t(4)));  // its neighbours on both sides
  EXPECT_EQ(span(0), std::make_pair(size_t(0), size_t(3)));  // clamped at the start
  EXPECT_EQ(span(5), std::make_pair(size_t(3), size_t(6)));  // and at the end
  EXPECT_EQ(units[standIn[11 + 2]].conversation, 1u);        // never a window of another conversation
  for (size_t u = 6; u < 11; ++u) EXPECT_EQ(standIn[u], u);  // windows and the memolet stand for themselves
  // No windows: every unit stands for itself.
  auto bare = searchUnits({{0, 3}}, {}, 0);
  auto self = centredWindowOf(bare);
  for (size_t u = 0; u < bare.size(); ++u) EXPECT_EQ(self[u], u);
}
