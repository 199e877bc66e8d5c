// LocalSourceFiles: the SourceFiles port over the local disk and the `git`
// program (Boost.Process). Each git call is bounded by the caller's token
// (the capture path gives it 2 s in all) and killed when it runs out; git
// missing from PATH, a file outside any work tree, or an error all give
// unknown (null) provenance, never an exception.
#pragma once

#include <string>
#include <vector>

#include "ports/SourceFiles.h"

namespace grove::workspace {

class LocalSourceFiles : public SourceFiles {
public:
  /// `git`: the program to run, found on PATH unless it holds a '/'.
  explicit LocalSourceFiles(std::string git = "git") : git_(std::move(git)) {}

  std::optional<FileStamp> stamp(const std::string& uri) override;
  std::optional<std::string> read(const std::string& uri) override;
  GitProvenance provenance(const std::string& uri, int firstLine, int lastLine,
                           const CancellationToken& cancel) override;

  /// Files larger than this are not read (treated as unreadable).
  static constexpr int64_t kMaxFileBytes = 32 << 20;

private:
  /// git's standard output when it exits with 0 in time; nullopt otherwise.
  std::optional<std::string> git(const std::string& dir, const std::vector<std::string>& args,
                                 const CancellationToken& cancel);

  std::string git_;
};

/// Whether a `git diff -U0` of one file changes any of the working tree's
/// lines [firstLine, lastLine] (1-based): a hunk's new side overlaps them, or
/// lines were deleted between two of them. Pure; exposed for tests.
bool diffTouchesLines(const std::string& diff, int firstLine, int lastLine);

}  // namespace grove::workspace
