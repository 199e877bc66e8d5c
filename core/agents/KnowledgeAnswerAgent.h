// KnowledgeAnswerAgent: the model-written answer of grove/knowledge/ask's
// search and expansion (MindTrellis §9 items 16-18 and 24: the grader, the
// grounded answer, the readable answer). The utility model gets the question
// and the chunks the relevance filter kept, numbered [1..n], and writes a
// short answer from them alone that cites them as [n], or exactly
// "I don't know". This file builds the request and judges the reply; what
// the answer then says and cites is session/KnowledgeAnswerJobs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/ChildSuggestions.h"
#include "ports/LlmClient.h"

namespace grove {

/// The answer request: the question and the kept chunks (title and text).
ChatRequest knowledgeAnswerRequest(const std::string& question, const std::vector<knowledge::ChildSource>& passages,
                                   const std::string& model);

/// A usable model answer. `known` false: the model said it does not know.
/// Otherwise `cited` are the passages the answer cites (1-based, ascending),
/// and `text`'s citations are renumbered to their place in `cited`
/// ([k] is cited[k-1]), so they number the answer's own citation list.
struct ModelAnswer {
  bool known = false;
  std::string text;
  std::vector<int> cited;
};

/// The reply judged against `passages` passages: exactly "I don't know"
/// (case, a closing full stop and a curly apostrophe aside) is not knowing;
/// otherwise it must be prose (not blank, not JSON, not a code block) citing
/// at least one passage and none that was not given. Nullopt with `why`
/// otherwise.
std::optional<ModelAnswer> modelAnswerFrom(const std::string& reply, size_t passages, std::string& why);

}  // namespace grove
