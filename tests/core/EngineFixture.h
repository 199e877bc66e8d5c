// A fresh Engine on an empty store (SQLite in memory, or PostgreSQL: TestStore.h) with a pinned clock, plus
// helpers that build small trees in one line.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "engine/Engine.h"
#include "../support/TestStore.h"

namespace grove::test {

/// Appends to `project` of any engine; returns the new unit's id.
inline std::string appendTo(Engine& e, const std::string& project, const std::optional<std::string>& parent,
                            Role role, const std::string& text, bool branch = false) {
  AppendRequest r;
  r.projectId = project;
  r.parentId = parent;
  r.role = role;
  r.content = text;
  if (branch) r.branch = AppendRequest::BranchInfo{};
  return e.append(r).id;
}

class FixedClock final : public Clock {
public:
  int64_t now = 1'700'000'000'000;
  int64_t nowMs() override { return now++; }
};

class EngineTest : public ::testing::Test {
protected:
  FixedClock clock;
  std::unique_ptr<Engine> engine;
  std::vector<ChangeEvent> events;
  std::vector<SuggestionEvent> suggestionEvents;
  std::string pid;

  void SetUp() override {
    engine = std::make_unique<Engine>(makeTestStore(), Engine::Options{&clock});
    engine->setChangeListener([this](const ChangeEvent& e) { events.push_back(e); });
    engine->setSuggestionListener([this](const SuggestionEvent& e) { suggestionEvents.push_back(e); });
    pid = engine->createProject("test", std::nullopt).id;
  }

  static std::string appendTo(Engine& e, const std::string& project, const std::optional<std::string>& parent,
                              Role role, const std::string& text, bool branch = false) {
    return grove::test::appendTo(e, project, parent, role, text, branch);
  }
  std::string add(const std::optional<std::string>& parent, Role role, const std::string& text,
                  bool branch = false) {
    return appendTo(*engine, pid, parent, role, text, branch);
  }
  std::string user(const std::optional<std::string>& parent, const std::string& text,
                   bool branch = false) {
    return add(parent, Role::User, text, branch);
  }
  std::string bot(const std::string& parent, const std::string& text, bool branch = false) {
    return add(parent, Role::Assistant, text, branch);
  }

  /// The unit ids the model sees from a cursor, in order.
  std::vector<std::string> scopeIds(const std::optional<std::string>& cursor) {
    std::vector<std::string> ids;
    for (const Unit* u : engine->resolveScope(pid, cursor).units) ids.push_back(u->id);
    return ids;
  }
  Project proj() { return engine->project(pid); }
};

using Ids = std::vector<std::string>;

}  // namespace grove::test
