// CapsuleExtraction: turns units into a capsule (Contextify's extraction
// prompts). Offline the capsule is honestly extractive: it quotes the first
// sentences of the source units as its steps or points, says that it was
// extracted without a model, and is always flagged for review. With a
// provider, the utility model writes it from the type's template and must
// reply with exactly {name, requires_human_review, instruction, example}.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Capsule.h"
#include "model/Unit.h"
#include "ports/LlmClient.h"

namespace grove {

/// What an extraction produces, before it becomes a stored capsule.
struct CapsuleDraft {
  std::string name;
  std::string instruction;
  std::string example;
  bool requiresReview = true;
  std::string source = "native";  // native | model
};

CapsuleDraft extractiveCapsule(const std::vector<Unit>& units, CapsuleType type,
                               const std::string& nameHint = {});

ChatRequest extractionRequest(const std::vector<Unit>& units, CapsuleType type,
                              const std::string& model);

/// A draft read from the model's reply (by llm/ModelReplies) made ready:
/// one-line name of at most 6 words; nullopt with `why` when the name or the
/// instruction is empty.
std::optional<CapsuleDraft> draftFromModel(CapsuleDraft draft, std::string& why);

/// The `[PATTERN: type | name]` block a capsule adds to a system prompt.
std::string patternBlock(const Capsule& capsule);

}  // namespace grove
