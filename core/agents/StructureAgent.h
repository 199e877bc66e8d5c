// StructureAgent: the model path of structure suggestions (Contextify's
// structure agent). Builds the utility-model request from the execution
// context, the user model and the recent turns, and judges its reply (read
// from strict JSON by the adapter in llm/ModelReplies). Anything that is not
// exactly the documented object (not JSON, a missing key, a wrong type, an
// unknown action, a confidence outside 0..1) is invalid, and invalid output
// means `continue`: no suggestion.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ports/LlmClient.h"

namespace grove {

/// What the structure agent is told about where the user is.
struct StructureContext {
  bool inBranch = false;
  int branchDepth = 0;
  std::string branchIntent;     // the current branch's title or intent
  std::string parentSummary;    // the parent thread's summary, if any
  std::string mainlineSummary;  // the mainline's progress summary, if any
  int totalBranches = 0;
  int openBranches = 0;
  std::vector<std::string> recentIntents;  // latest branches' titles
  /// Recent turns of the path, oldest first: {role, text}.
  std::vector<std::pair<std::string, std::string>> recentTurns;
  std::string message;  // the new user message
};

struct StructureReply {
  std::string primaryAction;  // continue | branch | return_parent
  std::string assetAction;    // none | extract_reasoning | extract_task_sop
  double confidence = 0;
  std::string reason;
  std::string assetReason;
  bool showSuggestion = false;
  std::string title;
};

/// The request for the utility model. `userModelJson` is the user model as
/// JSON text (empty: no guidance yet).
ChatRequest structureRequest(const StructureContext& context, const std::string& userModelJson,
                             const std::string& model);

/// Whether a reply read from the model holds known actions and a confidence
/// in 0..1; false with `why` set otherwise.
bool validStructureReply(const StructureReply& reply, std::string& why);

}  // namespace grove
