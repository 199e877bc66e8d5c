// The return detector: on a branch, going back to the thread it left.
#include <gtest/gtest.h>

#include <initializer_list>

#include "Paths.h"
#include "structure/Analysis.h"
#include "structure/Context.h"
#include "structure/Features.h"
#include "structure/Return.h"

using namespace grove::structure;
using namespace grove::structure::testing;

namespace {

AnalysisInput onMoveBranch(const std::string& message) {
  return onBranch(vectorThread(), moveBranch(), "std::move vs std::forward", message);
}

void expectNoReturn(std::initializer_list<const char*> messages) {
  for (const char* msg : messages) {
    auto got = analyze(onMoveBranch(msg));
    EXPECT_EQ(find(got, SignalKind::Return), nullptr) << msg << ": " << (got.empty() ? "" : got[0].reason);
  }
}

}  // namespace

TEST(Return, AnnouncedReturnToTheParentTopic) {
  auto got = analyze(onMoveBranch("makes sense, thanks. Back to the widgets: cleanup() throws sometimes, what then?"));
  const Signal* r = find(got, SignalKind::Return);
  ASSERT_NE(r, nullptr);
  EXPECT_FALSE(r->delegated);
  EXPECT_EQ(r->anchorIds, (std::vector<std::string>{"u10", "a2"}));
  EXPECT_NE(r->reason.find("back to"), std::string::npos) << r->reason;
  EXPECT_NE(r->reason.find("widgets"), std::string::npos) << r->reason;
  EXPECT_GE(r->confidence, Thresholds{}.ret);
  EXPECT_EQ(find(got, SignalKind::Branch), nullptr);
}

TEST(Return, ClosingTheBranchReturns) {
  for (const char* msg : {"ok I get it now, thanks", "got it, that makes sense", "good to know", "perfect, thank you",
                          "that works, thanks!"}) {
    auto got = analyze(onMoveBranch(msg));
    const Signal* r = find(got, SignalKind::Return);
    ASSERT_NE(r, nullptr) << msg;
    EXPECT_NE(r->reason.find("std::move vs std::forward"), std::string::npos) << r->reason;
  }
}

TEST(Return, ParentTopicWithoutAnyCueIsNoCardButWithTheCueItIs) {
  // Issue 13: the parent's words alone no longer reach the default floor (on
  // real conversations cue-less returns were rare and often wrong). The first
  // trained model still ranked such a message far above a follow-up on the
  // branch; the model retrained with more data (cross-validation chose a
  // stronger L2, lambda 3) shrinks the content weights and puts both near 0.2,
  // so the cue is what makes the card.
  auto probability = [](const char* message) {
    Context c = contextOf(onMoveBranch(message));
    return returnModel().probability(returnFeatures(c, estimateReturn(c)));
  };
  double parent = probability("The stable_partition version still leaves dead widgets when cleanup() throws halfway.");
  double followUp = probability("and does forward work with auto&& too?");
  EXPECT_LT(parent, shippedReturnThreshold()) << parent;
  EXPECT_LT(followUp, shippedReturnThreshold()) << followUp;
  // With the cue it is a card at the default floor.
  auto got = analyze(onMoveBranch("Back to the widgets: the stable_partition version still leaves dead ones when "
                                  "cleanup() throws halfway."));
  const Signal* r = find(got, SignalKind::Return);
  ASSERT_NE(r, nullptr);
  EXPECT_NE(r->reason.find("back to"), std::string::npos) << r->reason;
}

TEST(Return, ClosingThenMovingOnJudgesWhatFollows) {
  auto got = analyze(onMoveBranch("clear now. the widgets vector still crashes when stable_partition runs on it"));
  EXPECT_NE(find(got, SignalKind::Return), nullptr);
}

TEST(Return, WorkInsideTheBranchStays) {
  expectNoReturn({"and what about std::move_if_noexcept?", "so forward is only for forwarding references?",
                  "does std::forward cost anything at runtime?", "why is T&& not always an rvalue reference?",
                  "ok, and when T is deduced as an lvalue reference?"});
}

// A return cue or a closing phrase inside a request describes the work, not a
// return: "so the", "back to" and "anyway" deep in a sentence about the branch
// made return cards at 0.38-0.47 (bar 0.36), and real-dev's "Can you add a
// linting command that works both backend and frontend?" read "that works".
TEST(Return, CuesInsideARequestAreContent) {
  expectNoReturn({"can you refactor it so the tests run faster", "I'd like a helper that goes back to the caller",
                  "does it work anyway if T is a const ref?", "what happens if I std::move a const object anyway?",
                  "can you write a forwarding wrapper that works for both lvalues and rvalues?"});
  // Opening a later sentence, the cue still counts.
  auto got = analyze(onMoveBranch("clear, thanks. ok so back to the widgets: cleanup() throws sometimes"));
  const Signal* r = find(got, SignalKind::Return);
  ASSERT_NE(r, nullptr);
  EXPECT_NE(r->reason.find("back to"), std::string::npos) << r->reason;
}

TEST(Return, SuccessReportInsideTheBranchIsNotAClosure) {
  auto parent = exchanges({{"I need to cross-compile our Rust serde service for ARM.", "Use cross or set a linker."}});
  auto branch = exchanges({{"Unrelated: how do I cross-compile a Rust binary for a Raspberry Pi?",
                            "rustup target add aarch64-unknown-linux-gnu, or use cross which runs in a container."}},
                          5);
  auto got = analyze(onBranch(parent, branch, "Cross-compile for Raspberry Pi", "cross worked first try on the Pi"));
  EXPECT_EQ(find(got, SignalKind::Return), nullptr);
}

TEST(Return, OnlyOnABranch) {
  auto got = analyze(onMainline(vectorThread(), "thanks. back to the widgets: what if cleanup throws?"));
  EXPECT_EQ(find(got, SignalKind::Return), nullptr);
}
