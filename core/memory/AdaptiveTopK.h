// Adaptive top-k (Memolet A.2.3): keep results up to the first gap between
// consecutive scores that is larger than factor x the standard deviation of
// all gaps, so a clear drop ends the list and a flat tail is kept.
#pragma once

#include <cstddef>
#include <vector>

namespace grove::memory {

/// How many of `scoresDescending` to keep. 0 for an empty list; otherwise in
/// [min(minK, n), min(maxK, n)]. With no gap above the cut, and when the gaps
/// have no spread at all (equal or evenly spaced scores, or just two scores),
/// everything up to maxK is kept.
size_t adaptiveTopK(const std::vector<double>& scoresDescending, double factor = 0.8,
                    size_t minK = 1, size_t maxK = 10);

}  // namespace grove::memory
