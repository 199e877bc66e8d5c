// KnowledgePlanner: an edit the offline parser cannot read, planned by the
// model (issue 17, checklist 25-32; DESIGN §11.3 "Ask"). The planner answers
// KnowledgeOps for the map's outline, the selected node and the
// instruction; they run on a copy of the map. A failing op is sent back for
// correction with its error (up to maxCorrections per op); when an op's
// corrections run out the model replans from scratch with the failures
// listed (up to maxReplans); then the edit fails. Every try is an attempt.
// Runs on the executor over a snapshot of the map: it never touches the
// Engine, and the caller commits the ops it found as one undo entry.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/KnowledgeApi.h"
#include "ports/LlmClient.h"
#include "session/KnowledgeAsk.h"

namespace grove::session {

/// One model call: the reply's text. Throws (std::exception) when the
/// provider failed, stalled or ran out of time: that ends the planning.
using KnowledgeModelCall = std::function<std::string(const ChatRequest&)>;

struct PlannedEdit {
  bool ok = false;
  std::vector<knowledge::KnowledgeOp> ops;  // ok: the plan that ran cleanly on the copy
  std::vector<KnowledgePlanAttempt> attempts;
  std::string error;  // not ok: why, for the user
};

PlannedEdit planKnowledgeEdit(const knowledge::KnowledgeGraph& graph, const std::optional<std::string>& selectedId,
                              const std::string& instruction, const KnowledgeSettings& settings,
                              const std::string& model, const KnowledgeModelCall& call);

/// The turn of a planned edit (engine thread): the ops committed as one
/// undo entry (or previewed) with a summary, or a clear `opFailed` failure
/// that changed nothing; the attempts are the plan's.
KnowledgeTurn plannedEditTurn(Engine& engine, const KnowledgeAskRequest& request, const KnowledgeIntent& intent,
                              const knowledge::KnowledgeGraph& graph, const PlannedEdit& planned);

}  // namespace grove::session
