// Citations in model answers: `[citation:ID]`, tolerant of the shapes models
// actually produce: `[[citation:ID]]`, `[citation : ID]`, `[Citation: ID]`,
// and lists `[citation:a, b]`. Anything else in brackets is ignored.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grove::memory {

struct CitationMark {
  std::vector<std::string> ids;  // in written order
  size_t offset = 0;             // byte offset of the mark (outermost bracket)
  size_t length = 0;             // bytes, brackets included
};

/// Cited ids in order of first appearance, each once.
std::vector<std::string> parseCitations(std::string_view answer);

/// Every mark with its position (for highlighting citations in a client).
std::vector<CitationMark> findCitationMarks(std::string_view answer);

/// True for a memolet id: [A-Za-z0-9_-]{1,40}.
bool isMemoletId(std::string_view id);

}  // namespace grove::memory
