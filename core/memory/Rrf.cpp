#include "memory/Rrf.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace grove::memory {

std::vector<Fused> reciprocalRankFusion(const std::vector<std::vector<std::string>>& rankings,
                                        int k) {
  return weightedReciprocalRankFusion(rankings, {}, k);
}

namespace {

void sortFused(std::vector<Fused>& fused) {
  std::sort(fused.begin(), fused.end(), [](const Fused& a, const Fused& b) {
    return a.score != b.score ? a.score > b.score : a.id < b.id;
  });
}

}  // namespace

std::vector<Fused> weightedReciprocalRankFusion(const std::vector<std::vector<std::string>>& rankings,
                                                const std::vector<double>& weights, int k) {
  std::unordered_map<std::string, double> scores;
  for (size_t r = 0; r < rankings.size(); ++r) {
    const auto& ranking = rankings[r];
    double w = r < weights.size() ? weights[r] : 1.0;
    std::unordered_set<std::string_view> seen;
    for (size_t i = 0; i < ranking.size(); ++i) {
      if (!seen.insert(ranking[i]).second) continue;
      scores[ranking[i]] += w / (static_cast<double>(k) + static_cast<double>(i + 1));
    }
  }
  std::vector<Fused> out;
  out.reserve(scores.size());
  for (auto& [id, score] : scores) out.push_back({id, score});
  sortFused(out);
  return out;
}

void addToFusion(std::vector<Fused>& fused, const std::vector<std::string>& ranking, double weight, int k) {
  std::unordered_map<std::string_view, double> share;
  for (size_t i = 0; i < ranking.size(); ++i)
    share.try_emplace(ranking[i], weight / (static_cast<double>(k) + static_cast<double>(i + 1)));
  for (auto& f : fused)
    if (auto it = share.find(f.id); it != share.end()) f.score += it->second;
  sortFused(fused);
}

}  // namespace grove::memory
