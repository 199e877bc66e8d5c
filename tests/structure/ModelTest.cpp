// The shipped branch and return models (issue 13): weights that match the
// features, no card on the short follow-ups and pasted logs real programming
// chat is full of, and a lower bar in chit-chat only.
#include <gtest/gtest.h>

#include "Paths.h"
#include "structure/Analysis.h"
#include "structure/Model.h"
#include "structure/Vocabulary.h"

using namespace grove::structure;
using namespace grove::structure::testing;

TEST(Model, WeightsFileNamesEveryFeatureAndNothingElse) {
  EXPECT_TRUE(modelMismatches().empty()) << modelMismatches().front();
  EXPECT_GT(shippedBranchThreshold(), shippedBranchChatThreshold());
}

TEST(Model, ShortFollowUpsAndPastedLogsNeverGetACard) {
  for (const char* msg : {"continue", "ok", "A", "y", "still crashes", "go on", "继续", "sí, hazlo", "ok and?",
                          "Traceback (most recent call last):\n  File \"main.py\", line 12, in <module>\n"
                          "    run()\nValueError: invalid literal for int() with base 10: 'abc'"}) {
    auto got = analyze(onMainline(vectorThread(), msg));
    EXPECT_EQ(find(got, SignalKind::Branch), nullptr) << msg;
    auto onBranchCursor = analyze(onBranch(vectorThread(), moveBranch(), "std::move vs std::forward", msg));
    EXPECT_EQ(find(onBranchCursor, SignalKind::Branch), nullptr) << msg;
  }
}

// "ok, thanks. what next?" asks for the next step and names nothing: with no
// word of its own it shares nothing with the thread, which the model read as
// full novelty (0.58-0.70, a card in every thread). A branch needs a subject;
// the same shape with one ("now how do I deploy it?") may still be a card.
TEST(Model, FollowUpsThatNameNothingGetNoCard) {
  const auto uiTask = exchanges({{"Add a dark mode toggle to the settings page header.",
                                  "Done: the toggle is in SettingsHeader and follows the system theme by default."},
                                 {"Persist the choice across reloads.", "It is saved in localStorage now."}});
  for (const auto& thread : {vectorThread(), uiTask})
    for (const char* msg : {"ok. what next?", "ok, thanks. what next?", "thanks. what next?", "thank you. next step?",
                            "ok, thanks. what now?", "gracias, ¿y ahora qué?", "danke, und jetzt?",
                            "merci, et maintenant ?", "obrigado, e agora?", "谢谢，下一步呢？", "¿Qué sigue?",
                            "Спасибо, дальше?", "d'accord, et maintenant ?"}) {
      EXPECT_EQ(find(analyze(onMainline(thread, msg)), SignalKind::Branch), nullptr) << msg;
      EXPECT_EQ(find(analyze(onBranch(vectorThread(), moveBranch(), "std::move vs std::forward", msg)),
                     SignalKind::Branch),
                nullptr)
          << msg;
    }
  const Signal* deploy = find(analyze(onMainline(uiTask, "great, thanks. now how do I deploy it to Kubernetes?")),
                              SignalKind::Branch);
  ASSERT_NE(deploy, nullptr);
  // An announced shift needs no subject of its own to be heard.
  EXPECT_NE(find(analyze(onMainline(vectorThread(), "Unrelated question: what next?")), SignalKind::Branch), nullptr);
}

// Debugging talk is full of words the shift cues used to match anywhere in
// the opening: these were branch cards at 0.92-0.99, the most confident cards
// the model made, on messages that are the next step of the same work.
TEST(Model, DebuggingWordsAreNoAnnouncedShift) {
  for (const char* msg : {"I get a completely different error now: TypeError: x is undefined",
                          "the output is totally different after the change",
                          "I think this failure is unrelated to my change, can you check the CI log?",
                          "aside from the tests, what else fails?", "now it shows something different in the console",
                          "let me ask it another way: why does the partition reset?"})
    EXPECT_EQ(find(analyze(onMainline(vectorThread(), msg)), SignalKind::Branch), nullptr) << msg;
}

// "By the way" in the other languages of real conversations announces an aside
// as the English one does; without it the same question is no card.
TEST(Model, AsideMarkersInOtherLanguagesAnnounceAShift) {
  for (auto [marked, plain] : std::vector<std::pair<const char*, const char*>>{
           {"Por cierto, ¿cómo configuro el CI para este proyecto?", "¿cómo configuro el CI para este proyecto?"},
           {"Кстати, как настроить CI для этого проекта?", "как настроить CI для этого проекта?"},
           {"顺便问一下，这个项目的 CI 怎么配置？", "这个项目的 CI 怎么配置？"}}) {
    EXPECT_NE(find(analyze(onMainline(vectorThread(), marked)), SignalKind::Branch), nullptr) << marked;
    EXPECT_EQ(find(analyze(onMainline(vectorThread(), plain)), SignalKind::Branch), nullptr) << plain;
  }
}

TEST(Model, ChitChatHasItsOwnLowerBar) {
  auto chat = exchanges({{"hi! how was your weekend?", "great, i went hiking with my dog in the hills."},
                         {"oh nice, what kind of dog?", "a border collie, she never gets tired lol"},
                         {"haha mine is lazy, sleeps all day", "lucky you, mine wakes me at six every morning"}});
  const char* shift = "do you like cooking? i just made lasagna for the first time";
  auto got = analyze(onMainline(chat, shift));
  const Signal* b = find(got, SignalKind::Branch);
  ASSERT_NE(b, nullptr);
  EXPECT_LT(b->confidence, shippedBranchThreshold());  // a card only because the conversation is chit-chat
  EXPECT_GE(b->confidence, shippedBranchChatThreshold());
  // A strict user (bias -1) moves the chit-chat bar too.
  Thresholds strict = adjusted(Thresholds{}, Bias{-1, 0, 0});
  EXPECT_GT(strict.branchChat, Thresholds{}.branchChat);
}

TEST(Model, ConfidenceIsTheModelsProbability) {
  auto got = analyze(onMainline(vectorThread(), "Unrelated, but how do I rotate logs in systemd journald?"));
  const Signal* b = find(got, SignalKind::Branch);
  ASSERT_NE(b, nullptr);
  EXPECT_GE(b->confidence, shippedBranchThreshold());
  EXPECT_LE(b->confidence, 1.0);
}

// Terse programming chat is not small talk: short, code-free turns that speak
// programming ("HTTP", "503", "retry") are judged at the programming bar. The
// VS Code end-to-end conversation (every answer "Retries swallow every error.")
// got a card at 0.236 on its second message when it read as chit-chat, and the
// cooldown then hid the card for the announced shift that followed.
TEST(Model, TerseProgrammingChatIsNotChitChat) {
  const char* answer = "Retries swallow every error.";
  std::vector<std::pair<std::string, std::string>> qa;
  for (const char* q : {"Our HTTP client retries failed requests in a loop. How should the retry backoff work?",
                        "What backoff cap should the retry loop use for HTTP 503 responses?",
                        "How do we stop the retry loop from hammering the HTTP server during an outage?"}) {
    if (!qa.empty()) {
      EXPECT_EQ(find(analyze(onMainline(exchanges(qa), q)), SignalKind::Branch), nullptr) << q;
    }
    qa.push_back({q, answer});
  }
  auto got = analyze(onMainline(exchanges(qa), "Unrelated: what is a good recipe for sourdough bread with rye flour?"));
  const Signal* b = find(got, SignalKind::Branch);
  ASSERT_NE(b, nullptr);
  EXPECT_GE(b->confidence, shippedBranchThreshold());
}

TEST(Model, ProgrammingVocabularyIsCountedAndSmallTalkIsNot) {
  for (const char* tech : {"HTTP", "503", "parse_config", "parseConfig", "os.path", "main.py", "utf8", "run()",
                           "the retry backoff", "src/main", "a Postgres database"})
    EXPECT_GT(technicalWords(tech), 0) << tech;
  for (const char* chat : {"hi! how was your weekend?", "I am 25 and I have 2 dogs", "OK, see you in 2019",
                           "a border collie, she never gets tired lol", "i have an iPhone", "e.g. bread"})
    EXPECT_EQ(technicalWords(chat), 0) << chat;
}
