// Cues: the steering phrases the detectors read besides vocabulary.
#include <gtest/gtest.h>

#include "structure/Cues.h"

using namespace grove::structure;

TEST(Cues, NormalisedText) {
  EXPECT_EQ(cueText("What's up?!  Back-to   work"), " whats up back to work ");
  EXPECT_TRUE(hasPhrase(cueText("OK, back to the parser"), " back to "));
  EXPECT_FALSE(hasPhrase(cueText("the feedback tool"), " back "));
}

TEST(Cues, ShiftOnlyWhenItOpensTheMessage) {
  EXPECT_EQ(shiftCue(cueText("Unrelated, but how do I squash commits?")), "unrelated");
  EXPECT_EQ(shiftCue(cueText("Also, switching gears: CI is slow")), "switching gears");
  EXPECT_EQ(shiftCue(cueText("The crash in the parser after the last refactoring seems unrelated to the vector")), "");
}

TEST(Cues, ContinuationAndStandaloneQuestions) {
  EXPECT_TRUE(continuationCue(cueText("and what about the error path?")));
  EXPECT_TRUE(continuationCue(cueText("what about Windows?")));
  EXPECT_TRUE(continuationCue(cueText("can it read a .env file too?")));
  EXPECT_TRUE(continuationCue(cueText("Next I want the same for lists too.")));
  EXPECT_FALSE(continuationCue(cueText("How do I write a GitHub Actions workflow for cargo test?")));
  EXPECT_TRUE(standaloneQuestion(cueText("How do I write a GitHub Actions workflow for cargo test?")));
  EXPECT_TRUE(standaloneQuestion(cueText("Can you explain what SFINAE is?")));
  EXPECT_FALSE(standaloneQuestion(cueText("messages sent while disconnected get lost")));
}

TEST(Cues, ClosureOnlyAndTail) {
  Closure only = closureOf("ok I get it now, thanks");
  EXPECT_EQ(only.phrase, "thanks");
  EXPECT_TRUE(only.only);
  EXPECT_TRUE(closureOf("down to 250 ms. thanks, good enough").only);
  EXPECT_TRUE(closureOf("got it, it was an old dev server").only);

  Closure moving = closureOf("it was a second .prettierrc. thanks! now the reducer: how do I type the actions?");
  EXPECT_FALSE(moving.only);
  EXPECT_EQ(moving.tail, " now the reducer: how do I type the actions?");

  // "ok." on its own acknowledges; a bare success report does not close.
  EXPECT_EQ(closureOf("ok. memory is flat now").phrase, "ok");
  EXPECT_TRUE(closureOf("cross worked first try").phrase.empty());
  EXPECT_FALSE(closureOf("we're on Qt 5.15, the attribute fixed it").only);
  EXPECT_FALSE(closureOf("ok, and what about exhaustMap?").only);
}

TEST(Cues, ProcedureSteps) {
  EXPECT_EQ(stepMarkers("Step 1: start. Step 2: run the script. Step 3: reset."), 3);
  EXPECT_EQ(stepMarkers("1. build\n2. test\n3. deploy\n"), 3);
  EXPECT_EQ(stepMarkers("First build it, then run the tests, finally tag it."), 3);
  EXPECT_EQ(stepMarkers("Use a partial index on the hot path."), 0);
  EXPECT_TRUE(procedureCue(cueText("walk me through it step by step")));
  EXPECT_FALSE(procedureCue(cueText("a GitHub Actions workflow that runs cargo test")));
}
