// An engine on an in-memory store (tests/core's EngineTest) with a
// conversation on one topic and helpers that play a chat turn the way
// grove/chat/send does: store the message, pass the pending cards by,
// analyse it under the initiative policy, then store an answer.
#pragma once

#include "EngineFixture.h"
#include "support/Error.h"

namespace grove::test {

class SuggestEngineTest : public EngineTest {
protected:
  // q1 - a1 - q2 - a2: a thread about SQLite schema migrations.
  void SetUp() override {
    EngineTest::SetUp();
    q1 = user(std::nullopt, "How should the SQLite store handle schema migrations and versioning?");
    a1 = bot(q1, "Number the SQLite migrations, apply each schema change in a transaction, record PRAGMA user_version.");
    q2 = user(a1, "Should SQLite migrations be reversible, and how do I test the schema upgrade?");
    a2 = bot(q2, "Keep SQLite migrations forward-only; test each schema upgrade from a fixture database.");
  }

  struct Turn {
    std::string userId, answerId;
    SendAnalysis analysis;
  };
  Turn send(const std::string& parent, const std::string& text, const std::string& answer = "An answer.") {
    Turn t;
    t.userId = user(parent, text);
    engine->passPendingSuggestions(pid);
    t.analysis = engine->analyzeSend(engine->unit(t.userId));
    t.answerId = bot(t.userId, answer);
    return t;
  }
  std::vector<Suggestion> ofKind(const std::vector<Suggestion>& all, SuggestionKind kind) {
    std::vector<Suggestion> out;
    for (const auto& s : all)
      if (s.kind == kind) out.push_back(s);
    return out;
  }
  /// The suggestion notices the engine announced so far (and forgets them).
  std::vector<SuggestionEvent> notices() {
    std::vector<SuggestionEvent> out = std::move(suggestionEvents);
    suggestionEvents.clear();
    events.clear();
    return out;
  }

  static constexpr const char* kSideQuestion = "What is a good recipe for sourdough bread with rye flour?";
  static constexpr const char* kFollowUp = "And how do I run the SQLite migrations at startup?";

  std::string q1, a1, q2, a2;
};

}  // namespace grove::test
