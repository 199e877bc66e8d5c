// EmbeddingJobs: provider embeddings for memolets and queries. With an
// OpenAI-compatible provider the changed memolets are embedded in the
// background (/v1/embeddings) and the vectors stored with the model's name,
// so each text is embedded once and the stored vector reused until the text
// or the model changes. Without one, hashed vectors serve alone.
#pragma once

#include <string>
#include <vector>

#include "engine/Engine.h"

namespace grove::session {

class Session;

/// The name provider embeddings are stored under ("" when the active provider has none).
std::string embeddingModelOf(Session& session);

/// On the engine thread, after the commit that made the changes: embeds them
/// (the first call of a run also embeds every memolet still lacking one).
void embedChangedMemolets(Session& session, const std::vector<MemoletEvent>& events);

/// On the engine thread: the first call of this run embeds every memolet
/// still lacking an embedding by the active model; later calls do nothing.
void embedMissingOnce(Session& session);

/// On a worker: sets `query.embedding` when the provider embeds the query
/// (failures leave hashed vectors in charge, logged).
void embedQuery(Session& session, MemoletQuery& query, const std::string& model);

}  // namespace grove::session
