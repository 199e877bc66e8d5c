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

std::string numberedPassages(const std::vector<knowledge::ChildSource>& passages) {
  std::string out;
  for (size_t i = 0; i < passages.size(); ++i)
    out += (i ? "\n\n[" : "[") + std::to_string(i + 1) + "] " + passages[i].title + "\n" + passages[i].text;
  return out;
}

ChatRequest knowledgeSuggestRequest(const knowledge::KnowledgeGraph& graph, const knowledge::KnowledgeNode& node,
                                    const std::vector<std::string>& taken,
                                    const std::vector<knowledge::ChildSource>& passages, size_t limit,
                                    const std::string& model) {
  auto listed = [](const std::vector<std::string>& titles) {
    std::string out;
    for (const auto& t : titles) out += (out.empty() ? "" : "; ") + t;
    return out.empty() ? std::string("none") : out;
  };
  std::vector<std::string> children;
  for (const auto& id : graph.childIds(node.id))
    if (const knowledge::KnowledgeNode* c = graph.node(id)) children.push_back(c->title);
  std::string user = "Node: " + node.title;
  if (!node.details.empty()) user += " — " + node.details;
  user += "\nExisting children: " + listed(children);
  user += "\nAlready proposed: " + listed(taken);
  user += "\nPropose at most: " + std::to_string(limit);
  user += "\n\nPassages:\n" + numberedPassages(passages);
  // A title, a relation, a sentence and a number per child.
  return jsonRequest("knowledge_suggest", std::move(user), model, 150 + 100 * static_cast<int>(limit));
}

}  // namespace grove
