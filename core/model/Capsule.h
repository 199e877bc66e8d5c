// Capsule: a reusable pattern extracted from units (Contextify's pattern
// capsule): a reasoning pattern, a task SOP or a context case. Capsules
// outlive projects; each project enables the ones it wants, and enabled
// capsules add a `[PATTERN: type | name]` block to every turn's system prompt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grove {

enum class CapsuleType { Reasoning, TaskSop, ContextCase };

const char* toString(CapsuleType);
std::optional<CapsuleType> parseCapsuleType(std::string_view);

struct Capsule {
  std::string id;
  CapsuleType type = CapsuleType::TaskSop;
  std::string name;
  std::string instruction;
  std::string example;
  bool requiresReview = true;
  bool reviewed = false;
  std::vector<std::string> enabledIn;  // project ids, read from the enablement table
  std::string source = "native";       // native | model
  std::string projectId;               // the project it was extracted from
  std::vector<std::string> sourceUnitIds;
  int64_t createdAt = 0;
  int64_t updatedAt = 0;
};

}  // namespace grove
