// KnowledgeAskJobs: the model path of grove/knowledge/classify and ask
// (issue 17, checklist 19-32). With a provider the Oracle classifies the
// input (strict JSON; anything unusable is the native classifier's answer),
// and an edit the offline parser cannot read is planned by the model with
// self-correction (session/KnowledgePlanner); a search or an expansion gets
// a model-written answer from the kept chunks (session/KnowledgeAnswerJobs).
// Structured edits stay native:
// deterministic and free. Provider calls run on the executor over a snapshot
// of the map, never on the engine thread; every stall, timeout or garbage
// reply ends in the native answer or a clear failure, never a hang.
#pragma once

#include <optional>
#include <string>

#include "session/KnowledgeAsk.h"
#include "session/Turn.h"
#include "support/Cancellation.h"

namespace grove::session {

class Session;

/// Engine thread. Bad input fails now (throws); `done` runs on the engine
/// thread with the intent.
void classifyKnowledgeWithModel(Session& session, const std::string& workspaceUri, const std::string& input,
                                const std::optional<std::string>& nodeId, Done<KnowledgeIntent> done);

/// Engine thread. Bad input fails now (throws); `done` runs on the engine
/// thread, holding the lock, with the turn (its change already committed).
/// A search or an expansion is answered natively, then rewritten by the
/// model from the kept chunks (session/KnowledgeAnswerJobs), then grows the
/// map. `cancel` reaches every model call; an ask cancelled before its
/// change is committed gets a Cancelled error in `done` and changes nothing.
void askKnowledgeWithModel(Session& session, const KnowledgeAskRequest& request, Done<KnowledgeTurn> done,
                           CancellationToken cancel);

}  // namespace grove::session
