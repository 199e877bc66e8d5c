// Cues: the steering phrases the detectors read besides vocabulary.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "structure/Cues.h"

using namespace grove::structure;

namespace {

/// Each message read by `read`, against the cue it should give ("" for none).
void expectCues(std::string (*read)(std::string_view),
                std::initializer_list<std::pair<const char*, const char*>> cases) {
  for (auto [message, cue] : cases) EXPECT_EQ(read(message), cue) << message;
}

}  // namespace

TEST(Cues, NormalisedText) {
  EXPECT_EQ(cueText("What's up?!  Back-to   work"), " whats up back to work ");
  EXPECT_TRUE(hasPhrase(cueText("OK, back to the parser"), " back to "));
  EXPECT_FALSE(hasPhrase(cueText("the feedback tool"), " back "));
}

TEST(Cues, ShiftOnlyWhenItOpensTheMessage) {
  expectCues(shiftCueOf,
             {{"Unrelated, but how do I squash commits?", "unrelated"},
              {"Also, switching gears: CI is slow", "switching gears"},
              {"The crash in the parser after the last refactoring seems unrelated to the vector", ""},
              {"Fixed, it links now. Different question: how do I run clang-tidy in the build?", "different question"},
              {"one more thing, unrelated: how do I squash commits?", "unrelated"},
              {"unrelated: in python whats the clean way to retry requests", "unrelated"},
              {"Por cierto, ¿cómo configuro el CI?", "por cierto"},
              {"Übrigens: wie richte ich die CI ein?", "Übrigens"},
              {"Кстати, как настроить CI?", "Кстати"},
              {"顺便问一下，CI 怎么配置？", "顺便问"},
              {"ところで、CIの設定はどうすればいいですか？", "ところで"},
              // The opening is counted in characters, so it is as long in Russian.
              {"Спасибо большое, всё работает. Кстати, как настроить CI?", "Кстати"},
              {"New topic: how do I squash commits?", "new topic"},
              {"create a new topic in Kafka for the order events", ""},
              {"is there a quick one-liner to count the lines?", ""},
              // Words that describe the work: a comparison, or deep in a sentence.
              {"I get a completely different error now: TypeError: x is undefined", ""},
              {"the output is totally different after the change", ""},
              {"I think this failure is unrelated to my change, can you check the CI log?", ""},
              {"aside from the tests, what else fails?", ""},
              {"it must be something else in the config", ""},
              {"is the flicker unrelated to the theme provider?", ""},
              {"that's a different thing from what I asked", ""},
              {"let me ask it another way: why?", ""}});
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
  expectCues(returnCueOf,
             {{"Back to the parser: it still fails", "back to"},
              {"ok so back to the parser", "back to"},
              {"thanks, that clears it up. Anyway, the widgets loop still crashes", "anyway"},
              {"So the parser: does it allocate?", "so the"},
              {"can you refactor it so the tests run faster", ""},
              {"I'd like a helper that goes back to the caller", ""},
              {"does it work anyway if T is a const ref?", ""},
              // Requests with "back" or "anyway" in them.
              {"set it back to false", ""},
              {"turn it back on", ""},
              {"put it back in the list", ""},
              {"do it anyway?", ""},
              {"let's get back to the widgets", "get back to"},
              {"lets go back to the parser", "go back to"}});
  // A log's lines.
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
