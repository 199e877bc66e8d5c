// Delegation: structural actions asked for in words become exactly one
// delegated Signal; look-alikes about the user's own code do not.
#include <gtest/gtest.h>

#include "Paths.h"
#include "structure/Analysis.h"

using namespace grove::structure;
using namespace grove::structure::testing;

namespace {

std::vector<Signal> delegatedOnly(const std::vector<Signal>& got) {
  std::vector<Signal> out;
  for (const auto& s : got)
    if (s.delegated) out.push_back(s);
  return out;
}

std::vector<PathTurn> setupThread() {
  return exchanges({
      {"How do I set up the dev environment with docker compose?",
       "Create a compose file with the app and a postgres service, then docker compose up."},
      {"the setup works. Now the API returns 500 on /orders",
       "Check the server log: the orders handler probably fails on a missing column."},
      {"it's a missing column, migrations didn't run",
       "Run the migrations on start, e.g. an entrypoint that calls migrate before starting the server."},
  });
}

}  // namespace

TEST(Delegation, BranchThisOff) {
  for (const char* msg : {"branch this off", "Can you branch this off: I want to write the postmortem",
                          "Let's split this off and look at the profiler output", "let's branch off and try the other approach",
                          "please move this into a separate branch", "spin this off into a side thread"}) {
    auto got = analyze(onMainline(vectorThread(), msg));
    ASSERT_EQ(got.size(), 1u) << msg;
    EXPECT_EQ(got[0].kind, SignalKind::Branch) << msg;
    EXPECT_TRUE(got[0].delegated) << msg;
    EXPECT_EQ(got[0].anchorIds, std::vector<std::string>{"a2"}) << msg;
    EXPECT_NE(got[0].reason.find("You asked"), std::string::npos) << got[0].reason;
  }
  auto titled = analyze(onMainline(vectorThread(), "Can you branch this off: I want to write the postmortem"));
  EXPECT_EQ(titled[0].title, "Write the postmortem");
}

TEST(Delegation, GoBackToTheMainThread) {
  for (const char* msg : {"go back to the main thread", "ok, let's return to the main thread",
                          "back to the mainline please", "close this branch", "we're done here, back to the parent thread"}) {
    auto got = analyze(onBranch(vectorThread(), moveBranch(), "std::move vs std::forward", msg));
    ASSERT_EQ(got.size(), 1u) << msg;
    EXPECT_EQ(got[0].kind, SignalKind::Return) << msg;
    EXPECT_TRUE(got[0].delegated) << msg;
    EXPECT_EQ(got[0].anchorIds, (std::vector<std::string>{"u10", "a2"})) << msg;
  }
  // UI code posts results back to the main thread: not a request.
  auto ui = analyze(onBranch(vectorThread(), moveBranch(), "std::move vs std::forward",
                             "I need to post the result back to the main thread after the worker finishes"));
  EXPECT_TRUE(delegatedOnly(ui).empty());
  // On the mainline there is nothing to return from.
  auto main = analyze(onMainline(vectorThread(), "go back to the main thread"));
  EXPECT_TRUE(delegatedOnly(main).empty());
  EXPECT_EQ(find(main, SignalKind::Return), nullptr);
}

TEST(Delegation, ExcludeTheEarlierSetupDiscussion) {
  auto got = analyze(onMainline(setupThread(), "exclude the earlier setup discussion"));
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].kind, SignalKind::Exclude);
  EXPECT_TRUE(got[0].delegated);
  // "set up" (u0) and "setup" (u1) match, each with its answer; u2/a2 do not.
  EXPECT_EQ(got[0].anchorIds, (std::vector<std::string>{"u0", "a0", "u1", "a1"}));
  EXPECT_NE(got[0].reason.find("'setup'"), std::string::npos) << got[0].reason;

  auto drop = analyze(onMainline(setupThread(), "please drop the migrations part from the context"));
  ASSERT_EQ(drop.size(), 1u);
  EXPECT_EQ(drop[0].kind, SignalKind::Exclude);
  EXPECT_EQ(drop[0].anchorIds, (std::vector<std::string>{"u2", "a2"}));

  auto none = analyze(onMainline(setupThread(), "exclude the kafka discussion"));
  ASSERT_EQ(none.size(), 1u);
  EXPECT_TRUE(none[0].anchorIds.empty());
  EXPECT_NE(none[0].reason.find("no earlier unit"), std::string::npos) << none[0].reason;
}

TEST(Delegation, SaveThisAsAnSop) {
  auto got = analyze(onMainline(setupThread(), "save this as an SOP"));
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].kind, SignalKind::Extract);
  EXPECT_TRUE(got[0].delegated);
  EXPECT_EQ(got[0].capsuleType, "task_sop");
  EXPECT_EQ(got[0].anchorIds.size(), 6u);

  auto named = analyze(onMainline(setupThread(), "Let's save this as an SOP for local dev setup"));
  ASSERT_EQ(named.size(), 1u);
  EXPECT_EQ(named[0].title, "Local dev setup");

  auto reasoning = analyze(onMainline(setupThread(), "turn this into a reasoning pattern"));
  ASSERT_EQ(reasoning.size(), 1u);
  EXPECT_EQ(reasoning[0].capsuleType, "reasoning");

  // On a branch the workflow is the branch.
  auto branch = analyze(onBranch(vectorThread(), moveBranch(), "std::move vs std::forward",
                                 "save that as a capsule"));
  ASSERT_EQ(branch.size(), 1u);
  EXPECT_EQ(branch[0].anchorIds, (std::vector<std::string>{"u10", "a10", "u11", "a11"}));
  EXPECT_EQ(branch[0].title, "std::move vs std::forward");
}

TEST(Delegation, LookAlikesAreNotDelegations) {
  for (const char* msg : {"how do I create a git branch?", "should I branch off develop or main in git?",
                          "How do I go back to the main branch in git?", "git checkout -b fix to branch off main",
                          "how do I exclude a directory from git?", "exclude node_modules from the TypeScript build",
                          "save this as a CSV file", "extract this function into a helper", "run this in a separate thread",
                          "how do I save a template in Word?", "drop the users table", "what is a capsule network?",
                          "I want to remove the dead widgets from the vector"}) {
    auto got = analyze(onMainline(vectorThread(), msg));
    EXPECT_TRUE(delegatedOnly(got).empty()) << msg << ": " << (got.empty() ? "" : got[0].reason);
  }
}
