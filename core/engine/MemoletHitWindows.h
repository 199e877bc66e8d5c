// Engine internals for memolet search: the window of exchanges a hit points
// at (its focus), and the ranking of the best results by BM25 over those
// windows read whole (memory/WindowScore). Private to core/engine.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/EngineImpl.h"
#include "memory/Rrf.h"
#include "model/Memolet.h"

namespace grove::memolets {

/// What one search has read, so the ranking and the hits it returns read
/// each memolet and walk each window once.
struct SearchReads {
  std::unordered_map<std::string, std::optional<Memolet>> memolets;
  std::unordered_map<std::string, std::vector<std::string>> windows;  // centre question -> its window's units

  /// The memolet with its text, or null (gone, or hidden).
  const Memolet* memolet(Engine::Impl& impl, const std::string& id);
  /// The units of the memolet's exchange `at` and of the exchanges before and
  /// after it on the conversation's path (in a neighbouring memolet when it
  /// is at an end of its own).
  const std::vector<std::string>& window(Engine::Impl& impl, const Memolet& m, size_t at);
};

/// The exchanges a hit points at: the window around the exchange at the
/// centre of its best window (`centres`, by place in the memolet). Empty when
/// the memolet is the hit whole (a memolet made by hand, or one of two or
/// three exchanges, the size of a window) or has no centre.
std::vector<std::string> focusOf(Engine::Impl& impl, const Memolet& m,
                                 const std::unordered_map<std::string, size_t>& centres, SearchReads& reads);

/// The best `depth` of `fused` ranked again by BM25 over what each points at,
/// read as one document: its window, else its whole text. A window may move
/// by up to `shift` exchanges within its memolet to one that scores higher,
/// and `centres` says where it went.
std::vector<std::string> rescoredWindows(Engine::Impl& impl, const std::string& query,
                                         const std::vector<memory::Fused>& fused, size_t depth, size_t shift,
                                         std::unordered_map<std::string, size_t>& centres, SearchReads& reads);

}  // namespace grove::memolets
