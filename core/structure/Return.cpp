#include "structure/Return.h"

#include <algorithm>

#include "structure/Cues.h"

namespace grove::structure {

ReturnEstimate estimateReturn(const Context& c) {
  ReturnEstimate r;
  Closure closure = closureOf(c.messageText);
  r.closureCue = closure.phrase;
  r.closureOnly = closure.only;
  r.returnCue = returnCueOf(c.messageText);
  r.success = successCue(c.cue);
  r.continuation = continuationCue(c.cue);

  // Which thread the words belong to. After "thanks!" the rest of the message
  // is what comes next, so judge that part alone when it says enough.
  Terms tail = termsOf(closure.tail);
  int tailWords = 0;
  for (const auto& t : tail.set) tailWords += isGenericWord(t) ? 0 : 1;
  const Terms& judged = tailWords >= 2 ? tail : c.message;
  r.parentCoverage = coverage(judged, c.parent, c.idf);
  r.branchCoverage = coverage(judged, c.recent, c.idf);
  r.parentWords = keyTerms(judged, c.parent, c.idf, /*present=*/true, 3);
  bool saysEnough = (tailWords >= 2 ? tailWords : c.contentWords) >= 1;
  double pull = saysEnough ? r.parentCoverage - r.branchCoverage : 0.0;

  double score = 0.3 + 0.8 * pull;
  if (!r.returnCue.empty()) score += 0.35;
  if (r.closureOnly) score = std::max(score, 0.3) + 0.45;
  else if (!r.closureCue.empty()) score += 0.2;
  else if (r.success) score += 0.1;
  // "and ..." on a branch asks for more of the branch.
  if (r.continuation && r.returnCue.empty() && r.closureCue.empty()) score -= 0.35;
  r.score = std::clamp(score, 0.0, 1.0);
  return r;
}

}  // namespace grove::structure
