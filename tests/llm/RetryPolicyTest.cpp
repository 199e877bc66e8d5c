#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "llm/RetryPolicy.h"

namespace grove::llm {
namespace {

TEST(RetryPolicy, RetriesRateLimitsAndServerErrorsOnly) {
  EXPECT_TRUE(isRetryableStatus(429));
  EXPECT_TRUE(isRetryableStatus(500));
  EXPECT_TRUE(isRetryableStatus(529));
  EXPECT_FALSE(isRetryableStatus(400));
  EXPECT_FALSE(isRetryableStatus(401));
  EXPECT_FALSE(isRetryableStatus(404));
}

TEST(RetryPolicy, RetryAfterSecondsWinsOverBackoff) {
  EXPECT_EQ(parseRetryAfterMs("3"), 3000);
  EXPECT_EQ(parseRetryAfterMs(" 0 "), 0);
  EXPECT_EQ(parseRetryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT"), std::nullopt);
  EXPECT_EQ(parseRetryAfterMs(""), std::nullopt);
  EXPECT_EQ(backoffMs(3, 100, 2000), 2000);
}

TEST(RetryPolicy, BackoffDoublesAndIsCapped) {
  EXPECT_EQ(backoffMs(0, 100, std::nullopt), 100);
  EXPECT_EQ(backoffMs(1, 100, std::nullopt), 200);
  EXPECT_EQ(backoffMs(3, 100, std::nullopt), 800);
  EXPECT_EQ(backoffMs(40, 100, std::nullopt), 30'000);
}

TEST(RetryPolicy, WaitEndsEarlyOnCancel) {
  CancellationToken cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    cancel.cancel();
  });
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(waitUnlessCancelled(10'000, cancel));
  canceller.join();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
}

}  // namespace
}  // namespace grove::llm
