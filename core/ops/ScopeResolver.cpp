#include "ops/ScopeResolver.h"

#include <algorithm>

namespace grove {
namespace {

bool onPath(const std::vector<const Unit*>& path, const Unit* u) {
  // The path is sorted by seq, so a binary search finds the only candidate.
  auto it = std::lower_bound(path.begin(), path.end(), u->seq,
                             [](const Unit* p, int64_t seq) { return p->seq < seq; });
  return it != path.end() && *it == u;
}

}  // namespace

ResolvedScope resolveScope(const std::vector<const Unit*>& path,
                           const std::vector<const Unit*>& includedUnits) {
  ResolvedScope out;
  out.units.reserve(path.size() + includedUnits.size());
  std::vector<const Unit*> extra;
  for (const Unit* u : includedUnits)
    if (!onPath(path, u)) {
      extra.push_back(u);
      out.included.push_back(u->id);
    }
  // Merge the path (minus excluded) with the included units by seq.
  auto ei = extra.begin();
  auto take = [&](const Unit* u) {
    if (u->kind != Kind::Placeholder) out.units.push_back(u);
  };
  for (const Unit* u : path) {
    while (ei != extra.end() && (*ei)->seq < u->seq) take(*ei++);
    if (u->scope == ScopeState::Excluded) {
      out.excluded.push_back(u->id);
      continue;
    }
    take(u);
  }
  while (ei != extra.end()) take(*ei++);
  return out;
}

}  // namespace grove
