// Return: on a branch, whether the message goes back to the thread the branch
// left — by content (it is closer to the parent's recent units than to the
// branch), by announcement ("back to the parser", "anyway") or by closing the
// branch ("that works, thanks").
#pragma once

#include <string>
#include <vector>

#include "structure/Context.h"

namespace grove::structure {

struct ReturnEstimate {
  double parentCoverage = 0;   // share of the message the parent thread holds
  double branchCoverage = 0;   // share the branch holds
  std::string returnCue;       // "back to", "anyway", ... ("" when none)
  std::string closureCue;      // "thanks", "that works", ... ("" when none)
  bool closureOnly = false;    // the message only closes the branch
  bool success = false;        // it reports that something worked ("green on both now")
  bool continuation = false;
  double score = 0;            // 0..1: higher = back to the parent
  std::vector<std::string> parentWords;  // the message's words the parent thread used
};

ReturnEstimate estimateReturn(const Context& c);

}  // namespace grove::structure
