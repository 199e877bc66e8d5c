// ImportedSession: the neutral form every history reader produces and the
// import writer consumes. One source session (a Claude Code transcript, a
// ChatGPT conversation, ...) with its messages as a tree of parent links in
// source order, so the writer knows nothing of any one format and each reader
// knows nothing of the store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/Branch.h"
#include "model/Unit.h"

namespace grove::interchange {

/// A code selection the source recorded with its file and lines.
struct ImportedCode {
  std::string uri;        // file:// URI
  int startLine = 0;      // 0-based, inclusive
  int endLine = 0;        // 0-based, inclusive
  std::string languageId;
};

struct ImportedMessage {
  /// Unique within the session; what makes a re-import skip it.
  std::string sourceId;
  /// The message this one answers or follows; nullopt at a root. A parent
  /// the session does not hold makes the message a root.
  std::optional<std::string> parentSourceId;
  Role role = Role::User;
  Kind kind = Kind::Message;  // Message, Note or Code
  std::string text;
  Status status = Status::Complete;
  int64_t createdAt = 0;  // ms since the epoch; 0: unknown (the import's time)
  std::optional<ImportedCode> code;  // set for Kind::Code

  // Only a Grove bundle carries these.
  std::optional<ScopeState> scope;
  bool startsBranch = false;
  std::optional<BranchMeta> branch;  // metadata of the branch this unit heads
};

/// A capsule as a Grove bundle carries it (source units by source id).
struct ImportedCapsule {
  std::string type, name, instruction, example, source;
  bool requiresReview = true, reviewed = false, enabled = false;
  std::vector<std::string> sourceIds;
};

/// A memolet made by hand (grove/memolet/create); exchange memolets are
/// rebuilt by indexing, so a bundle needs only these.
struct ImportedMemolet {
  std::optional<std::string> title;
  std::vector<std::string> sourceIds;
  std::optional<std::string> spanSourceId;
  int64_t spanStart = 0, spanEnd = 0;
};

struct ImportedSession {
  std::string kind;      // the importer: claude-code, codex, ...
  std::string sourceId;  // the source's session id: the project remembers it
  std::string title;     // empty: the first user message makes one
  std::optional<std::string> workspaceUri;
  std::vector<ImportedMessage> messages;
  /// The source's active leaf: where the mainline ends. Absent: the last
  /// message in source order.
  std::optional<std::string> activeLeaf;

  // Only a Grove bundle carries these.
  std::optional<std::string> mainlineStart, cursor;
  std::vector<ImportedCapsule> capsules;
  std::vector<ImportedMemolet> memolets;
};

/// What reading one file gave: its sessions, the lines it skipped, or why
/// it was refused as a whole.
struct FileRead {
  std::string path;
  std::vector<ImportedSession> sessions;
  std::vector<std::string> skipped;  // "line 12: not JSON (...)"
  std::optional<std::string> refused;
};

}  // namespace grove::interchange
