#include "ops/BranchIndex.h"

#include <string_view>
#include <unordered_map>

namespace grove {

namespace {

// The one derivation, over rows by index. `id(i)`: row i's id; `hasParent(i)`:
// false for a root; `parent(i)`: the parent's row, -1 when it is not among
// the rows; `parentId(i)`: the parent's id; `startsBranch(i)`.
// Each branch's units come back by row (Branch::unitIds left empty).
template <class Id, class HasParent, class Parent, class ParentId, class Starts>
std::vector<OutlineBranch> derive(size_t n, Id id, HasParent hasParent, Parent parent, ParentId parentId,
                                  Starts startsBranch, const std::vector<BranchMeta>& metas) {
  std::vector<int64_t> continuing(n, -1);  // row -> its continuing child's row
  for (size_t i = 0; i < n; ++i) {
    int64_t p = hasParent(i) && !startsBranch(i) ? parent(i) : -1;
    if (p >= 0 && continuing[static_cast<size_t>(p)] < 0) continuing[static_cast<size_t>(p)] = static_cast<int64_t>(i);
  }
  std::unordered_map<std::string_view, const BranchMeta*> metaByHead;
  for (const BranchMeta& m : metas) metaByHead.emplace(m.headId, &m);

  std::vector<OutlineBranch> out;
  for (size_t i = 0; i < n; ++i) {
    bool isRoot = !hasParent(i);
    if (!isRoot && !startsBranch(i)) continue;
    OutlineBranch ob;
    Branch& b = ob.branch;
    b.headId = std::string(id(i));
    if (!isRoot) b.anchorId = std::string(parentId(i));
    b.isMainline = isRoot;
    if (auto it = metaByHead.find(b.headId); it != metaByHead.end()) {
      b.title = it->second->title;
      b.intent = it->second->intent;
      b.status = it->second->status;
      b.summary = it->second->summary;
    }
    for (int64_t cur = static_cast<int64_t>(i); cur >= 0; cur = continuing[static_cast<size_t>(cur)])
      ob.unitRows.push_back(static_cast<uint32_t>(cur));
    if (isRoot)
      out.insert(out.begin(), std::move(ob));
    else
      out.push_back(std::move(ob));
  }
  return out;
}

}  // namespace

std::vector<Branch> deriveBranches(const std::vector<Unit>& units,
                                   const std::vector<BranchMeta>& metas) {
  std::unordered_map<std::string_view, int64_t> rowOf;
  rowOf.reserve(units.size());
  for (size_t i = 0; i < units.size(); ++i) rowOf.try_emplace(units[i].id, static_cast<int64_t>(i));
  std::vector<OutlineBranch> rows = derive(
      units.size(), [&](size_t i) -> std::string_view { return units[i].id; },
      [&](size_t i) { return units[i].parentId.has_value(); },
      [&](size_t i) -> int64_t {
        auto it = rowOf.find(*units[i].parentId);
        return it == rowOf.end() ? -1 : it->second;
      },
      [&](size_t i) -> std::string_view { return *units[i].parentId; },
      [&](size_t i) { return units[i].startsBranch; }, metas);
  std::vector<Branch> out;
  out.reserve(rows.size());
  for (OutlineBranch& ob : rows) {
    ob.branch.unitIds.reserve(ob.unitRows.size());
    for (uint32_t r : ob.unitRows) ob.branch.unitIds.push_back(units[r].id);
    out.push_back(std::move(ob.branch));
  }
  return out;
}

std::vector<OutlineBranch> deriveBranches(const UnitOutline& units, const std::vector<BranchMeta>& metas) {
  return derive(
      units.size(), [&](size_t i) { return units.id(i); }, [&](size_t i) { return units.rows[i].hasParent; },
      [&](size_t i) -> int64_t { return units.rows[i].parent; },
      [&](size_t i) { return units.parentId(i); }, [&](size_t i) { return units.rows[i].startsBranch; },
      metas);
}

}  // namespace grove
