// Deterministic k-means for the memory map's colours. Initialisation is
// farthest-point (first centre: the point farthest from the mean; then the
// point farthest from all chosen centres), ties broken by comparing the vectors
// themselves, never by input position. Consequence (documented, tested): the
// same input gives the same output, and a permutation of the input gives the
// same partition with the same cluster numbers (numbered in seed order).
#pragma once

#include <cstddef>
#include <vector>

namespace grove::memory {

struct KMeansResult {
  std::vector<int> assignment;                // cluster of each point, in input order
  std::vector<std::vector<float>> centroids;  // k' = min(k, distinct points)
  int iterations = 0;
};

/// Squared-Euclidean Lloyd iterations until assignments settle or maxIterations.
/// k <= 0 or no points: empty result. All points must have the same dims.
KMeansResult kMeans(const std::vector<std::vector<float>>& points, int k, int maxIterations = 50);

/// The same Lloyd iterations from given starting centres (another seeding,
/// e.g. k-means++ with restarts in an evaluation). No centres: empty result.
KMeansResult kMeansFrom(const std::vector<std::vector<float>>& points, std::vector<std::vector<float>> centroids,
                        int maxIterations = 50);

/// Squared Euclidean distance (same dims).
double squaredDistance(const std::vector<float>& a, const std::vector<float>& b);

/// Default k for n points: round(sqrt(n / 2)), clamped to [1, 12] and to n (paper's suggestion, 3..12 when n allows).
int defaultClusterCount(size_t n);

}  // namespace grove::memory
