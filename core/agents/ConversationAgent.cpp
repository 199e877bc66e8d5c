#include "agents/ConversationAgent.h"

#include "agents/PromptTemplates.h"

namespace grove {

namespace {
std::string trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
  return std::string(s);
}
}  // namespace

std::string buildConversationSystemPrompt(const ConversationMode& mode) {
  std::string block;
  if (!mode.inBranch) {
    if (mode.completedSummaries.empty()) {
      block = trimmed(prompts::get("mainline"));
    } else {
      std::string bullets;
      for (const auto& s : mode.completedSummaries) bullets += (bullets.empty() ? "- " : "\n- ") + s;
      block = trimmed(prompts::fill(prompts::get("mainline_completed"), {{"summaries", bullets}}));
    }
  } else if (mode.mainlineSummary && !mode.mainlineSummary->empty()) {
    block = trimmed(prompts::fill(prompts::get("branch_status"),
                                  {{"anchor", mode.anchorId}, {"mainline_summary", *mode.mainlineSummary}}));
  } else {
    block = trimmed(prompts::fill(prompts::get("branch"), {{"anchor", mode.anchorId}}));
  }
  std::string out = trimmed(prompts::get("conversation_preamble")) + "\n\n" + block;
  for (const auto& pattern : mode.patterns) out += "\n\n" + pattern;
  return out;
}

}  // namespace grove
