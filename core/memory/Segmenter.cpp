#include "memory/Segmenter.h"

#include <algorithm>
#include <cmath>

namespace grove::memory {

double percentileOf(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  q = std::clamp(q, 0.0, 1.0);
  std::sort(values.begin(), values.end());
  double pos = q * static_cast<double>(values.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(pos));
  size_t hi = std::min(lo + 1, values.size() - 1);
  double frac = pos - static_cast<double>(lo);
  return values[lo] + (values[hi] - values[lo]) * frac;
}

Segmenter::Segmenter(double percentile, double fallbackThreshold, size_t maxExchanges)
    : percentile_(std::clamp(percentile, 0.0, 1.0)),
      fallback_(fallbackThreshold),
      maxExchanges_(maxExchanges) {}

double Segmenter::threshold(const std::vector<double>& history) const {
  if (history.size() < kMinHistory) return fallback_;
  return percentileOf(history, percentile_);
}

bool Segmenter::startsNew(const std::vector<double>& history, double sim) const {
  return sim < threshold(history);
}

bool Segmenter::startsNewSegment(const std::vector<double>& history, double sim,
                                 size_t openSize) const {
  if (openSize == 0) return true;
  if (maxExchanges_ > 0 && openSize >= maxExchanges_) return true;
  return startsNew(history, sim);
}

std::vector<Segment> Segmenter::segment(const std::vector<text::HashedVector>& exchanges) const {
  std::vector<Segment> out;
  SegmentTracker tracker(*this);
  for (size_t i = 0; i < exchanges.size(); ++i) {
    if (tracker.add(exchanges[i])) out.push_back({i, i});
    out.back().end = i + 1;
  }
  return out;
}

bool SegmentTracker::add(const text::HashedVector& exchange) {
  double sim = 0.0;
  if (count_ > 0) {
    history_.push_back(exchange.cosine(previous_));
    text::HashedVector centroid = openSum_;
    centroid.normalize();
    sim = exchange.cosine(centroid);
  }
  bool fresh = seg_.startsNewSegment(history_, sim, openSize_);
  if (fresh) {
    openSum_ = exchange;
    openSize_ = 1;
  } else {
    openSum_.add(exchange);
    ++openSize_;
  }
  previous_ = exchange;
  ++count_;
  return fresh;
}

}  // namespace grove::memory
