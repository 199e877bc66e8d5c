// The user model (Contextify's user-model agent): the structure events it is
// learnt from, the preferences it holds, and the initiative policy a project
// sets for how much the core may propose.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grove {

/// One logged structural fact: the outcome of a suggestion, or an
/// unprompted structural operation the user made on their own.
struct StructureEvent {
  int64_t id = 0;  // assigned by the store, increasing
  std::string projectId;
  /// "accepted" | "rejected" | "deferred" | "ignored" (suggestion outcomes),
  /// "manual" (the user's own operation).
  std::string outcome;
  /// "branch" | "return" | "extract" | "exclude" | "mainline"
  std::string action;
  std::string suggestionId;  // outcomes only
  std::string detail;        // a short example: the message or reason
  int64_t createdAt = 0;
};

struct Preference {
  double value = 0;     // -1 (the user rejects these) .. 1 (wants more of them)
  double evidence = 0;  // 0..1: how well supported, not a probability
  std::vector<std::string> examples;
};

struct UserModel {
  std::string stage = "cold_start";  // cold_start | learning | ready
  int events = 0;
  Preference branching, returning, extracting, granularity;
};

enum class InitiativeLevel { Off, OnDemand, Suggest };

const char* toString(InitiativeLevel);
std::optional<InitiativeLevel> parseInitiativeLevel(std::string_view);

struct InitiativePolicy {
  InitiativeLevel level = InitiativeLevel::Suggest;
  int cooldownTurns = 2;  // user turns without a new card after one was shown (and not accepted)
  int maxPerHour = 10;    // cards per project per hour (delegation not counted)
  /// Bookkeeping: analysed sends since the last card (starts "long ago").
  int turnsSinceCard = 1 << 20;
  std::string lastTriggerId;  // the latest analysed user unit
};

}  // namespace grove
