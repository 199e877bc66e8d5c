// Granularity: people look things up at the size of one exchange or two, not
// at the size of a memolet. Search therefore ranks single exchanges and short
// overlapping windows as well as the memolets themselves, all in one fused
// ranking, and every hit is mapped back to the memolet that holds it (the
// unit the rest of Grove cites, maps and references).
#pragma once

#include <cstddef>
#include <vector>

#include "memory/Segmenter.h"

namespace grove::memory {

enum class UnitKind { Exchange, Window, Memolet };

/// A searchable span of one conversation: [begin, end) exchanges, and the
/// memolet (index into the segments) that holds its first exchange.
struct SearchUnit {
  UnitKind kind = UnitKind::Exchange;
  Segment span;
  size_t memolet = 0;
  size_t conversation = 0;  // the caller's number for the conversation (units of different ones never overlap)
};

/// Every exchange, every window of each size in `windows` consecutive
/// exchanges (stride 1; sizes < 2 ignored), and every memolet, of one
/// conversation segmented into `memolets` (contiguous, covering every exchange).
std::vector<SearchUnit> searchUnits(const std::vector<Segment>& memolets, const std::vector<size_t>& windows,
                                    size_t conversation = 0);

/// For every unit, the unit that should stand for it in a ranking of windows:
/// an exchange maps to the longest window holding it with the exchange nearest
/// its middle (so its neighbours on both sides come with it: the answer to a
/// question is often the exchange just after the one that names its subject),
/// every other unit (and an exchange no window holds) to itself.
std::vector<size_t> centredWindowOf(const std::vector<SearchUnit>& units);

/// The first `k` units of a fused ranking (indices into `units`) that do not
/// overlap a unit already taken: overlapping windows would otherwise spend
/// several of the k places on the same exchanges.
std::vector<size_t> distinctTop(const std::vector<size_t>& ranked, const std::vector<SearchUnit>& units, size_t k);

}  // namespace grove::memory
