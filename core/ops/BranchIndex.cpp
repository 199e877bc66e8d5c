#include "ops/BranchIndex.h"

#include <string_view>
#include <unordered_map>

namespace grove {

std::vector<Branch> deriveBranches(const std::vector<Unit>& units,
                                   const std::vector<BranchMeta>& metas) {
  std::unordered_map<std::string_view, const Unit*> continuing;  // parent id -> continuing child
  for (const Unit& u : units)
    if (u.parentId && !u.startsBranch) continuing.try_emplace(*u.parentId, &u);
  std::unordered_map<std::string_view, const BranchMeta*> metaByHead;
  for (const BranchMeta& m : metas) metaByHead.emplace(m.headId, &m);

  std::vector<Branch> out;
  for (const Unit& u : units) {
    bool isRoot = !u.parentId;
    if (!isRoot && !u.startsBranch) continue;
    Branch b;
    b.headId = u.id;
    b.anchorId = u.parentId;
    b.isMainline = isRoot;
    if (auto it = metaByHead.find(u.id); it != metaByHead.end()) {
      b.title = it->second->title;
      b.intent = it->second->intent;
      b.status = it->second->status;
      b.summary = it->second->summary;
    }
    for (const Unit* cur = &u; cur;) {
      b.unitIds.push_back(cur->id);
      auto it = continuing.find(cur->id);
      cur = it == continuing.end() ? nullptr : it->second;
    }
    if (isRoot)
      out.insert(out.begin(), std::move(b));
    else
      out.push_back(std::move(b));
  }
  return out;
}

}  // namespace grove
