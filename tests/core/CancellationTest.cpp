// CancellationToken deadlines: what keeps an auxiliary provider call from
// holding a turn when the provider stalls.
#include <gtest/gtest.h>

#include <chrono>

#include "support/Cancellation.h"

namespace grove {
namespace {

using namespace std::chrono_literals;

TEST(Cancellation, ADeadlineExpiresWithoutCancellingTheParent) {
  CancellationToken user;
  CancellationToken limited = user.withTimeout(0ms);
  EXPECT_TRUE(limited.cancelled());
  EXPECT_TRUE(limited.expired());
  EXPECT_FALSE(user.cancelled());  // the fallback runs; the turn goes on
}

TEST(Cancellation, TheUsersStopReachesALimitedToken) {
  CancellationToken user;
  CancellationToken limited = user.withTimeout(1h);
  EXPECT_FALSE(limited.cancelled());
  user.cancel();
  EXPECT_TRUE(limited.cancelled());
  EXPECT_FALSE(limited.expired());  // cancelled, not timed out: the caller rethrows
}

TEST(Cancellation, NestedLimitsKeepTheEarlierDeadline) {
  CancellationToken t = CancellationToken().withTimeout(0ms).withTimeout(1h);
  EXPECT_TRUE(t.expired());
}

}  // namespace
}  // namespace grove
