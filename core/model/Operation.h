// Operation: one entry of a project's persisted operation log.
//
// Undo and redo are snapshot-based: an entry holds the full before and after
// image of every unit row, branch-metadata row and mainline mark it touched.
// Undo writes the before images back; redo writes the after images. Snapshots
// (rather than inverse commands) make every operation reversible by the same
// few lines of code, and survive restarts because they live in the store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/Branch.h"
#include "model/Unit.h"

namespace grove {

struct UnitChange {
  Unit before;  // a unit that did not exist before is imaged with removed = true
  Unit after;
  /// The operation created this unit. Only its id is logged: when undo or
  /// redo reaches this entry, every later change to the row has been undone,
  /// so the row itself is the image (and text streamed into it since, which
  /// is not history, survives a redo).
  bool created = false;
};

struct BranchChange {
  std::string headId;
  std::optional<BranchMeta> before;  // nullopt: no metadata row
  std::optional<BranchMeta> after;
};

/// The project fields an operation may move.
struct Marks {
  std::optional<std::string> mainlineStartId;
  std::optional<std::string> mainlineEndId;
  bool operator==(const Marks&) const = default;
};

struct Operation {
  int64_t seq = 0;  // per project, assigned by the store
  std::string projectId;
  std::string kind;  // "append", "edit", "setScope", "delete", "mainline", "branch", "scopeReset"
  std::vector<UnitChange> units;
  std::vector<BranchChange> branches;
  Marks marksBefore;
  Marks marksAfter;
  bool undone = false;
  int64_t createdAt = 0;
  std::string author;  // which client made the change, when known
};

}  // namespace grove
