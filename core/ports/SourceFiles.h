// SourceFiles port: what the core needs to know about the files captured
// code came from (issue 16): whether a file changed since it was last
// checked, its current text, and git's view of the captured lines. The
// adapter (workspace/LocalSourceFiles) reads the disk and runs git; tests
// and other front ends may hand in their own.
//
// Nothing here throws: a file that cannot be read is gone, and git that is
// missing, slow or not in charge of the file leaves the provenance unknown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "support/Cancellation.h"

namespace grove {

/// Enough to tell that a file changed without reading it.
struct FileStamp {
  int64_t mtimeNs = 0;
  int64_t size = 0;
  bool operator==(const FileStamp&) const = default;
};

/// Git's view of captured lines; each field null when unknown.
struct GitProvenance {
  std::optional<std::string> commit;  // HEAD's full hash
  std::optional<std::string> branch;  // HEAD's branch; null when detached
  /// The captured lines differ from HEAD's version of the file (modified,
  /// added or untracked); null without a commit to compare with.
  std::optional<bool> dirty;
};

class SourceFiles {
public:
  virtual ~SourceFiles() = default;
  /// The stamp of the file a file:// URI names; nullopt when it is gone (or
  /// the URI names no local file).
  virtual std::optional<FileStamp> stamp(const std::string& uri) = 0;
  /// The file's text; nullopt when it is gone or unreadable.
  virtual std::optional<std::string> read(const std::string& uri) = 0;
  /// Git provenance of lines [firstLine, lastLine] (0-based, as in the
  /// working tree). Bounded by `cancel` (its deadline or a cancel).
  virtual GitProvenance provenance(const std::string& uri, int firstLine, int lastLine,
                                   const CancellationToken& cancel) = 0;
};

}  // namespace grove
