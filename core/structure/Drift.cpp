#include "structure/Drift.h"

#include <algorithm>

#include "structure/Cues.h"

namespace grove::structure {

DriftEstimate estimateDrift(const Context& c) {
  DriftEstimate d;
  d.coverage = coverage(c.message, c.recent, c.idf);
  d.cosine = hashedCosine(c.message, c.recent, c.idf);
  d.shiftCue = shiftCueOf(c.messageText);
  d.continuation = d.shiftCue.empty() && continuationCue(c.cue);
  d.standalone = standaloneQuestion(c.cue);
  d.newWords = keyTerms(c.message, c.recent, c.idf, /*present=*/false, 3);
  d.threadWords = topTerms(c.recent, c.idf, 3);
  d.novelty = 1.0 - std::max(d.coverage, std::min(1.0, 1.4 * d.cosine));

  // New words alone do not make a new topic: follow-ups bring new words all
  // the time ("what should happen when the file is truncated?"). What counts:
  // an announced shift (then novelty only adds confidence), or a question of
  // its own about things the thread never mentioned.
  double score;
  if (!d.shiftCue.empty()) score = 0.7 + 0.3 * d.novelty;
  else if (d.continuation) score = 0.5 * d.novelty;
  else if (d.standalone && c.contentWords >= 3) score = d.novelty - 0.3;
  else score = d.novelty - 0.45;
  d.score = std::clamp(score, 0.0, 1.0);
  return d;
}

}  // namespace grove::structure
