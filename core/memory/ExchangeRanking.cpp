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

}  // namespace

ExchangeRankings rankExchanges(const std::vector<ExchangeMatch>& matches, size_t window) {
  // One conversation's matching exchanges, in order.
  struct Exchange {
    TermScores terms;
    const ExchangeMatch* first = nullptr;  // its best-ranked message: the memolet it counts for
  };
  std::unordered_map<std::string, std::map<size_t, Exchange>> conversations;
  std::unordered_map<std::string, size_t> firstSeen;  // memolet -> order of first appearance, for ties
  for (const auto& m : matches) {
    firstSeen.try_emplace(m.memoletId, firstSeen.size());
    Exchange& e = conversations[m.conversation][m.exchange];
    if (!e.first) e.first = &m;
    double& best = e.terms[m.term];
    best = std::max(best, m.score);
  }
  struct Scored {
    double exchange = 0, window = -1;
    size_t centre = 0;
  };
  std::unordered_map<std::string, Scored> scored;
  const size_t half = std::max<size_t>(window, 1) / 2;
  for (const auto& [conversation, exchanges] : conversations)
    for (const auto& [at, e] : exchanges) {
      Scored& s = scored[e.first->memoletId];
      s.exchange = std::max(s.exchange, total(e.terms));
      TermScores inWindow;
      for (auto it = exchanges.lower_bound(at >= half ? at - half : 0); it != exchanges.end() && it->first <= at + half;
           ++it)
        for (const auto& [term, score] : it->second.terms) inWindow[term] = std::max(inWindow[term], score);
      if (double w = total(inWindow); w > s.window) s.window = w, s.centre = e.first->inMemolet;
    }
  std::vector<std::string> ids(firstSeen.size());
  for (const auto& [id, order] : firstSeen) ids[order] = id;
  // A memolet seen only through exchanges it does not count for has no score.
  ids.erase(std::remove_if(ids.begin(), ids.end(), [&](const std::string& id) { return !scored.count(id); }),
            ids.end());
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
