// Adjusted Rand index (Hubert and Arabie 1985) between two partitions of the
// same items: how often pairs of items are together or apart in both, after
// subtracting what random partitions of the same group sizes would score.
// 1 = the same partition (up to renaming), about 0 = chance, negative = worse
// than chance. Used by grove_board_eval (issue 16's placement quality).
#pragma once

#include <vector>

namespace grove::memory::eval {

/// `a[i]` and `b[i]` are item i's group in each partition (any int ids).
/// Degenerate case (both partitions all one group, or both all singletons:
/// the chance term equals the maximum): 1 when they are the same partition,
/// else 0. Throws std::invalid_argument when the sizes differ.
double adjustedRandIndex(const std::vector<int>& a, const std::vector<int>& b);

}  // namespace grove::memory::eval
