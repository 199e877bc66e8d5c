#include "agents/StructureAgent.h"

#include <nlohmann/json.hpp>

#include "agents/ModelJson.h"
#include "agents/PromptTemplates.h"
#include "agents/MemoryAgent.h"

namespace grove {

namespace {

using nlohmann::json;

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

// Reads key `k` of `o` as type T; false (with why) when absent or mistyped.
bool need(const json& o, const char* k, json::value_t type, std::string& why) {
  auto it = o.find(k);
  if (it == o.end()) {
    why = std::string("missing key ") + k;
    return false;
  }
  bool ok = type == json::value_t::number_float ? it->is_number() : it->type() == type;
  if (!ok) why = std::string("key ") + k + " has the wrong type";
  return ok;
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

std::optional<StructureReply> parseStructureReply(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_discarded()) {
    why = "not JSON";
    return std::nullopt;
  }
  if (!j.is_object()) {
    why = "not a JSON object";
    return std::nullopt;
  }
  if (!need(j, "primary_action", json::value_t::string, why) ||
      !need(j, "asset_action", json::value_t::string, why) ||
      !need(j, "confidence", json::value_t::number_float, why) ||
      !need(j, "reason", json::value_t::string, why) ||
      !need(j, "show_suggestion", json::value_t::boolean, why))
    return std::nullopt;
  StructureReply r;
  r.primaryAction = j["primary_action"].get<std::string>();
  r.assetAction = j["asset_action"].get<std::string>();
  r.confidence = j["confidence"].get<double>();
  r.reason = j["reason"].get<std::string>();
  r.showSuggestion = j["show_suggestion"].get<bool>();
  if (auto it = j.find("asset_reason"); it != j.end()) {
    if (!it->is_string()) {
      why = "key asset_reason has the wrong type";
      return std::nullopt;
    }
    r.assetReason = it->get<std::string>();
  }
  if (auto it = j.find("title"); it != j.end() && !it->is_null()) {
    if (!it->is_string()) {
      why = "key title has the wrong type";
      return std::nullopt;
    }
    r.title = it->get<std::string>();
  }
  if (r.primaryAction != "continue" && r.primaryAction != "branch" && r.primaryAction != "return_parent") {
    why = "unknown primary_action";
    return std::nullopt;
  }
  if (r.assetAction != "none" && r.assetAction != "extract_reasoning" && r.assetAction != "extract_task_sop") {
    why = "unknown asset_action";
    return std::nullopt;
  }
  if (!(r.confidence >= 0 && r.confidence <= 1)) {
    why = "confidence outside 0..1";
    return std::nullopt;
  }
  return r;
}

}  // namespace grove
