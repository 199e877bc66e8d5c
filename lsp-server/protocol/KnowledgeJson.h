// KnowledgeJson: knowledge-map types on the wire (PROTOCOL.md, "Knowledge
// map"; DESIGN §11.3).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/Engine.h"
#include "protocol/Params.h"
#include "session/KnowledgeAsk.h"

namespace grove::proto {

using nlohmann::json;

json toJson(const knowledge::Citation&);
/// A node with its parentIds (read from the graph's hierarchy edges).
json nodeJson(const knowledge::KnowledgeGraph&, const knowledge::KnowledgeNode&);
json toJson(const knowledge::KnowledgeEdge&);
json groupJson(const knowledge::KnowledgeGraph&, const knowledge::KnowledgeGroup&);
json toJson(const knowledge::KnowledgeOp&);
json toJson(const KnowledgeChange&);
json toJson(const KnowledgeSettings&);
json toJson(const session::KnowledgeIntent&);
/// A turn; its candidates are drawn as nodes of `graph` (the map after it).
json turnJson(const session::KnowledgeTurn&, const knowledge::KnowledgeGraph& graph);

/// `ops` of grove/knowledge/edit; a bad op is -32602 naming `ops[i].field`.
std::vector<knowledge::KnowledgeOp> knowledgeOpsFrom(const json& ops);
knowledge::KnowledgeOp knowledgeOpFrom(const json& op, const std::string& path);

}  // namespace grove::proto
