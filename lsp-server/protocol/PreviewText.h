// PreviewText: grove/scope/preview's result written as JSON text. A preview
// at the tip of a long path is the whole prompt (half a megabyte for 1,000
// messages); built as a json tree first, the tree's allocations and a second
// escaping pass cost more than the preview itself.
#pragma once

#include <string>
#include <vector>

#include "engine/MemoletApi.h"
#include "model/Prompt.h"

namespace grove::proto {

/// The bytes nlohmann's dump writes for {excluded, included, memory,
/// messages, system, tokens, truncated}, written directly. Without
/// `withText`, each message's content and the system prompt are empty
/// strings (ids, roles, tokens and the lists unchanged).
std::string previewText(const ScopePreview& preview, const std::vector<MemoryBlock>& memory, bool withText = true);

}  // namespace grove::proto
