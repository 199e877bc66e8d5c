// KnowledgePrompts: the knowledge map's model requests (issue 17, DESIGN
// §11.3 "Ask"): the Oracle that routes an input (search, edit, expansion),
// the planner that turns an edit into KnowledgeOps, and the correction of one
// failed op. Every prompt shows the map as its deterministic outline; the
// replies are strict JSON read by llm/KnowledgeReplies.
#pragma once

#include <optional>
#include <string>

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

}  // namespace grove
