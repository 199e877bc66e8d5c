// StructureLog: what the engine's operations record for the user model and
// announce about suggestions. Private to core/engine.
#pragma once

#include <string>

#include "engine/EngineImpl.h"

namespace grove {

/// Logs one structure event (an outcome or a manual operation) in the
/// current transaction.
void logStructureEvent(Engine::Impl& impl, const std::string& projectId, const std::string& outcome,
                       const std::string& action, const std::string& suggestionId,
                       const std::string& detail);

/// A structural operation the user made on their own (no suggestion).
inline void logManual(Engine::Impl& impl, const std::string& projectId, const std::string& action,
                      const std::string& detail) {
  logStructureEvent(impl, projectId, "manual", action, "", detail);
}

/// Queues grove/suggestion/didCreate (created) or didChange, delivered with
/// the other change events once the transaction is durable.
void announceSuggestion(Engine::Impl& impl, const Suggestion& s, bool created);

}  // namespace grove
