#include "structure/Workflow.h"

#include <algorithm>

#include "structure/Cues.h"

namespace grove::structure {

WorkflowEstimate estimateWorkflow(const Context& c) {
  WorkflowEstimate w;
  for (const PathTurn* t : c.branchTurns) {
    if (t->role == "user") {
      w.exchanges += 1;
      if (procedureCue(cueText(t->text))) w.procedureAsked = true;
    } else {
      w.steps = std::max(w.steps, stepMarkers(t->text));
    }
  }
  w.success = successCue(c.cue) || procedureCue(c.cue);
  double score = 0;
  if (w.steps >= 3) score += 0.4;
  else if (w.steps == 2) score += 0.25;
  if (w.procedureAsked) score += 0.25;
  if (w.exchanges >= 2) score += 0.1;
  if (w.success) score += 0.3;
  else score *= 0.5;  // not shown to work: not an asset yet
  if (w.steps < 2) score *= 0.5;  // no procedure laid out: nothing to reuse
  w.score = std::clamp(score, 0.0, 1.0);
  return w;
}

}  // namespace grove::structure
