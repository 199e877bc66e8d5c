// MemoryAgent: path summaries (Contextify's Memory Agent). On a path switch
// the mainline gets a 2-3 sentence progress summary and the branch being
// left a summary of at most 30 words (its intent and its takeaway).
//
// Offline the summaries are extractive (first sentences of the right units);
// with a provider the utility model writes them from the templates
// memory_mainline.txt and memory_branch.txt.
#pragma once

#include <string>
#include <vector>

#include "model/Unit.h"
#include "ports/LlmClient.h"

namespace grove {

std::string extractiveMainlineSummary(const std::vector<Unit>& mainline);
std::string extractiveBranchSummary(const std::vector<Unit>& branch);

/// The utility-model request for a summary of `units` ("mainline" or "branch").
ChatRequest summaryRequest(const std::vector<Unit>& units, bool mainline, const std::string& model);

/// Cuts a text to at most `words` words (a model may overrun the limit).
std::string limitWords(const std::string& text, size_t words);

}  // namespace grove
