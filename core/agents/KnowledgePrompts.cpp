#include "agents/KnowledgePrompts.h"

#include "agents/PromptTemplates.h"
#include "knowledge/Outline.h"

namespace grove {

namespace {

ChatRequest jsonRequest(std::string_view prompt, std::string user, const std::string& model, int maxTokens) {
  ChatRequest r;
  r.model = model;
  r.jsonMode = true;
  r.temperature = 0.0;  // the same map and words should give the same ops
  r.maxTokens = maxTokens;
  r.system = std::string(prompts::get(prompt));
  r.messages.push_back({"user", std::move(user)});
  return r;
}

std::string mapSection(const knowledge::KnowledgeGraph& graph) {
  std::string text = knowledge::outline(graph);
  return "Map outline:\n" + (text.empty() ? std::string("(the map is empty)\n") : text);
}

}  // namespace

ChatRequest knowledgeClassifyRequest(const std::string& input, const knowledge::KnowledgeNode* selected,
                                     const std::string& model) {
  std::string user = selected ? "Selected node: " + selected->title + "\n" : std::string("Selected node: none\n");
  user += "Input: " + input;
  return jsonRequest("knowledge_classify", std::move(user), model, 300);
}

ChatRequest knowledgePlanRequest(const knowledge::KnowledgeGraph& graph, const std::optional<std::string>& selectedId,
                                 const std::string& instruction, const std::string& failures,
                                 const std::string& model) {
  std::string user = mapSection(graph);
  const knowledge::KnowledgeNode* selected = selectedId ? graph.node(*selectedId) : nullptr;
  user += selected ? "\nSelected node: " + selected->id + " " + selected->title : std::string("\nSelected node: none");
  user += "\nInstruction: " + instruction;
  if (!failures.empty()) user += "\n\nEarlier attempts failed:\n" + failures;
  return jsonRequest("knowledge_plan", std::move(user), model, 1500);
}

ChatRequest knowledgeCorrectionRequest(const knowledge::KnowledgeGraph& graph, const std::string& instruction,
                                       const std::string& planJson, int opIndex, const std::string& error,
                                       const std::string& model) {
  std::string user = mapSection(graph);
  user += "\nInstruction: " + instruction;
  user += "\nPlan: " + planJson;
  user += "\nFailed op: " + std::to_string(opIndex) + "\nError: " + error;
  return jsonRequest("knowledge_plan_correct", std::move(user), model, 400);
}

}  // namespace grove
