// Chunker: a document's prose segments as chunks of about 100 tokens, cut at
// paragraph and heading boundaries, each with its file range. A heading
// (Markdown `#`, or a reStructuredText title underlined with = - ~ ^ * +)
// always starts a chunk and names it; paragraphs (blank-line separated, a
// fenced ``` block kept whole) are packed until the next would pass the
// target; a paragraph longer than twice the target is cut between lines.
// Tokens are counted as whitespace-separated words (close enough to model
// tokens for prose, and cheap).
#pragma once

#include <string>
#include <vector>

#include "knowledge/DocumentScanText.h"

namespace grove::knowledge {

constexpr size_t kChunkTargetWords = 100;

struct Chunk {
  int startLine = 0, startChar = 0, endLine = 0, endChar = 0;
  std::string heading;  // the nearest heading above, "" when none
  std::string text;
};

std::vector<Chunk> chunkSegments(const std::vector<DocumentSegment>& segments,
                                 size_t targetWords = kChunkTargetWords);

}  // namespace grove::knowledge
