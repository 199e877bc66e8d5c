// BoardOp: one operation of grove/board/edit (DESIGN §11.2), also what a
// board card (an evolve or reorganize suggestion) carries until accepted.
// Plain data, so the suggestion model and the store can hold it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "support/Field.h"

namespace grove {

/// One BoardOp of grove/board/edit; which fields count depends on `op`.
struct BoardOp {
  enum class Kind { UpdateItem, Move, Group, UpdateGroup, Ungroup, Link, Unlink };
  Kind op = Kind::UpdateItem;
  std::string id;                   // UpdateItem, UpdateGroup, Ungroup, Unlink
  std::optional<std::string> ref;   // Group, Link: "$ref" for later ops
  std::optional<std::string> title, summary, context, memo, content;
  std::optional<std::vector<std::string>> tags;
  std::optional<bool> hidden, archived;
  bool dismissBadges = false;
  std::vector<std::string> itemIds, groupIds;  // Move, Group
  std::optional<std::string> to;               // Move: the group (nullopt: top level); Link: item
  std::string from;                            // Link
  Field<std::string> label;                    // Link
  Field<std::string> parentId;                 // Group
};

}  // namespace grove
