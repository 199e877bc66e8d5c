// KnowledgeIngest: grove/knowledge/ingest and the document side of
// grove/workspace/refresh (DESIGN §11.3). Files are read, hashed and chunked
// on the executor; every 64 files (and at the end) what was read is written
// as one transaction on the engine lock, so a cancelled or interrupted
// ingest keeps every file it wrote and the next one skips them (unchanged
// content hash). The summary tree is rebuilt when documents came or went
// (or the last run was cancelled); a changed file only re-summarises its own
// document node, which keeps a one-file re-ingest within milliseconds. One
// ingest per workspace at a time: a second is 1002 ingestRunning.
#pragma once

#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "knowledge/DocumentScan.h"
#include "session/HistoryImport.h"
#include "session/Turn.h"
#include "support/Cancellation.h"

namespace grove::session {

class Session;

struct KnowledgeIngestRequest {
  std::string workspaceUri;                        // a file:// folder
  std::optional<std::vector<std::string>> paths;   // URIs or workspace-relative paths; absent: all
  knowledge::DocumentScanOptions options = knowledge::defaultScanOptions();
};

/// IngestResult of §11.3.
struct KnowledgeIngestResult {
  int documents = 0;
  std::vector<std::string> added, updated, removed;
  int chunks = 0;
  std::vector<int> levels;
  std::vector<knowledge::SkippedFile> skipped;
  bool cancelled = false;
};

/// One change of grove/workspace/refresh.
struct DocumentChange {
  std::string uri;
  std::string type;  // created | changed | deleted | renamed
  std::optional<std::string> oldUri;
};

class KnowledgeIngest {
public:
  explicit KnowledgeIngest(Session& session) : session_(session) {}

  /// Engine thread. Throws invalidArg (workspaceUri) and 1002 ingestRunning
  /// before anything starts; `progress` from the executor; `done` on the
  /// engine thread (a cancel answers normally with cancelled = true).
  void ingest(const KnowledgeIngestRequest& request, ImportProgressFn progress,
              Done<KnowledgeIngestResult> done, CancellationToken cancel);

  /// The lead wires this into grove/workspace/refresh: re-ingests exactly the
  /// changed paths (a rename removes the old URI and adds the new one).
  void refreshDocuments(const std::string& workspaceUri, const std::vector<DocumentChange>& changes,
                        Done<KnowledgeIngestResult> done);

  bool running(const std::string& workspaceUri);

  /// Canonical form of a workspace URI (no trailing slash).
  static std::string normalizeWorkspace(const std::string& uri);

private:
  Session& session_;
  std::mutex mu_;
  std::set<std::string> running_;
};

}  // namespace grove::session
