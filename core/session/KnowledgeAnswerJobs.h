// KnowledgeAnswerJobs: the model-written answer of a search or an expansion
// (issue 17, MindTrellis §9 items 16-18 and 24). The native route retrieves
// and filters as always; with a provider the utility model then rewrites the
// document part of the answer from the kept chunks alone
// (agents/KnowledgeAnswerAgent). The model is the grader too: a kept chunk
// the answer does not cite is marked not kept, so `citations` stay exactly
// the kept chunks, in rank order, as offline. "I don't know" from the model
// is known: false with no citations (the graph's answer, when there is one,
// still stands). A reply that cites nothing given, is not prose, or does not
// come (error, time limit) leaves the extractive answer as it was; only the
// reason is logged.
#pragma once

#include <string>
#include <vector>

#include "knowledge/ChildSuggestions.h"
#include "session/KnowledgeAsk.h"
#include "session/KnowledgePlanner.h"

namespace grove::session {

/// The chunks `turn`'s answer kept, in order, as the model is shown them:
/// the heading path and the whole chunk from the store (the citation's quote
/// when the chunk is gone). Empty when the turn has no answer or nothing was
/// kept: then there is nothing to ask the model. Engine thread.
std::vector<knowledge::ChildSource> answerPassages(Engine& engine, const KnowledgeTurn& turn);

/// Rewrites `turn`'s answer and message from the model's answer over
/// `passages` (answerPassages of the same turn), or leaves them as they are
/// (see above). Never touches the Engine: runs on the executor.
void rewriteAnswerWithModel(KnowledgeTurn& turn, const std::vector<knowledge::ChildSource>& passages,
                            const std::string& model, const KnowledgeModelCall& call);

}  // namespace grove::session
