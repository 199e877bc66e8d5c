#include "memory/ExchangeRanking.h"

#include <algorithm>
#include <map>

namespace grove::memory {
namespace {

using TermScores = std::map<size_t, double>;  // term -> best message score

double total(const TermScores& t) {
  double sum = 0;
  for (const auto& [term, score] : t) sum += score;
  return sum;
}

// One term's scores over a window's exchanges.
struct InWindow {
  double best = 0, sum = 0;
  // The best, lifted by the term's recurrences along BM25's term-frequency
  // curve x(k + 1)/(x + k), 1 at x = 1 and never (k + 1) times the best; k 0
  // is the best alone, and a best of 0 stays 0 (0/0 would spoil the window).
  double score(double k) const {
    if (k <= 0 || best <= 0) return best;
    const double x = sum / best;
    return best * x * (k + 1) / (x + k);
  }
};

}  // namespace

ExchangeRankings rankExchanges(const std::vector<ExchangeMatch>& matches, size_t window, double saturation) {
  // One conversation's matching exchanges, in order.
  struct Exchange {
    TermScores terms;
    std::vector<std::pair<std::string, size_t>> heldBy;  // every memolet holding it, and its place there
  };
  std::unordered_map<std::string, std::map<size_t, Exchange>> conversations;
  std::unordered_map<std::string, size_t> firstSeen;  // memolet -> order of first appearance, for ties
  for (const auto& m : matches) {
    firstSeen.try_emplace(m.memoletId, firstSeen.size());
    Exchange& e = conversations[m.conversation][m.exchange];
    double& best = e.terms[m.term];
    best = std::max(best, m.score);
    bool known = false;
    for (const auto& [id, at] : e.heldBy) known = known || id == m.memoletId;
    if (!known) e.heldBy.push_back({m.memoletId, m.inMemolet});
  }
  struct Scored {
    double exchange = 0, window = -1;
    size_t centre = 0;
  };
  std::unordered_map<std::string, Scored> scored;
  const size_t half = std::max<size_t>(window, 1) / 2;
  for (const auto& [conversation, exchanges] : conversations)
    for (const auto& [at, e] : exchanges) {
      std::map<size_t, InWindow> inWindow;  // term -> its scores over the window's exchanges
      for (auto it = exchanges.lower_bound(at >= half ? at - half : 0); it != exchanges.end() && it->first <= at + half;
           ++it)
        for (const auto& [term, score] : it->second.terms) {
          InWindow& t = inWindow[term];
          t.best = std::max(t.best, score);
          t.sum += score;
        }
      double w = 0;
      for (const auto& [term, t] : inWindow) w += t.score(saturation);
      const double own = total(e.terms);
      // The exchange counts for every memolet holding it (a segmented one and
      // one made by hand of the same message alike).
      for (const auto& [id, inMemolet] : e.heldBy) {
        Scored& s = scored[id];
        s.exchange = std::max(s.exchange, own);
        if (w > s.window) s.window = w, s.centre = inMemolet;
      }
    }
  std::vector<std::string> ids(firstSeen.size());
  for (const auto& [id, order] : firstSeen) ids[order] = id;
  ExchangeRankings out;
  auto rank = [&](double Scored::*key) {
    std::vector<std::string> sorted = ids;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](const std::string& a, const std::string& b) { return scored.at(a).*key > scored.at(b).*key; });
    return sorted;
  };
  out.byExchange = rank(&Scored::exchange);
  out.byWindow = rank(&Scored::window);
  for (const auto& [id, s] : scored) out.centre[id] = s.centre;
  return out;
}

std::vector<std::string> windowUnits(const std::vector<std::string>& sourceUnitIds, size_t centre, size_t window) {
  const size_t exchanges = (sourceUnitIds.size() + 1) / 2;
  window = std::max<size_t>(window, 1);
  if (exchanges <= window) return sourceUnitIds;
  size_t begin = centre >= window / 2 ? centre - window / 2 : 0;
  begin = std::min(begin, exchanges - window);
  size_t from = 2 * begin, to = std::min(sourceUnitIds.size(), 2 * (begin + window));
  return {sourceUnitIds.begin() + static_cast<std::ptrdiff_t>(from),
          sourceUnitIds.begin() + static_cast<std::ptrdiff_t>(to)};
}

}  // namespace grove::memory
