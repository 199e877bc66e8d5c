// Delegation: the user asks in words for a structural action — "branch this
// off", "go back to the main thread", "exclude the earlier setup discussion",
// "save this as an SOP". Recognised here so the request becomes a suggestion
// card instead of an answer with invented content. Look-alikes about the
// user's code ("how do I create a git branch?", "exclude node_modules from
// the build") are not delegations.
#pragma once

#include <optional>

#include "structure/Analysis.h"

namespace grove::structure {

/// The one Signal (delegated = true) the message asks for, if any. A return
/// is only recognised on a branch.
std::optional<Signal> delegatedAction(const AnalysisInput& input);

}  // namespace grove::structure
