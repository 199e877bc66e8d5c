// Drift: how far a message moves from the current thread's recent topic —
// the branch detector. Lexical coverage and hashed-vector similarity say how
// much of the message the thread already talks about; cues correct what
// vocabulary gets wrong ("and what about the error path?" keeps the topic in
// new words, "unrelated, but ..." leaves it in old ones).
#pragma once

#include <string>
#include <vector>

#include "structure/Context.h"

namespace grove::structure {

struct DriftEstimate {
  double coverage = 0;      // IDF-weighted share of the message's terms the thread holds
  double cosine = 0;        // hashed-vector similarity to the thread
  std::string shiftCue;     // "unrelated", "by the way", ... ("" when none)
  bool continuation = false;
  bool standalone = false;  // opens a question of its own ("how do I ...")
  double novelty = 0;       // 1 - similarity: how much of the message is new to the thread
  double score = 0;         // 0..1: higher = further from the thread
  std::vector<std::string> newWords;     // the message's informative words the thread never used
  std::vector<std::string> threadWords;  // what the thread was about
};

DriftEstimate estimateDrift(const Context& c);

}  // namespace grove::structure
