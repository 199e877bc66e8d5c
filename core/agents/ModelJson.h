// ModelJson: reading a model's "JSON only" reply. Models often wrap the
// object in a Markdown code fence; that wrapper (and only that) is removed
// before strict parsing. Used by the structure agent and extraction.
#pragma once

#include <string>

namespace grove {

/// The text without surrounding whitespace and one ```json ... ``` fence.
std::string unfenceJson(const std::string& text);

}  // namespace grove
