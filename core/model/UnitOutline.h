// UnitOutline: a project's live units without their text, as a map is drawn
// from them (grove/project/structure). One string holds every id and head
// and a row holds offsets into it, so 100,000 units are a handful of
// allocations instead of 100,000 Unit objects and their strings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/Branch.h"
#include "model/Unit.h"

namespace grove {

struct UnitOutline {
  struct Row {
    uint32_t idAt = 0, idLen = 0, headAt = 0, headLen = 0;  // in `text`
    int32_t parent = -1;  // the parent's row; -1 for the root or a parent not listed
    bool hasParent = false;  // false only for a root (parentId null)
    uint32_t parentIdAt = 0, parentIdLen = 0;  // in `text`, only for a parent not listed
    bool startsBranch = false;
    Role role = Role::User;
    Kind kind = Kind::Message;
    Status status = Status::Complete;
    ScopeState scope = ScopeState::Auto;
    int64_t seq = 0;
  };

  std::string text;
  std::vector<Row> rows;  // live units in seq order
  /// The sources of the rows that have one (code units), by ascending row.
  std::vector<std::pair<size_t, Source>> sources;

  size_t size() const { return rows.size(); }
  std::string_view id(size_t i) const { return {text.data() + rows[i].idAt, rows[i].idLen}; }
  std::string_view head(size_t i) const { return {text.data() + rows[i].headAt, rows[i].headLen}; }
  /// Sets each row's `parent` from its parent's id, once every row is in
  /// (-1 for a parent not listed).
  void resolveParents();

  /// The parent's id ("" for a root).
  std::string_view parentId(size_t i) const {
    const Row& r = rows[i];
    if (r.parent >= 0) return id(static_cast<size_t>(r.parent));
    return {text.data() + r.parentIdAt, r.parentIdLen};
  }
};

/// One live unit as the store reads it for an outline. The views are valid
/// only while the row is being visited.
struct OutlineRow {
  std::string_view id;
  std::optional<std::string_view> parentId;
  std::string_view head;  // the first `headChars` characters of the content
  Role role = Role::User;
  Kind kind = Kind::Message;
  Status status = Status::Complete;
  ScopeState scope = ScopeState::Auto;
  int64_t seq = 0;
  bool startsBranch = false;
  std::optional<Source> source;
};

/// A branch of an outline: its units by row in the outline (`branch.unitIds`
/// is left empty), so a map of 100,000 units is answered without a copy of
/// every id.
struct OutlineBranch {
  Branch branch;
  std::vector<uint32_t> unitRows;
};

}  // namespace grove
