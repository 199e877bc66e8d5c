// KnowledgeOps: applies a call's ops to a map, all or nothing. The caller
// works on a copy and keeps it only when every op succeeded; a failing op
// throws the Error of DESIGN §11.4 with its opIndex and the design's wording
// ("node not found: X", "cycle: Y is a descendant of X", ...).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "knowledge/KnowledgeGraph.h"
#include "knowledge/KnowledgeOp.h"

namespace grove::knowledge {

struct ApplyContext {
  int64_t now = 0;
  /// New ids: 'n' nodes, 'e' edges, 'k' groups (support/Ids newId by default).
  std::function<std::string(char prefix)> newId;
};

/// Applies `ops` in order to `graph` (changed in place even when an op
/// fails: apply to a copy). Throws grove::OpError (an Error with the op's index).
ChangedIds applyOps(KnowledgeGraph& graph, const std::vector<KnowledgeOp>& ops, const ApplyContext& context);

}  // namespace grove::knowledge
