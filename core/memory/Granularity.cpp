#include "memory/Granularity.h"

#include <algorithm>

namespace grove::memory {

std::vector<SearchUnit> searchUnits(const std::vector<Segment>& memolets, const std::vector<size_t>& windows,
                                    size_t conversation) {
  std::vector<SearchUnit> out;
  size_t exchanges = memolets.empty() ? 0 : memolets.back().end;
  std::vector<size_t> holder(exchanges, 0);
  for (size_t m = 0; m < memolets.size(); ++m)
    for (size_t e = memolets[m].begin; e < memolets[m].end && e < exchanges; ++e) holder[e] = m;
  for (size_t e = 0; e < exchanges; ++e) out.push_back({UnitKind::Exchange, {e, e + 1}, holder[e], conversation});
  for (size_t window : windows)
    if (window >= 2)
      for (size_t e = 0; e + window <= exchanges; ++e)
        out.push_back({UnitKind::Window, {e, e + window}, holder[e], conversation});
  for (size_t m = 0; m < memolets.size(); ++m) out.push_back({UnitKind::Memolet, memolets[m], m, conversation});
  return out;
}

std::vector<size_t> distinctTop(const std::vector<size_t>& ranked, const std::vector<SearchUnit>& units, size_t k) {
  std::vector<size_t> out;
  for (size_t u : ranked) {
    if (out.size() >= k) break;
    const Segment& s = units[u].span;
    bool overlaps = std::any_of(out.begin(), out.end(), [&](size_t o) {
      const Segment& t = units[o].span;
      return units[o].conversation == units[u].conversation && s.begin < t.end && t.begin < s.end;
    });
    if (!overlaps) out.push_back(u);
  }
  return out;
}

}  // namespace grove::memory
