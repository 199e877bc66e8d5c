// KnowledgePrompts: the knowledge map's model requests (issue 17, DESIGN
// §11.3 "Ask"): the Oracle that routes an input (search, edit, expansion),
// the planner that turns an edit into KnowledgeOps, the correction of one
// failed op, and the children suggest proposes from a node's passages. Every prompt shows the map as its deterministic outline; the
// replies are strict JSON read by llm/KnowledgeReplies.
#pragma once

#include <optional>
#include <string>

#include "knowledge/ChildSuggestions.h"
#include "knowledge/KnowledgeGraph.h"
#include "ports/LlmClient.h"

namespace grove {

/// The Oracle's request: the input and, when there is one, the selected node.
ChatRequest knowledgeClassifyRequest(const std::string& input, const knowledge::KnowledgeNode* selected,
                                     const std::string& model);

/// The planner's request. `failures`: the earlier attempts' errors, one per
/// line ("" on the first plan).
ChatRequest knowledgePlanRequest(const knowledge::KnowledgeGraph& graph, const std::optional<std::string>& selectedId,
                                 const std::string& instruction, const std::string& failures,
                                 const std::string& model);

/// The correction of op `opIndex` of `planJson` (the plan as the prompts
/// spell it), which failed with `error`.
ChatRequest knowledgeCorrectionRequest(const knowledge::KnowledgeGraph& graph, const std::string& instruction,
                                       const std::string& planJson, int opIndex, const std::string& error,
                                       const std::string& model);

/// Suggest's request: the node, its children, the titles proposed before
/// (`taken`), at most `limit` children, and the passages numbered from 1.
ChatRequest knowledgeSuggestRequest(const knowledge::KnowledgeGraph& graph, const knowledge::KnowledgeNode& node,
                                    const std::vector<std::string>& taken,
                                    const std::vector<knowledge::ChildSource>& passages, size_t limit,
                                    const std::string& model);

/// The passages as the prompts number them: "[1] <title>\n<text>", blank-line separated.
std::string numberedPassages(const std::vector<knowledge::ChildSource>& passages);

}  // namespace grove
