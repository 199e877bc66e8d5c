// Workflow: whether a branch that is being closed completed a reusable
// procedure — the extract detector. Extraction is rare on purpose (the paper:
// "LOW-FREQUENCY", never for a messy or unfinished discussion): it needs laid
// out steps, a user who asked for a procedure or worked through one, and a
// closing message that reports success.
#pragma once

#include "structure/Context.h"

namespace grove::structure {

struct WorkflowEstimate {
  int steps = 0;               // distinct steps the branch's answers laid out
  bool procedureAsked = false; // the user asked for steps / a walk-through
  bool success = false;        // the closing message reports success
  int exchanges = 0;           // user messages on the branch
  double score = 0;            // 0..1
};

WorkflowEstimate estimateWorkflow(const Context& c);

}  // namespace grove::structure
