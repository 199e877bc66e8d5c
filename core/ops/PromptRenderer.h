// PromptRenderer: turns a resolved scope into the messages a provider gets.
//
// Units become text (code units as a fenced block with path, line range and
// memo), the token budget drops the oldest `auto` units first, and
// consecutive units of one role merge into one message (some providers
// require alternation).
#pragma once

#include <optional>
#include <string>

#include "model/Prompt.h"
#include "ops/ScopeResolver.h"

namespace grove {

struct RenderOptions {
  std::string system;
  std::optional<std::string> prompt;
  std::optional<int> budgetTokens;
  std::optional<std::string> cursorId;  // never dropped by the budget
};

/// The text one unit contributes to its message.
std::string renderUnit(const Unit& unit);

/// A file path for display: a file:// URI loses its scheme.
std::string displayPath(const std::string& uri);

ScopePreview renderPrompt(const ResolvedScope& scope, const RenderOptions& options);

}  // namespace grove
