// MemoletPrompts: how memolets reach a prompt (templates in core/prompts/).
//
// A turn's system prompt gains a [MEMORY CONTEXTS] section: each memolet under
// its citation header "[MEMOLET: Title | memolet:ID]" and its full text,
// referenced ones first (they are always there), then the retrieved ones, with
// the instruction to cite as [citation:ID] (Memolet A.7.1). Refinement
// (A.7.3) sections the contexts as ADD / REMOVE / HIGHLIGHT / OBSCURE / GROUP
// / GENERAL; what the user removed is only counted, never named or quoted.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grove {

struct PromptContext {
  std::string id;
  std::string title;
  std::string text;
};

/// "[MEMOLET: Title | memolet:ID]\n<text>".
std::string renderContextBlock(const PromptContext& c);

/// The [MEMORY CONTEXTS] section; empty when both lists are.
std::string renderMemoletContext(const std::vector<PromptContext>& referenced,
                                 const std::vector<PromptContext>& retrieved);

struct RefineSections {
  std::vector<PromptContext> add, highlight, obscure, general;
  size_t removed = 0;  // how many contexts the user removed
  struct Group {
    PromptContext a, b;
    double weight = 0.5;  // a's share
  };
  std::vector<Group> group;
};

/// The [REFINEMENT] section (instructions first, then one section per type).
std::string renderRefineSection(const RefineSections& sections);

/// `text` without any trace of the given memolets: their @ references become
/// "(a removed memory)" and their citation marks are dropped.
std::string scrubMemolets(std::string_view text, const std::vector<std::string>& ids);

}  // namespace grove
