// SummaryJobs: when and where path summaries are written (the memory agent's
// schedule). Offline summaries are computed at once on the engine thread; with
// a provider, the utility model writes them on a worker and the result is
// stored on the engine thread afterwards.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "engine/Engine.h"
#include "support/Error.h"

namespace grove::session {

class Session;

/// Called on the engine thread once a summary is stored (or failed).
using SummaryDone = std::function<void(Engine&, const std::optional<Error>&)>;

/// Summarizes the branch headed by `headId` (the root: the mainline). `done`
/// runs before this returns offline, later from a worker otherwise.
void summarizeBranch(Session& session, const std::string& projectId, const std::string& headId,
                     SummaryDone done);

/// The user moved from `fromUnit` to `toUnit`. When that changes path, the
/// branch being left gets its summary, and entering a branch refreshes the
/// mainline's progress summary.
void onPathSwitch(Session& session, const std::string& projectId, const std::string& fromUnit,
                  const std::string& toUnit);

}  // namespace grove::session
