#include "memory/KMeans.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace grove::memory {

double squaredDistance(const std::vector<float>& a, const std::vector<float>& b) {
  double d = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    double x = static_cast<double>(a[i]) - b[i];
    d += x * x;
  }
  return d;
}

namespace {

// Farthest-point seeding. `scoreOf(i)` is the distance to beat; ties go to the
// lexicographically smaller vector, so input order never decides.
size_t argmaxByValue(const std::vector<std::vector<float>>& points, const std::vector<double>& score) {
  size_t best = 0;
  for (size_t i = 1; i < points.size(); ++i) {
    if (score[i] > score[best] || (score[i] == score[best] && points[i] < points[best])) best = i;
  }
  return best;
}

}  // namespace

int defaultClusterCount(size_t n) {
  if (n == 0) return 0;
  int k = static_cast<int>(std::lround(std::sqrt(static_cast<double>(n) / 2.0)));
  k = std::clamp(k, 3, 12);
  return std::min<int>(k, static_cast<int>(n));
}

KMeansResult kMeans(const std::vector<std::vector<float>>& points, int k, int maxIterations) {
  KMeansResult r;
  if (k <= 0 || points.empty()) return r;
  const size_t n = points.size();
  const size_t dims = points[0].size();

  std::vector<double> mean(dims, 0.0);
  for (auto& p : points)
    for (size_t d = 0; d < dims; ++d) mean[d] += p[d];
  std::vector<float> meanF(dims);
  for (size_t d = 0; d < dims; ++d) meanF[d] = static_cast<float>(mean[d] / static_cast<double>(n));

  std::vector<double> nearest(n);
  for (size_t i = 0; i < n; ++i) nearest[i] = squaredDistance(points[i], meanF);
  size_t first = argmaxByValue(points, nearest);
  r.centroids.push_back(points[first]);
  for (size_t i = 0; i < n; ++i) nearest[i] = squaredDistance(points[i], points[first]);
  while (r.centroids.size() < static_cast<size_t>(k)) {
    size_t next = argmaxByValue(points, nearest);
    if (nearest[next] <= 0.0) break;  // fewer distinct points than k
    r.centroids.push_back(points[next]);
    for (size_t i = 0; i < n; ++i) nearest[i] = std::min(nearest[i], squaredDistance(points[i], points[next]));
  }

  return kMeansFrom(points, std::move(r.centroids), maxIterations);
}

KMeansResult kMeansFrom(const std::vector<std::vector<float>>& points, std::vector<std::vector<float>> centroids,
                        int maxIterations) {
  KMeansResult r;
  if (centroids.empty() || points.empty()) return r;
  const size_t n = points.size();
  const size_t dims = points[0].size();
  r.centroids = std::move(centroids);
  const size_t kk = r.centroids.size();
  r.assignment.assign(n, -1);
  for (int it = 0; it < maxIterations; ++it) {
    bool changed = false;
    for (size_t i = 0; i < n; ++i) {
      int best = 0;
      double bestD = std::numeric_limits<double>::infinity();
      for (size_t c = 0; c < kk; ++c) {
        double d = squaredDistance(points[i], r.centroids[c]);
        if (d < bestD) {
          bestD = d;
          best = static_cast<int>(c);
        }
      }
      if (r.assignment[i] != best) {
        r.assignment[i] = best;
        changed = true;
      }
    }
    r.iterations = it + 1;
    if (!changed && it > 0) break;
    std::vector<std::vector<double>> sum(kk, std::vector<double>(dims, 0.0));
    std::vector<size_t> count(kk, 0);
    for (size_t i = 0; i < n; ++i) {
      auto& s = sum[static_cast<size_t>(r.assignment[i])];
      for (size_t d = 0; d < dims; ++d) s[d] += points[i][d];
      ++count[static_cast<size_t>(r.assignment[i])];
    }
    for (size_t c = 0; c < kk; ++c) {
      if (count[c] == 0) continue;  // keeps its previous centre
      for (size_t d = 0; d < dims; ++d)
        r.centroids[c][d] = static_cast<float>(sum[c][d] / static_cast<double>(count[c]));
    }
  }
  return r;
}

}  // namespace grove::memory
