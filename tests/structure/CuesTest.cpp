// Cues: the steering phrases the detectors read besides vocabulary.
#include <gtest/gtest.h>

#include <string>

#include "structure/Cues.h"

using namespace grove::structure;

TEST(Cues, NormalisedText) {
  EXPECT_EQ(cueText("What's up?!  Back-to   work"), " whats up back to work ");
  EXPECT_TRUE(hasPhrase(cueText("OK, back to the parser"), " back to "));
  EXPECT_FALSE(hasPhrase(cueText("the feedback tool"), " back "));
}

TEST(Cues, ShiftOnlyWhenItOpensTheMessage) {
  EXPECT_EQ(shiftCueOf("Unrelated, but how do I squash commits?"), "unrelated");
  EXPECT_EQ(shiftCueOf("Also, switching gears: CI is slow"), "switching gears");
  EXPECT_EQ(shiftCueOf("The crash in the parser after the last refactoring seems unrelated to the vector"), "");
  EXPECT_EQ(shiftCueOf("Fixed, it links now. Different question: how do I run clang-tidy in the build?"),
            "different question");
  EXPECT_EQ(shiftCueOf("one more thing, unrelated: how do I squash commits?"), "unrelated");
  EXPECT_EQ(shiftCueOf("unrelated: in python whats the clean way to retry requests"), "unrelated");
  EXPECT_EQ(shiftCueOf("Por cierto, ¿cómo configuro el CI?"), "por cierto");
  EXPECT_EQ(shiftCueOf("Übrigens: wie richte ich die CI ein?"), "Übrigens");
  EXPECT_EQ(shiftCueOf("Кстати, как настроить CI?"), "Кстати");
  EXPECT_EQ(shiftCueOf("顺便问一下，CI 怎么配置？"), "顺便问");
  EXPECT_EQ(shiftCueOf("ところで、CIの設定はどうすればいいですか？"), "ところで");
  // The opening is counted in characters, so it is as long in Russian.
  EXPECT_EQ(shiftCueOf("Спасибо большое, всё работает. Кстати, как настроить CI?"), "Кстати");
  EXPECT_EQ(shiftCueOf("New topic: how do I squash commits?"), "new topic");
  EXPECT_EQ(shiftCueOf("create a new topic in Kafka for the order events"), "");
  EXPECT_EQ(shiftCueOf("is there a quick one-liner to count the lines?"), "");
  // Words that describe the work: a comparison, or deep in a sentence.
  for (const char* content : {"I get a completely different error now: TypeError: x is undefined",
                              "the output is totally different after the change",
                              "I think this failure is unrelated to my change, can you check the CI log?",
                              "aside from the tests, what else fails?", "it must be something else in the config",
                              "is the flicker unrelated to the theme provider?",
                              "that's a different thing from what I asked", "let me ask it another way: why?"})
    EXPECT_EQ(shiftCueOf(content), "") << content;
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

// A closing phrase acknowledges where it opens its sentence or ends it. Inside
// a request it describes the work: real-dev's "Can you create a comprehensive
// .gitignore that works for both frontend and backend?" read as "that works"
// and scored as a return to the main thread.
TEST(Cues, ClosureIsAnAcknowledgementNotAWordInARequest) {
  EXPECT_EQ(closureCue(cueText("thanks, that works!")), "thanks");
  EXPECT_EQ(closureCue(cueText("ok that works")), "that works");
  EXPECT_EQ(closureCue(cueText("that's great, but the tests still fail")), "great");
  EXPECT_EQ(closureCue(cueText("wow, that fixed it")), "that fixed it");
  EXPECT_EQ(closureCue(cueText("I think that did the trick")), "did the trick");
  EXPECT_EQ(closureCue(cueText("Can you create a comprehensive .gitignore that works for both frontend and backend?")),
            "");
  EXPECT_EQ(closureCue(cueText("Can you add a linting command that works both backend and frontend?")), "");
  EXPECT_EQ(closureCue(cueText("the build step is done but the tests fail on CI")), "");
  EXPECT_TRUE(closureOf("Can you add a linting command that works both backend and frontend?").phrase.empty());
  EXPECT_TRUE(closureOf("is it done?").phrase.empty());
  EXPECT_EQ(closureOf("ok, it is done").phrase, "done");
}

TEST(Cues, ReturnOpensASentence) {
  EXPECT_EQ(returnCueOf("Back to the parser: it still fails"), "back to");
  EXPECT_EQ(returnCueOf("ok so back to the parser"), "back to");
  EXPECT_EQ(returnCueOf("thanks, that clears it up. Anyway, the widgets loop still crashes"), "anyway");
  EXPECT_EQ(returnCueOf("So the parser: does it allocate?"), "so the");
  EXPECT_EQ(returnCueOf("can you refactor it so the tests run faster"), "");
  EXPECT_EQ(returnCueOf("I'd like a helper that goes back to the caller"), "");
  EXPECT_EQ(returnCueOf("does it work anyway if T is a const ref?"), "");
  // Requests with "back" or "anyway" in them, and a log's lines.
  for (const char* request : {"set it back to false", "turn it back on", "put it back in the list", "do it anyway?"})
    EXPECT_EQ(returnCueOf(request), "") << request;
  EXPECT_EQ(returnCueOf("let's get back to the widgets"), "get back to");
  EXPECT_EQ(returnCueOf("lets go back to the parser"), "go back to");
  std::string log = "the service logs this on start:\n";
  for (int i = 0; i < 2000; ++i) log += "WARN config key " + std::to_string(i) + " missing\n";
  EXPECT_EQ(returnCueOf(log + "Falling back to defaults\n"), "");
}

TEST(Cues, ProcedureSteps) {
  EXPECT_EQ(stepMarkers("Step 1: start. Step 2: run the script. Step 3: reset."), 3);
  EXPECT_EQ(stepMarkers("1. build\n2. test\n3. deploy\n"), 3);
  EXPECT_EQ(stepMarkers("First build it, then run the tests, finally tag it."), 3);
  EXPECT_EQ(stepMarkers("Use a partial index on the hot path."), 0);
  EXPECT_TRUE(procedureCue(cueText("walk me through it step by step")));
  EXPECT_FALSE(procedureCue(cueText("a GitHub Actions workflow that runs cargo test")));
}
