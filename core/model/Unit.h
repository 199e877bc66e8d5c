// Unit: one addressable piece of context (a chat turn, a code selection, a
// note, or a placeholder left where a deleted unit held the tree together).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace grove {

enum class Role { User, Assistant, System };
enum class Kind { Message, Code, Note, Placeholder };
enum class ScopeState { Auto, Included, Excluded };
enum class Status { Complete, Streaming, Interrupted, Error };

struct Position {
  int line = 0;       // 0-based
  int character = 0;  // UTF-16 code units, as in LSP
};

struct Range {
  Position start;
  Position end;
};

/// Whether captured code is still where its source says (DESIGN §11.1):
/// decided by ops/Anchoring from the file's current text.
enum class AnchorState { Unchecked, Current, Moved, Stale, Missing };

struct Anchor {
  AnchorState state = AnchorState::Unchecked;
  std::optional<int64_t> checkedAt;        // ms since the epoch of the last check
  std::optional<std::string> diffSummary;  // stale only: "-1 +1 lines: return x * 100"
};

/// Where a `code` unit came from. Clients convert editor positions to UTF-16.
/// `range` follows the code as the file changes; `capturedRange` stays where
/// it was captured. The git fields are null when unknown (no git, not a
/// repository, or a client and core that could not tell).
struct Source {
  std::string uri;
  Range range;
  std::string languageId;
  std::string memo;
  std::optional<std::string> symbol;
  std::optional<std::string> gitCommit;
  std::string contentHash;
  std::optional<std::string> gitBranch;
  std::optional<bool> dirty;
  std::optional<Range> capturedRange;  // absent in sources stored before issue 16
  Anchor anchor;
};

struct Unit {
  std::string id;
  std::string projectId;
  std::optional<std::string> parentId;  // nullopt for the root
  Role role = Role::User;
  Kind kind = Kind::Message;
  std::string content;
  Status status = Status::Complete;
  ScopeState scope = ScopeState::Auto;
  int64_t seq = 0;  // per-project, monotonic: the order prompts use
  int64_t createdAt = 0;
  std::optional<int64_t> editedAt;
  std::optional<Source> source;

  /// True when this unit starts a branch; false when it continues its
  /// parent's path (the root continues nothing and is false).
  bool startsBranch = false;
  /// Soft-deleted: kept in the store so undo can bring it back.
  bool removed = false;
  /// Who made the unit (a client name), when known.
  std::string author;
};

const char* toString(Role);
const char* toString(Kind);
const char* toString(ScopeState);
const char* toString(Status);
const char* toString(AnchorState);
std::optional<AnchorState> parseAnchorState(std::string_view);
std::optional<Role> parseRole(std::string_view);
std::optional<Kind> parseKind(std::string_view);
std::optional<ScopeState> parseScope(std::string_view);
std::optional<Status> parseStatus(std::string_view);

}  // namespace grove
