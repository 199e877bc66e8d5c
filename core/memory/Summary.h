// Extractive summaries (offline, no model): pick the sentences that carry the
// most of the text's own frequent terms, keep them in reading order. Also the
// "matching sentences" a search result shows next to a memolet.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grove::memory {

/// Sentences of prose, in order. A fenced code block (``` ... ```) is one
/// sentence; blank lines and list items end sentences too. Trimmed, non-empty.
std::vector<std::string> splitSentences(std::string_view text);

/// Up to n sentences (reading order) joined with a space; code blocks are not
/// chosen unless the text has no prose.
std::string extractiveSummary(std::string_view text, size_t n = 2);

/// Up to n sentences sharing the most query terms (best first); none when no
/// sentence shares a term.
std::vector<std::string> matchingSentences(std::string_view text, std::string_view query,
                                           size_t n = 3);

}  // namespace grove::memory
