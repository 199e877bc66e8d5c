#include "eval/AdjustedRand.h"

#include <map>
#include <stdexcept>
#include <utility>

namespace grove::memory::eval {

namespace {

double pairs(double n) { return n * (n - 1) / 2; }

}  // namespace

double adjustedRandIndex(const std::vector<int>& a, const std::vector<int>& b) {
  if (a.size() != b.size()) throw std::invalid_argument("adjustedRandIndex: partitions of different sizes");
  std::map<std::pair<int, int>, double> both;  // the contingency table
  std::map<int, double> rows, cols;
  for (size_t i = 0; i < a.size(); ++i) {
    both[{a[i], b[i]}] += 1;
    rows[a[i]] += 1;
    cols[b[i]] += 1;
  }
  double index = 0, sumRows = 0, sumCols = 0;
  for (const auto& [cell, n] : both) index += pairs(n);
  for (const auto& [r, n] : rows) sumRows += pairs(n);
  for (const auto& [c, n] : cols) sumCols += pairs(n);
  double total = pairs(static_cast<double>(a.size()));
  double expected = total > 0 ? sumRows * sumCols / total : 0;
  double maximum = (sumRows + sumCols) / 2;
  if (maximum == expected) {
    // Same partition iff every cell is a whole row and a whole column.
    return both.size() == rows.size() && both.size() == cols.size() ? 1.0 : 0.0;
  }
  return (index - expected) / (maximum - expected);
}

}  // namespace grove::memory::eval
