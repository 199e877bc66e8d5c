// TurnMemory: what a chat turn takes from memory (issue 8). Referenced
// memolets (`@[Title](memolet:ID)` in the message) always reach the system
// prompt; retrieval adds the memolets that fit the message, from the project's
// sandbox, or from the user's other conversations when the sandbox is empty.
//
// Offline (or with nothing to retrieve) everything happens on the engine lock
// with lexical query variants. With a provider, the utility model expands the
// message into 4-6 standalone queries and the provider embeds them, on a worker;
// retrieval then runs on the lock with those. Either way, citations
// ([citation:ID]) are parsed from the answer and returned with the turn.
#pragma once

#include <optional>
#include <string>

#include "engine/Engine.h"
#include "support/Cancellation.h"
#include "support/Error.h"

namespace grove::session {

class Session;
struct Turn;

struct TurnMemory {
  RetrievalRequest retrieval;
  std::optional<RefineRequest> refine;
  /// Expansion and query embeddings must run on a worker before resolve().
  bool needsProvider = false;
  MemoletContext context;
};

/// On the engine lock. Throws NotFound memoletNotFound for an unknown
/// reference (and for unknown ids in `refine`).
TurnMemory prepareTurnMemory(Session& session, const std::string& projectId,
                             const std::string& message, const std::optional<RefineRequest>& refine,
                             const MemoryChoice& choice);

/// On a worker: query expansion by the utility model, then query embeddings.
/// Failures fall back to the offline path (logged, never fatal to the turn).
void expandWithProvider(Session& session, TurnMemory& memory, const CancellationToken& cancel);

/// On the engine lock: retrieval with what the provider gave (errors leave
/// the context empty: a turn is never lost over its memory).
void resolveTurnMemory(Engine& engine, TurnMemory& memory);

/// `system` with the memory section appended.
std::string withMemory(const std::string& system, const TurnMemory& memory);

/// The turn's citations (parsed from the answer) and the memolets it was given.
void addMemoryResult(Engine& engine, const std::string& answer, const TurnMemory& memory, Turn& turn);

}  // namespace grove::session
