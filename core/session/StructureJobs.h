// StructureJobs: the model path of structure suggestions, on the executor.
// The structure agent judges a sent message in parallel with the answer and
// its proposals are merged with the native cards; extraction asks the
// utility model for a capsule. Model output never applies itself: it only
// becomes a card (or a capsule draft), and invalid output means no suggestion.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "engine/Engine.h"

namespace grove::session {

class Session;

/// After the current batch is durable, asks the utility model about
/// `userUnit` and merges its proposals. Does nothing offline.
void startStructureAgent(Session& session, const Unit& userUnit, const SendAnalysis& analysis);

/// Drafts a capsule with the utility model on a worker; `done` runs on the
/// engine thread with the draft, or nullopt when the model failed or answered
/// invalid JSON (the caller then makes an extractive capsule).
void draftCapsule(Session& session, std::vector<Unit> units, CapsuleType type,
                  std::function<void(Engine&, const std::optional<CapsuleDraft>&)> done);

}  // namespace grove::session
