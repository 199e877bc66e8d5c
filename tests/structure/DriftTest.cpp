// The branch detector: topic drift between a new message and the current
// thread's recent units.
#include <gtest/gtest.h>

#include "Paths.h"
#include "structure/Analysis.h"
#include "structure/Context.h"
#include "structure/Drift.h"
#include "structure/Features.h"
#include "structure/Model.h"

using namespace grove::structure;
using namespace grove::structure::testing;

TEST(Drift, AnnouncedNewTopicBranchesAtTheCursor) {
  auto got = analyze(onMainline(vectorThread(), "Unrelated, but how do I configure log rotation in systemd journald?"));
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].kind, SignalKind::Branch);
  EXPECT_FALSE(got[0].delegated);
  EXPECT_EQ(got[0].anchorIds, std::vector<std::string>{"a2"});
  EXPECT_GE(got[0].confidence, Thresholds{}.branch);
  EXPECT_LE(got[0].confidence, 1.0);
  // The reason names the cue and what is new.
  EXPECT_NE(got[0].reason.find("unrelated"), std::string::npos) << got[0].reason;
  EXPECT_NE(got[0].reason.find("journald"), std::string::npos) << got[0].reason;
  EXPECT_EQ(got[0].title, "Configure log rotation in systemd journald");
}

TEST(Drift, SideQuestionReusingTheThreadsWordsStillBranches) {
  // Shares "std::vector", "erase" with the thread, but the user marks it as a tangent.
  auto got = analyze(onMainline(vectorThread(), "By the way, does a std::vector ever give memory back after erase?"));
  ASSERT_NE(find(got, SignalKind::Branch), nullptr);
  EXPECT_NE(find(got, SignalKind::Branch)->reason.find("by the way"), std::string::npos);
}

TEST(Drift, StandaloneQuestionOnAnUnseenSubjectBranchesWithoutCue) {
  // Issue 13: without a cue this sits at the default precision floor (on real
  // conversations such questions were as often the next step of the work):
  // the first trained model put it just below the bar, the model retrained
  // with the chit-chat fix's data just above (0.56 against 0.52). Either way it
  // is far above a follow-up, and a card for a user whose record shows they
  // take branch cards.
  auto probability = [](const char* message) {
    Context c = contextOf(onMainline(vectorThread(), message));
    return branchModel().probability(branchFeatures(c, estimateDrift(c)));
  };
  const char* question = "How do I configure Kubernetes readiness probes differently from liveness probes?";
  double unseen = probability(question);
  EXPECT_GT(unseen, shippedBranchThreshold() - 0.1) << unseen;
  EXPECT_GT(unseen, 3 * probability("and what if cleanup() itself throws for one of the widgets?")) << unseen;
  auto got = analyze(onMainline(vectorThread(), question), adjusted(Thresholds{}, Bias{1, 0, 0}));
  const Signal* b = find(got, SignalKind::Branch);
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->reason.find("Kubernetes"), std::string::npos) << b->reason;
  EXPECT_NE(b->reason.find("widgets"), std::string::npos) << "names what the thread was about: " << b->reason;
}

TEST(Drift, FollowUpsThatChangeVocabularyStayInTheThread) {
  for (const char* msg : {"and what about the error path?", "ok now make it async",
                          "what if cleanup() throws halfway through?", "same problem when the vector is empty",
                          "could we do it with ranges in C++20 instead?", "hmm, is that exception safe?",
                          "Next I want the same for std::list too."}) {
    auto got = analyze(onMainline(vectorThread(), msg));
    EXPECT_EQ(find(got, SignalKind::Branch), nullptr) << msg << ": " << (got.empty() ? "" : got[0].reason);
  }
}

TEST(Drift, AcknowledgementsStayInTheThread) {
  for (const char* msg : {"thanks!", "ok", "got it, makes sense", "perfect", "cool, that works"}) {
    EXPECT_TRUE(analyze(onMainline(vectorThread(), msg)).empty()) << msg;
  }
}

TEST(Drift, CodeAwareTokensLetRenamedIdentifiersMeet) {
  auto path = exchanges({
      {"I get undefined reference to parseConfig when linking the config tests.",
       "The test target does not link the library that defines parseConfig; check the ConfigLoader sources."},
  });
  // parse_config / ConfigLoader are the thread's parseConfig / ConfigLoader:
  // the question is about known things, so no drift.
  auto got = analyze(onMainline(path, "How do I make parse_config in config_loader.cpp visible to the linker?"));
  EXPECT_EQ(find(got, SignalKind::Branch), nullptr) << (got.empty() ? "" : got[0].reason);
}

TEST(Drift, NothingToDriftFromYet) {
  EXPECT_TRUE(analyze(onMainline({}, "Unrelated: how do I squash commits?")).empty());
  EXPECT_TRUE(analyze(onMainline(vectorThread(), "")).empty());
  EXPECT_TRUE(analyze(onMainline(vectorThread(), "   \n")).empty());
}

TEST(Drift, AnnouncedNewTopicOnABranchOpensAnotherBranch) {
  auto in = onBranch(vectorThread(), moveBranch(), "std::move vs std::forward",
                     "Unrelated: how do I rotate nginx access logs daily with logrotate?");
  auto got = analyze(in);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].kind, SignalKind::Branch);
  EXPECT_EQ(got[0].anchorIds, std::vector<std::string>{"a11"});
}
