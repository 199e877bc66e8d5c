#include "agents/StructureAgent.h"

#include "agents/PromptTemplates.h"
#include "agents/MemoryAgent.h"

namespace grove {

namespace {

std::string contextBlock(const StructureContext& c) {
  std::string out = "- Mode: " + std::string(c.inBranch ? "branch" : "mainline");
  out += "\n- Branch depth: " + std::to_string(c.branchDepth);
  if (c.inBranch) out += "\n- Current branch intent: " + (c.branchIntent.empty() ? "(untitled)" : c.branchIntent);
  if (!c.parentSummary.empty()) out += "\n- Parent TLDR: " + c.parentSummary;
  if (!c.mainlineSummary.empty()) out += "\n- Mainline TLDR: " + c.mainlineSummary;
  out += "\n- Total branches: " + std::to_string(c.totalBranches);
  out += "\n- Active branches: " + std::to_string(c.openBranches);
  if (!c.recentIntents.empty()) {
    std::string joined;
    for (const auto& i : c.recentIntents) joined += (joined.empty() ? "" : " || ") + i;
    out += "\n- Recent branch intents: " + joined;
  }
  return out;
}

}  // namespace

ChatRequest structureRequest(const StructureContext& context, const std::string& userModelJson,
                             const std::string& model) {
  ChatRequest r;
  r.model = model;
  r.jsonMode = true;
  r.temperature = 0;
  r.maxTokens = 400;
  r.system = prompts::fill(prompts::get("structure_agent"),
                           {{"context", contextBlock(context)},
                            {"user_model", userModelJson.empty() ? "(none yet)" : userModelJson}});
  // The recent turns as one transcript, then the message being judged.
  std::string transcript;
  int i = 1;
  for (const auto& [role, text] : context.recentTurns)
    transcript += std::to_string(i++) + ". " + (role == "assistant" ? "Assistant: " : "User: ") +
                  limitWords(text, 120) + "\n";
  r.messages.push_back({"user", "Recent turns:\n" + (transcript.empty() ? "(none)\n" : transcript) +
                                    "\nLatest user message:\n" + context.message});
  return r;
}

bool validStructureReply(const StructureReply& r, std::string& why) {
  if (r.primaryAction != "continue" && r.primaryAction != "branch" && r.primaryAction != "return_parent") {
    why = "unknown primary_action";
    return false;
  }
  if (r.assetAction != "none" && r.assetAction != "extract_reasoning" && r.assetAction != "extract_task_sop") {
    why = "unknown asset_action";
    return false;
  }
  if (!(r.confidence >= 0 && r.confidence <= 1)) {
    why = "confidence outside 0..1";
    return false;
  }
  return true;
}

}  // namespace grove
