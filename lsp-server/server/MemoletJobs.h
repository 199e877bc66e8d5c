// MemoletJobs: what follows a durable memolet change. Every client of the
// core hears grove/memolet/didChange; with an OpenAI-compatible provider the
// changed memolets are embedded in the background (/v1/embeddings) and the
// vectors stored with the model's name, so each text is embedded once and the
// stored vector reused until the text or the model changes.
#pragma once

#include <string>
#include <vector>

#include "engine/Engine.h"

namespace grove::server {

class Server;

/// On the engine lock, after the commit that made the changes.
void memoletsDidChange(Server& server, Engine& engine, const std::vector<MemoletEvent>& events);

/// On the engine lock: embeds the memolets (all when `ids` is empty) that
/// have no embedding by the active provider's model, on a worker.
void embedMemolets(Server& server, Engine& engine, const std::vector<std::string>& ids);

/// On the engine lock: the first call of this run embeds every memolet still
/// lacking an embedding (made before this run or by another model); later
/// calls do nothing.
void embedMissingOnce(Server& server, Engine& engine);

}  // namespace grove::server
