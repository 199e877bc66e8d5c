// ConversationAgent: the system prompt of a chat turn, in Contextify's four
// forms (mainline with or without completed-branch summaries; branch with or
// without the mainline summary) after the shared preamble. The texts are the
// templates in core/prompts/.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace grove {

struct ConversationMode {
  bool inBranch = false;
  std::string anchorId;                        // the current branch's anchor
  std::optional<std::string> mainlineSummary;  // shown in branch mode
  std::vector<std::string> completedSummaries; // shown in mainline mode
  /// `[PATTERN: type | name]` blocks of the capsules enabled in the project,
  /// appended after the mode block in both modes.
  std::vector<std::string> patterns;
};

std::string buildConversationSystemPrompt(const ConversationMode& mode);

}  // namespace grove
