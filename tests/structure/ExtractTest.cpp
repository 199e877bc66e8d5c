// The extract detector: a branch that completed a reusable procedure,
// proposed when the user closes it with success.
#include <gtest/gtest.h>

#include "Paths.h"
#include "structure/Analysis.h"

using namespace grove::structure;
using namespace grove::structure::testing;

namespace {

std::vector<PathTurn> serviceThread() {
  return exchanges({{"Our Rust service got 30% slower in the last 200 commits; the benchmark is cargo bench.",
                     "First make the benchmark a yes/no check: a script that exits 1 above a threshold."}});
}

std::vector<PathTurn> bisectBranch() {
  return exchanges(
      {
          {"Let's walk through git bisect step by step",
           "Step 1: git bisect start; git bisect bad HEAD; git bisect good v2.3.0. Step 2: git bisect run "
           "./check-perf.sh marks each commit good or bad. Step 3: it repeats until it names the first bad commit."},
          {"some commits don't compile, the script fails on them",
           "Exit with 125 when cargo build fails: git bisect run then skips that commit."},
      },
      5);
}

}  // namespace

TEST(Extract, CompletedProcedureClosedWithSuccess) {
  auto got = analyze(onBranch(serviceThread(), bisectBranch(), "Bisect the perf regression",
                              "that worked perfectly, thanks"));
  ASSERT_NE(find(got, SignalKind::Return), nullptr);
  const Signal* e = find(got, SignalKind::Extract);
  ASSERT_NE(e, nullptr);
  EXPECT_FALSE(e->delegated);
  EXPECT_EQ(e->capsuleType, "task_sop");
  EXPECT_EQ(e->title, "Bisect the perf regression");
  EXPECT_EQ(e->anchorIds, (std::vector<std::string>{"u5", "a5", "u6", "a6"}));
  EXPECT_NE(e->reason.find("3-step"), std::string::npos) << e->reason;
}

TEST(Extract, NotWithoutSuccess) {
  auto got = analyze(onBranch(serviceThread(), bisectBranch(), "Bisect the perf regression",
                              "thanks, I'll try that tomorrow"));
  EXPECT_NE(find(got, SignalKind::Return), nullptr);
  EXPECT_EQ(find(got, SignalKind::Extract), nullptr);
}

TEST(Extract, NotForAConceptualDetour) {
  auto got = analyze(onBranch(vectorThread(), moveBranch(), "std::move vs std::forward", "that works, thanks"));
  EXPECT_NE(find(got, SignalKind::Return), nullptr);
  EXPECT_EQ(find(got, SignalKind::Extract), nullptr);
}

TEST(Extract, NeverWithoutAReturn) {
  auto got = analyze(onBranch(serviceThread(), bisectBranch(), "Bisect the perf regression",
                              "and how do I see the log of what bisect marked?"));
  EXPECT_TRUE(got.empty());
}
