// Anchoring: where captured code is in a file's current text (DESIGN §11.1,
// design/board-and-knowledge.md "Anchors"), as a pure function: the caller
// reads the file (or hands over an unsaved buffer); nothing here touches a
// disk, so re-anchoring a thousand ranges is arithmetic on one string.
//
// The rule, on the captured content c with line endings normalised:
//   file gone                                   -> missing
//   the text at `range` is c (hashes to contentHash) -> current
//   c occurs elsewhere (the occurrence nearest the old start) -> moved
//   the window of c's line count with the best line similarity, when >= 0.5
//                                               -> stale, range on that window
//   else                                        -> missing (range unchanged)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/Unit.h"

namespace grove {

/// "\r\n" and a lone "\r" become "\n".
std::string normaliseLineEndings(std::string_view text);

/// A file's text prepared once for many anchors: line starts for positions,
/// and the trimmed lines' hashes (with where each occurs) for similarity.
class FileText {
public:
  explicit FileText(std::string_view text);

  const std::string& text() const { return text_; }
  int lineCount() const { return static_cast<int>(lineStarts_.size()); }
  /// Byte offset of an LSP position (UTF-16 characters), clamped to the text.
  size_t offsetOf(const Position& p) const;
  /// The LSP position of a byte offset.
  Position positionOf(size_t offset) const;
  size_t lineStart(int i) const { return lineStarts_[static_cast<size_t>(i)]; }
  /// Line `i` without its newline.
  std::string_view line(int i) const;
  uint64_t lineHash(int i) const { return lineHashes_[static_cast<size_t>(i)]; }
  /// The lines whose trimmed text hashes to `h`, ascending.
  const std::vector<int>& linesWithHash(uint64_t h) const;

private:
  std::string text_;
  std::vector<size_t> lineStarts_;
  std::vector<uint64_t> lineHashes_;
  std::unordered_map<uint64_t, std::vector<int>> linesByHash_;
};

/// The hash of a line's text without surrounding blanks (0 for a blank line).
uint64_t trimmedLineHash(std::string_view line);

struct AnchorResult {
  AnchorState state = AnchorState::Missing;
  Range range;                             // the new range (the old one when missing)
  std::optional<std::string> diffSummary;  // stale only
};

/// Minimum line similarity for `stale` rather than `missing`.
inline constexpr double kStaleSimilarity = 0.5;

/// Re-anchors captured content `captured` (its `contentHash`, last at
/// `range`) in `file`; null `file` means the file is gone.
AnchorResult reanchor(std::string_view captured, const std::string& contentHash, const Range& range,
                      const FileText* file);

}  // namespace grove
