// Segmenter: decides where one memolet ends and the next begins inside a
// conversation (Memolet, UIST '24, A.2.1). Consecutive exchanges stay together
// while the newest one is similar enough to the open segment; "similar enough"
// is data-driven: the threshold is the p-th percentile of the similarities
// between consecutive exchanges seen so far in that conversation, so a chatty
// conversation and a terse one each split at their own natural seams.
//
// Segmentation only appends: a decision is made once, for the newest exchange,
// and a closed segment never changes (its id and every reference stay valid).
#pragma once

#include <cstddef>
#include <vector>

#include "text/HashedVector.h"

namespace grove::memory {

/// Half-open range [begin, end) of exchange indices in one conversation.
struct Segment {
  size_t begin = 0;
  size_t end = 0;
  size_t size() const { return end - begin; }
};

class Segmenter {
public:
  /// Tuned on the tune split of tests/data/retrieval (tests/bench/memolet_eval.cpp --sweep).
  /// The landscape is flat: percentiles 0.2-0.6 are within one query of each other; 0.6
  /// had the best MRR (fusion recall@5 0.843, MRR 0.740; 0.75 gives 0.829 / 0.720).
  static constexpr double kDefaultPercentile = 0.6;
  /// Until a conversation has this many consecutive similarities, the percentile
  /// is too noisy: the fixed threshold below applies instead.
  static constexpr size_t kMinHistory = 4;
  static constexpr double kDefaultFallbackThreshold = 0.15;
  /// A memolet is "a few exchanges": the open segment closes at this length
  /// whatever the similarity (0 = no cap).
  static constexpr size_t kDefaultMaxExchanges = 4;

  /// percentile in [0, 1] (0.75 = the 75th percentile).
  explicit Segmenter(double percentile = kDefaultPercentile,
                     double fallbackThreshold = kDefaultFallbackThreshold,
                     size_t maxExchanges = kDefaultMaxExchanges);

  /// Given the similarities between consecutive exchanges seen so far in this
  /// conversation (including the newest pair's, if the caller has it) and the
  /// similarity of the newest exchange to the open segment, does the newest one
  /// start a new memolet? (Ignores the length cap; see startsNewSegment.)
  bool startsNew(const std::vector<double>& history, double sim) const;

  /// startsNew plus the length cap: openSize = exchanges already in the open
  /// segment (0 = there is none, so the newest always starts one).
  bool startsNewSegment(const std::vector<double>& history, double sim, size_t openSize) const;

  /// The threshold startsNew compares against for this history.
  double threshold(const std::vector<double>& history) const;

  /// Batch helper (tests, eval, rebuilds): replays the incremental decisions over
  /// a whole conversation, exchange by exchange, exactly as live indexing would.
  std::vector<Segment> segment(const std::vector<text::HashedVector>& exchanges) const;

  double percentile() const { return percentile_; }
  size_t maxExchanges() const { return maxExchanges_; }

private:
  double percentile_;
  double fallback_;
  size_t maxExchanges_;
};

/// Incremental state of one conversation's segmentation, for live indexing:
/// feed exchanges in order; each call says whether the exchange opened a new
/// segment. Keeps only the open segment's centroid and the similarity history.
class SegmentTracker {
public:
  explicit SegmentTracker(Segmenter segmenter = Segmenter()) : seg_(segmenter) {}

  /// Returns true when `exchange` starts a new segment (the previous one closes).
  bool add(const text::HashedVector& exchange);

  size_t exchangeCount() const { return count_; }
  size_t openSize() const { return openSize_; }
  const std::vector<double>& history() const { return history_; }

private:
  Segmenter seg_;
  std::vector<double> history_;
  text::HashedVector previous_;
  text::HashedVector openSum_;
  size_t openSize_ = 0;
  size_t count_ = 0;
};

/// Linear-interpolated percentile (q in [0, 1]) of `values`; 0 when empty.
double percentileOf(std::vector<double> values, double q);

}  // namespace grove::memory
