// Ids: the documented shape, unique, and ordered by when they were made (the
// store's indexes over ids then grow at one edge).
#include <gtest/gtest.h>

#include <set>

#include "support/Ids.h"

TEST(Ids, HaveThePrefixAndSixteenBase32Characters) {
  std::string id = grove::newId('u');
  ASSERT_EQ(id.size(), 18u);
  EXPECT_EQ(id.substr(0, 2), "u_");
  for (char c : id.substr(2)) EXPECT_NE(std::string("0123456789abcdefghjkmnpqrstvwxyz").find(c), std::string::npos) << id;
}

TEST(Ids, AreUniqueWhenMadeInABurst) {
  std::set<std::string> seen;
  for (int i = 0; i < 100000; ++i) ASSERT_TRUE(seen.insert(grove::newId('u')).second);
}

TEST(Ids, SortAsTheTimeTheyWereMadeWhateverTheirRandomPart) {
  const uint64_t now = 1795000000000;  // late 2026, in milliseconds
  for (uint64_t step : {1ull, 31ull, 32ull, 1000ull, 86400000ull})
    EXPECT_LT(grove::idAt('u', now, ~0ull), grove::idAt('u', now + step, 0)) << step;
  // Until the year 3084: nine characters of five bits.
  EXPECT_LT(grove::idAt('u', now, 0), grove::idAt('u', (1ull << 45) - 1, 0));
  EXPECT_NE(grove::idAt('u', now, 1), grove::idAt('u', now, 2));
}
