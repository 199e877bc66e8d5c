#include "model/UnitOutline.h"

#include <functional>

namespace grove {

namespace {

// An open-addressing table of rows by id, built once per outline: 100,000
// ids are one array of slots, no node per id, and a probe reads a slot and
// then the id's text, where a node-based map read a bucket, a node and the
// text (a structure read spent 12% of its time there).
class RowsById {
public:
  explicit RowsById(const UnitOutline& o) : o_(o) {
    size_t cap = 16;
    while (cap < 2 * o.size()) cap <<= 1;
    mask_ = cap - 1;
    slots_.assign(cap, 0);
    for (size_t i = 0; i < o.size(); ++i) {
      const uint64_t h = hash(o.id(i));
      size_t at = h & mask_;
      while (slots_[at] != 0) at = (at + 1) & mask_;
      slots_[at] = tag(h) | (i + 1);
    }
  }

  /// The row whose id is `id`, or -1.
  int32_t find(std::string_view id) const {
    const uint64_t h = hash(id);
    for (size_t at = h & mask_; slots_[at] != 0; at = (at + 1) & mask_) {
      const uint64_t s = slots_[at];
      if ((s & kTagBits) != tag(h)) continue;  // most other ids end here, unread
      const size_t row = (s & ~kTagBits) - 1;
      if (o_.id(row) == id) return static_cast<int32_t>(row);
    }
    return -1;
  }

private:
  // A slot is the row + 1 (0 is empty) under 32 bits of the id's hash.
  static constexpr uint64_t kTagBits = 0xffffffff00000000ull;
  static uint64_t hash(std::string_view s) { return std::hash<std::string_view>{}(s); }
  static uint64_t tag(uint64_t h) { return (h >> 32) << 32; }

  const UnitOutline& o_;
  size_t mask_ = 0;
  std::vector<uint64_t> slots_;
};

}  // namespace

void UnitOutline::resolveParents() {
  // Most parents are the row just before (a conversation is appended in
  // order), so the table is built only at the first that is not.
  std::optional<RowsById> byId;
  for (size_t i = 0; i < rows.size(); ++i) {
    Row& row = rows[i];
    if (!row.hasParent) continue;
    const std::string_view parent(text.data() + row.parentIdAt, row.parentIdLen);
    if (i > 0 && id(i - 1) == parent) {
      row.parent = static_cast<int32_t>(i - 1);
      continue;
    }
    if (!byId) byId.emplace(*this);
    row.parent = byId->find(parent);
  }
}

}  // namespace grove
