// KnowledgeOp: one change to a knowledge map, as the canvas and the planner
// send it (DESIGN §11.3). Node references are ids or "$ref" (a `ref` given
// by an earlier creating op of the same call).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"
#include "support/Field.h"

namespace grove::knowledge {

enum class OpKind { AddNode, UpdateNode, DeleteNode, AddEdge, UpdateEdge, DeleteEdge, Reparent, Group, Ungroup };
const char* opKindName(OpKind);
std::optional<OpKind> opKindFrom(const std::string& name);

struct KnowledgeOp {
  OpKind kind = OpKind::AddNode;
  std::optional<std::string> ref;      // AddNode, AddEdge, Group
  std::string id;                      // the node, edge or group an op changes
  std::optional<std::string> title;    // AddNode (required), UpdateNode, Group
  std::optional<std::string> details;  // AddNode, UpdateNode
  Field<std::string> parentId;         // AddNode (absent or null: a root), Reparent (required)
  Field<std::string> label;            // AddNode (its parent edge), AddEdge, UpdateEdge, Reparent
  std::optional<Origin> origin;        // AddNode (default: user), AddEdge
  std::vector<Citation> sources;       // AddNode
  std::vector<std::string> unitIds;    // AddNode; UpdateNode adds them (conversation units it came from)
  Field<Position2> position;           // AddNode, UpdateNode (null unpins)
  std::optional<bool> starred;         // UpdateNode
  Field<std::string> groupId;          // UpdateNode
  bool subtree = false;                // DeleteNode
  std::string from, to;                // AddEdge; UpdateEdge / DeleteEdge without id
  bool hierarchy = false;              // AddEdge
  std::vector<std::string> nodeIds;    // Group
};

/// What a call changed (KnowledgeChange without the revision and the op).
struct ChangedIds {
  std::vector<std::string> nodeIds, edgeIds, groupIds;
  /// "ref" (without "$") -> the id it made.
  std::vector<std::pair<std::string, std::string>> refs;
};

}  // namespace grove::knowledge
