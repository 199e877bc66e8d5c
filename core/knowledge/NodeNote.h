// NodeNote: the text a set of map nodes becomes when sent into a
// conversation (grove/knowledge/toUnit): each node's title, its details and
// `Sources: path:lines`, in the order given.
#pragma once

#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"

namespace grove::knowledge {

/// Throws NotFound nodeNotFound for an id the map does not hold.
std::string nodesAsNote(const KnowledgeGraph& graph, const std::vector<std::string>& nodeIds);

}  // namespace grove::knowledge
