// KnowledgeSuggestJobs: the model path of grove/knowledge/suggest (issue 17,
// MindTrellis §9 items 37-39). The passages are retrieved natively for the
// node as offline (session/KnowledgeSuggest); the utility model is given the
// node, its children, the titles already proposed and the numbered passages,
// and answers children {title, relation, details, source}. Children citing
// no passage given, or taking a title the map or an earlier card holds, are
// dropped (knowledge::judgedChildren). A reply that cannot be read, or whose
// every child was dropped, is asked again once with the reason; after that,
// or when the provider fails or runs out of time, the offline candidates are
// the answer. Model-proposed children are `origin: model`. The call runs on
// the executor over what was read on the engine thread.
#pragma once

#include <string>
#include <vector>

#include "engine/Engine.h"
#include "session/Turn.h"

namespace grove::session {

class Session;

/// Engine thread. Bad input fails now (throws); `done` runs on the engine
/// thread with the cards (stored and announced).
void suggestChildrenWithModel(Session& session, const std::string& workspaceUri, const std::string& nodeId, int limit,
                              Done<std::vector<Suggestion>> done);

}  // namespace grove::session
