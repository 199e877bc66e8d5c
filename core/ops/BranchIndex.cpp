#include "ops/BranchIndex.h"

#include <string_view>
#include <unordered_map>

namespace grove {

namespace {

// The one derivation, over rows by index. `id(i)`: row i's id; `hasParent(i)`:
// false for a root; `parent(i)`: the parent's row, -1 when it is not among
// the rows; `parentId(i)`: the parent's id; `startsBranch(i)`.
template <class Id, class HasParent, class Parent, class ParentId, class Starts>
std::vector<Branch> derive(size_t n, Id id, HasParent hasParent, Parent parent, ParentId parentId,
                           Starts startsBranch, const std::vector<BranchMeta>& metas) {
  std::vector<int64_t> continuing(n, -1);  // row -> its continuing child's row
  for (size_t i = 0; i < n; ++i) {
    int64_t p = hasParent(i) && !startsBranch(i) ? parent(i) : -1;
    if (p >= 0 && continuing[static_cast<size_t>(p)] < 0) continuing[static_cast<size_t>(p)] = static_cast<int64_t>(i);
  }
  std::unordered_map<std::string_view, const BranchMeta*> metaByHead;
  for (const BranchMeta& m : metas) metaByHead.emplace(m.headId, &m);

  std::vector<Branch> out;
  for (size_t i = 0; i < n; ++i) {
    bool isRoot = !hasParent(i);
    if (!isRoot && !startsBranch(i)) continue;
    Branch b;
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
      b.unitIds.emplace_back(id(static_cast<size_t>(cur)));
    if (isRoot)
      out.insert(out.begin(), std::move(b));
    else
      out.push_back(std::move(b));
  }
  return out;
}

}  // namespace

std::vector<Branch> deriveBranches(const std::vector<Unit>& units,
                                   const std::vector<BranchMeta>& metas) {
  std::unordered_map<std::string_view, int64_t> rowOf;
  rowOf.reserve(units.size());
  for (size_t i = 0; i < units.size(); ++i) rowOf.try_emplace(units[i].id, static_cast<int64_t>(i));
  std::vector<Branch> out = derive(
      units.size(), [&](size_t i) -> std::string_view { return units[i].id; },
      [&](size_t i) { return units[i].parentId.has_value(); },
      [&](size_t i) -> int64_t {
        auto it = rowOf.find(*units[i].parentId);
        return it == rowOf.end() ? -1 : it->second;
      },
      [&](size_t i) -> std::string_view { return *units[i].parentId; },
      [&](size_t i) { return units[i].startsBranch; }, metas);
  return out;
}

std::vector<Branch> deriveBranches(const UnitOutline& units, const std::vector<BranchMeta>& metas) {
  return derive(
      units.size(), [&](size_t i) { return units.id(i); }, [&](size_t i) { return units.rows[i].hasParent; },
      [&](size_t i) -> int64_t { return units.rows[i].parent; },
      [&](size_t i) { return units.parentId(i); }, [&](size_t i) { return units.rows[i].startsBranch; },
      metas);
}

}  // namespace grove
