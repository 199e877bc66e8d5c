#include "memory/AdaptiveTopK.h"

#include <algorithm>
#include <cmath>

namespace grove::memory {

size_t adaptiveTopK(const std::vector<double>& s, double factor, size_t minK, size_t maxK) {
  size_t n = s.size();
  if (n == 0) return 0;
  size_t keep = n;
  if (n >= 2) {
    std::vector<double> gaps(n - 1);
    double mean = 0.0;
    for (size_t i = 0; i + 1 < n; ++i) {
      gaps[i] = s[i] - s[i + 1];
      mean += gaps[i];
    }
    mean /= static_cast<double>(gaps.size());
    double var = 0.0;
    for (double g : gaps) var += (g - mean) * (g - mean);
    double sd = std::sqrt(var / static_cast<double>(gaps.size()));
    // No spread among the gaps (one gap, or evenly spaced scores up to
    // rounding): no gap stands out, so there is nothing to cut at.
    if (sd <= 1e-9 * std::max(mean, 1e-12)) gaps.clear();
    double cut = factor * sd;
    for (size_t i = 0; i < gaps.size(); ++i) {
      if (gaps[i] > cut) {
        keep = i + 1;
        break;
      }
    }
  }
  keep = std::max(keep, std::min(minK, n));
  keep = std::min({keep, maxK, n});
  return keep;
}

}  // namespace grove::memory
