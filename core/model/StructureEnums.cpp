// Wire names of the suggestion, capsule and initiative enums.
#include "model/Capsule.h"
#include "model/Suggestion.h"
#include "model/UserModel.h"

namespace grove {

namespace {

template <class E, size_t N>
std::optional<E> parseBy(std::string_view s, const char* const (&names)[N]) {
  for (size_t i = 0; i < N; ++i)
    if (s == names[i]) return static_cast<E>(i);
  return std::nullopt;
}

const char* const kKinds[] = {"branch", "return", "extract", "exclude", "evolve", "reorganize", "child", "knowledgeEdit"};
const char* const kStates[] = {"pending", "accepted", "rejected", "deferred", "ignored"};
const char* const kSources[] = {"native", "model"};
const char* const kCapsuleTypes[] = {"reasoning", "task_sop", "context_case"};
const char* const kLevels[] = {"off", "on_demand", "suggest"};

}  // namespace

const char* toString(SuggestionKind k) { return kKinds[static_cast<int>(k)]; }
const char* toString(SuggestionState s) { return kStates[static_cast<int>(s)]; }
const char* toString(SuggestionSource s) { return kSources[static_cast<int>(s)]; }
const char* toString(CapsuleType t) { return kCapsuleTypes[static_cast<int>(t)]; }
const char* toString(InitiativeLevel l) { return kLevels[static_cast<int>(l)]; }

std::optional<SuggestionKind> parseSuggestionKind(std::string_view s) {
  return parseBy<SuggestionKind>(s, kKinds);
}
std::optional<SuggestionState> parseSuggestionState(std::string_view s) {
  return parseBy<SuggestionState>(s, kStates);
}
std::optional<SuggestionSource> parseSuggestionSource(std::string_view s) {
  return parseBy<SuggestionSource>(s, kSources);
}
std::optional<CapsuleType> parseCapsuleType(std::string_view s) {
  return parseBy<CapsuleType>(s, kCapsuleTypes);
}
std::optional<InitiativeLevel> parseInitiativeLevel(std::string_view s) {
  return parseBy<InitiativeLevel>(s, kLevels);
}

}  // namespace grove
