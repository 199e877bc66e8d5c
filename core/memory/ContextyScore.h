// Contexty's retrieval score of a memory m for a query q (DESIGN §11.2),
// one of the rankings fused by RRF for context-augmented turns:
//
//   contexty(m, q) = |tok(q) ∩ tok(m)| / |tok(q)|
//                  + 0.2  · [a tag of m is a substring of q]
//                  + 0.15 · max(0, 1 − age_days(m) / 30)
//
// tok() is text::tokenize (lower-cased, code-aware, stop-words dropped) as a
// set; the caller passes m's text as the fields it covers (title, summary,
// context, memo, content, tags, path, symbol).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grove::memory {

struct ContextyScore {
  double overlap = 0;  // in [0, 1]
  double tag = 0;      // 0 or 0.2
  double recency = 0;  // in [0, 0.15]
  double total = 0;
};

ContextyScore contextyScore(std::string_view query, std::string_view memoryText,
                            const std::vector<std::string>& tags, double ageDays);

}  // namespace grove::memory
