// MemoletPrompts: how memolets reach a prompt (templates in core/prompts/).
//
// A turn's system prompt gains a [MEMORY CONTEXTS] section: each memolet under
// its citation header "[MEMOLET: Title | memolet:ID | kind[ | MENTION]]" and
// its full text, explicit ones first (they are always there), then the
// retrieved ones, with the instruction to cite as [citation:ID] (Memolet
// A.7.1). A board memory also shows its Context, Summary and Tags, and the
// section opens with what the AI understands of the board (Contexty, DESIGN
// §11.2). Refinement
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
  /// chat | snippet | note; empty in refinement sections (the plain header).
  std::string kind;
  bool mention = false;  // explicit: named by the user, never cut
  std::string context, summary;
  std::vector<std::string> tags;
};

/// "[MEMOLET: Title | memolet:ID | kind[ | MENTION]]\n" (just "[MEMOLET:
/// Title | memolet:ID]" without a kind), then Context:, Summary:, Tags: when
/// set, then the text.
std::string renderContextBlock(const PromptContext& c);

/// The [MEMORY CONTEXTS] section, opening with "[TASK UNDERSTANDING] ..." when
/// `understanding` is set; empty when there is nothing to show.
std::string renderMemoletContext(const std::vector<PromptContext>& referenced,
                                 const std::vector<PromptContext>& retrieved,
                                 const std::string& understanding = {});

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
