// SourceAnchors: keeps captured code's sources in step with the files they
// came from (issue 16, DESIGN §11.1). It reads files through the SourceFiles
// port, decides each anchor with the pure rule (ops/Anchoring) and stores
// what changed through Engine::updateSources (announced as `anchor`).
//
// Threading: everything but the git probe runs on the engine thread. Reading
// a source file there is bounded by the file (a stat per file on a turn, a
// read only when its stamp changed); git runs on the executor (Session::
// appendUnit) because it can take up to its 2 s limit.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/Engine.h"
#include "ports/SourceFiles.h"

namespace grove::session {

enum class FileChangeType { Created, Changed, Deleted, Renamed };
std::optional<FileChangeType> parseFileChangeType(std::string_view);

/// One entry of grove/workspace/refresh's `changes`.
struct FileChange {
  std::string uri;
  FileChangeType type = FileChangeType::Changed;
  std::optional<std::string> oldUri;  // renamed
  std::optional<std::string> text;    // an unsaved buffer: checked instead of the file
};

struct RefreshRequest {
  std::string workspaceUri;
  /// Absent: every anchored file of the workspace is re-read.
  std::optional<std::vector<FileChange>> changes;
};

/// One checked source: a code unit's, or a board snippet's (memoletId).
struct AnchorReport {
  std::optional<std::string> memoletId;
  std::optional<std::string> unitId;
  Range range;
  Anchor anchor;
};

/// grove/workspace/refresh's result. `documents` is the knowledge map's
/// (ingested files added, updated, removed); empty until it exists.
struct RefreshResult {
  std::vector<AnchorReport> anchors;
  std::vector<std::string> documentsAdded, documentsUpdated, documentsRemoved;
};

/// How long git may take for one capture, in all.
inline constexpr std::chrono::seconds kGitProbeLimit{2};

class SourceAnchors {
public:
  explicit SourceAnchors(std::shared_ptr<SourceFiles> files) : files_(std::move(files)) {}

  /// Engine thread. Re-anchors the sources under the workspace that the
  /// changes touch (all of them without changes) and stores what changed.
  RefreshResult refresh(Engine& engine, const RefreshRequest& request);
  /// Engine thread, before a turn or a preview renders a project's code
  /// units: re-anchors those whose file's stamp changed since its last check.
  void recheck(Engine& engine, const std::string& projectId);

  /// A code unit whose client sent no git provenance, in a local file.
  static bool wantsProvenance(const Unit& unit);
  /// Any thread: git's view of the unit's captured lines (bounded by `cancel`).
  GitProvenance probe(const Source& source, const CancellationToken& cancel);

private:
  struct Checked {
    std::string unitId;
    Source source;
    /// Whether storing it tells a client anything: the range, the state or
    /// the summary moved. A capture is current until a check says otherwise,
    /// so a first check that finds it current is not a change (no didChange,
    /// no reload in every editor after each capture's first preview).
    bool changed = false;
    bool board = false;  // a board snippet (unitId is its memolet id)
  };
  /// Re-anchors `units` (all with this uri) against `text` (null: gone).
  std::vector<Checked> anchorAll(const std::vector<Unit>& units, const std::optional<std::string>& text,
                                 int64_t now);

  std::shared_ptr<SourceFiles> files_;
  /// Each file's stamp at its last check (nullopt: it was gone).
  std::unordered_map<std::string, std::optional<FileStamp>> stamps_;
};

}  // namespace grove::session
