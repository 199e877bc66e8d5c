// DocumentScanText: a scanned file's readable text, as line-numbered prose
// segments. Markdown, text and reStructuredText are one segment, the whole
// file. Source files give their comment blocks and docstrings: consecutive
// `//` (C, C++, JS, TS, Go, Rust), `#` (Python), `--` (Lua) lines, `/* */`
// and `--[[ ]]` blocks, Python `"""`/`'''` docstrings, each with its markers
// stripped and its original line numbers. Comment markers inside string
// literals are not recognised as such (a line scanner, not a parser): a rare
// false comment costs a chunk, never a wrong range.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "knowledge/DocumentScan.h"

namespace grove::knowledge {

struct SegmentLine {
  int line = 0;     // 0-based, in the file
  int endChar = 0;  // length of the file's line (the range's end character)
  std::string text;
};

/// Consecutive lines of prose.
using DocumentSegment = std::vector<SegmentLine>;

struct ScannedDocument {
  std::string uri;
  std::string relativePath;
  std::string title;        // the first heading, else the file name
  std::string contentHash;  // fnv1aHex of the bytes
  bool prose = true;        // false: comments of a source file
  std::vector<DocumentSegment> segments;
};

struct DocumentRead {
  std::optional<ScannedDocument> document;
  std::string skipReason;  // when no document: tooLarge | binary | unreadable
};

/// Reads and segments one candidate. `knownHash`: when the file's hash equals
/// it, `document` has the hash and no segments (the caller skips it).
DocumentRead readDocument(const ScanCandidate& file, size_t maxFileBytes,
                          const std::optional<std::string>& knownHash = std::nullopt);

/// The segments of `content` for a file named `relativePath` (by extension).
std::vector<DocumentSegment> extractSegments(std::string_view relativePath, std::string_view content);

}  // namespace grove::knowledge
