// Deterministic 2-D positions for the memory map: the first two principal
// components (power iteration from a fixed start vector, deflation for the
// second), each component's sign fixed so its largest-magnitude loading is
// positive, then scaled into [0, 1]^2. Same data -> same picture; similar
// memolets land near each other.
#pragma once

#include <vector>

namespace grove::memory {

struct Point2 {
  double x = 0.5;
  double y = 0.5;
};

/// One point per input vector, in input order, each coordinate in [0, 1].
/// Fewer than 2 points, or no spread along an axis, give 0.5 on that axis.
std::vector<Point2> layout2d(const std::vector<std::vector<float>>& points);

}  // namespace grove::memory
