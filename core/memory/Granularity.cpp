#include "memory/Granularity.h"

#include <algorithm>
#include <map>

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

std::vector<size_t> centredWindowOf(const std::vector<SearchUnit>& units) {
  std::map<std::pair<size_t, size_t>, std::vector<size_t>> windowsAt;  // (conversation, begin) -> windows
  size_t longest = 0;
  for (size_t u = 0; u < units.size(); ++u)
    if (units[u].kind == UnitKind::Window) {
      windowsAt[{units[u].conversation, units[u].span.begin}].push_back(u);
      longest = std::max(longest, units[u].span.size());
    }
  std::vector<size_t> out(units.size());
  for (size_t u = 0; u < units.size(); ++u) {
    out[u] = u;
    if (units[u].kind != UnitKind::Exchange) continue;
    size_t e = units[u].span.begin;
    // Twice the distance from the window's middle to the exchange (integral).
    auto offCentre = [&](const Segment& w) {
      long twice = long(w.begin + w.end - 1) - 2 * long(e);
      return twice < 0 ? -twice : twice;
    };
    size_t best = units.size();
    for (size_t b = e + 1 > longest ? e + 1 - longest : 0; b <= e; ++b) {
      auto it = windowsAt.find({units[u].conversation, b});
      if (it == windowsAt.end()) continue;
      for (size_t w : it->second) {
        const Segment& s = units[w].span;
        if (s.end <= e) continue;
        if (best == units.size() || s.size() > units[best].span.size() ||
            (s.size() == units[best].span.size() && offCentre(s) < offCentre(units[best].span)))
          best = w;
      }
    }
    if (best != units.size()) out[u] = best;
  }
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
