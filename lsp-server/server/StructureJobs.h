// StructureJobs: the model path of issue 7, on the worker pool. The
// structure agent judges a sent message in parallel with the answer and its
// proposals are merged with the native cards; extraction asks the utility
// model for a capsule. Model output never applies itself: it only becomes a
// card (or a capsule draft), and invalid output means no suggestion.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "engine/Engine.h"

namespace grove::server {

class Server;

/// After the current batch is durable, asks the utility model about
/// `userUnit` and merges its proposals. Does nothing offline.
void startStructureAgent(Server& server, Engine& engine, const Unit& userUnit,
                         const SendAnalysis& analysis);

/// Whether extraction goes through a model (a provider other than offline).
bool modelExtraction(Server& server);

/// Drafts a capsule with the utility model on a worker; `done` runs on the
/// engine lock with the draft, or nullopt when the model failed or answered
/// invalid JSON (the caller then makes an extractive capsule).
void draftCapsule(Server& server, std::vector<Unit> units, CapsuleType type,
                  std::function<void(Engine&, const std::optional<CapsuleDraft>&)> done);

}  // namespace grove::server
