// KnowledgeGrowth: what a search or an expansion adds to the map (DESIGN
// §11.3, "the answer grows the map under nodeId or the matched node, reusing
// nodes"; MindTrellis §9 items 21 and 33-36, and 40 for a starter question,
// which is asked like any other).
//
// - A search answered from the documents (not only from the map), when the
//   workspace's `growOnSearch` is on: the question becomes a topic node under
//   the selected node (else the node the map matched, else at the top), with
//   the answer's summary as details; each cited passage becomes a detail under
//   it (knowledge/AnswerIntegration).
// - An expansion of a node: its sub-topics, drawn from the passages the
//   documents hold for it as `suggest` draws them, are added under it
//   directly (the user asked for them; `suggest` only offers). An expansion
//   with no node, or whose node has no new sub-topic in the documents, grows
//   like a search.
// At most `maxNewNodes` new nodes; existing nodes are reused. The growth is
// one `ask` undo entry; with `preview` it is a pending knowledgeEdit card.
#pragma once

#include "session/KnowledgeAsk.h"

namespace grove::session {

/// Grows the map from `turn`'s answer (made against `graph`) and records it
/// on the turn: its plan ops, change and a line of its message. A growth
/// that fails leaves the map and the answer as they were and says why in the
/// message. Engine thread.
void growMapFromAnswer(Engine& engine, const KnowledgeAskRequest& request, const knowledge::KnowledgeGraph& graph,
                       KnowledgeTurn& turn);

}  // namespace grove::session
