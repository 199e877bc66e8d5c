// Board: Contexty's memory board (DESIGN §11.2), per workspace.
//
// A board item IS a memolet (one store, one id): `memolet` holds what every
// memolet has (title, summary, text, the hashed vector); the rest is what the
// board adds (kind, provenance, tags, context, its group, badges, what the
// user edited). Groups nest, links join two items, and every change is one
// undoable BoardOperation of the workspace's log.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/Memolet.h"
#include "model/Unit.h"

namespace grove {

/// The defaults are DESIGN §11.2's: 0, 5, .15, .6, .5, auto, 3.
struct BoardSettings {
  double minGroupScore = 0;
  int relatedK = 5;
  double relatedFloor = 0.15;
  double linkScore = 0.6;
  double evolveScore = 0.5;
  std::string evolution = "auto";  // auto | cards | off
  int groupMentionSize = 3;
};

struct BoardBadge {
  std::string kind;  // updated | proposed | stale | missing
  std::vector<std::string> fields;
  std::optional<std::string> byItemId;
  std::optional<std::string> suggestionId;
  int64_t since = 0;
};

struct ScoredId {
  std::string id;
  double score = 0;
};

struct BoardPlacement {
  std::string groupId;
  double score = 0;  // S(g*) of the best existing group (0 when none)
  bool created = false;
  double threshold = 0;
  std::vector<ScoredId> related;  // R: item id and sigma
  std::vector<ScoredId> groups;   // every group with S > 0, best first
  std::string method = "native";  // native | model | manual
  /// Not stored, not on the wire: this capture wrote the group's title and
  /// summary (a new group, or the rewrite after 3 membership changes), so
  /// the model path may name it.
  bool described = false;
};

struct BoardItem {
  Memolet memolet;  // id, projectId ("" = the workspace alone), title, summary, text = content
  std::string workspaceUri;
  std::string kind = "note";  // chat | snippet | note
  std::optional<Source> source;
  std::string memo;  // on a snippet, the same as source.memo
  std::vector<std::string> tags;
  std::string context;
  std::optional<std::string> groupId;
  bool archived = false;
  bool hidden = false;
  std::vector<std::string> userEdited;  // title summary tags context memo content group
  std::vector<BoardBadge> badges;
  std::optional<BoardPlacement> placement;

  const std::string& id() const { return memolet.id; }
  bool edited(const std::string& field) const {
    return std::find(userEdited.begin(), userEdited.end(), field) != userEdited.end();
  }
};

struct BoardGroup {
  std::string id;
  std::string workspaceUri;
  std::optional<std::string> parentId;
  std::string title;
  std::string summary;
  std::vector<std::string> userEdited;  // title summary
  std::string origin = "placement";     // placement | user | reorganize
  int64_t createdAt = 0;
  /// Membership changes since the title and summary were last written
  /// (rewritten after 3 unless the user edited them).
  int membershipChanges = 0;
};

struct BoardLink {
  std::string id;
  std::string workspaceUri;
  std::string from;
  std::string to;
  std::optional<std::string> label;
  std::string origin = "placement";
  int64_t createdAt = 0;
};

struct BoardUnderstanding {
  std::string text;
  std::optional<int64_t> updatedAt;
  std::string source = "native";  // native | model
};

/// The board's header: its revision, settings and understanding.
struct BoardInfo {
  std::string workspaceUri;
  int64_t revision = 0;
  BoardSettings settings;
  BoardUnderstanding understanding;
};

/// One undo entry: the before and after image of every row it touched
/// (nullopt: the row did not exist), like the project log's snapshots.
template <class T>
struct BoardImage {
  std::string id;
  std::optional<T> before;
  std::optional<T> after;
};

struct BoardOperation {
  int64_t seq = 0;  // per workspace, assigned by the store
  std::string workspaceUri;
  std::string kind;  // capture | evolve | edit | accept
  std::vector<BoardImage<BoardItem>> items;
  std::vector<BoardImage<BoardGroup>> groups;
  std::vector<BoardImage<BoardLink>> links;
  bool undone = false;
  int64_t createdAt = 0;
  std::string author;
};

/// Announced after a durable board change (grove/board/didChange); also the
/// result of edit, undo and redo.
struct BoardChange {
  std::string workspaceUri;
  int64_t revision = 0;
  std::vector<std::string> itemIds;
  std::vector<std::string> groupIds;
  std::vector<std::string> linkIds;
  std::string op;  // capture | evolve | edit | accept | undo | redo | anchor | understanding | settings
  std::string actor;
};

}  // namespace grove
