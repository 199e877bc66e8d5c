// ChangeOp: what kind of durable change a grove/project/didChange announces.
//
// One enum instead of string literals scattered over the engine, so the
// server, the clients' guide (PROTOCOL.md) and the memolet indexer agree on
// one list; a test keeps this list and PROTOCOL.md's identical.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace grove {

enum class ChangeOp {
  Create,      // a project was created
  Rename,      // its title changed
  Delete,      // units deleted (unitIds), or with no unitIds the project went to the trash
  Restore,     // the project came back from the trash
  Cursor,      // the cursor moved
  Append,      // units appended
  Edit,        // a unit's content changed
  SetScope,    // units' scope flags changed
  Mainline,    // the mainline start or end moved
  Branch,      // branch metadata changed
  ScopeReset,  // every scope flag of the project was reset
  Undo,
  Redo,
  Stream,      // an answer finished streaming or was dropped
  Summary,     // the memory agent wrote a branch summary
  Capsule,     // a capsule enabled in the project changed: its system prompt changed
  Anchor,      // code units' sources were re-anchored or got their git provenance (not history)
};

/// The wire name (`append`, `setScope`, ...).
std::string_view toString(ChangeOp op);
std::optional<ChangeOp> parseChangeOp(std::string_view name);
/// Every op, in declaration order.
const std::vector<ChangeOp>& allChangeOps();
/// True for ops that change only the listed units' own fields (content,
/// status, scope): a client refreshes those units and keeps the tree.
bool changesOnlyUnits(ChangeOp op);

}  // namespace grove
