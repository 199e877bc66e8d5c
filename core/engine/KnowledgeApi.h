// The Engine's knowledge-map API types (issue 17, DESIGN §11.3): a call's
// ops, what it changed, and the settings the map's routes follow.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "knowledge/KnowledgeCard.h"
#include "knowledge/KnowledgeSettings.h"
#include "knowledge/KnowledgeGraph.h"
#include "knowledge/KnowledgeOp.h"

namespace grove {

/// Announced after every durable change of a map (grove/knowledge/didChange).
struct KnowledgeChange {
  std::string workspaceUri;
  int64_t revision = 0;
  std::vector<std::string> nodeIds, edgeIds, groupIds, documentUris;
  std::string op = "edit";  // edit, ask, accept, import, undo, redo, ingest, settings
  std::string actor;
};

struct KnowledgeEditRequest {
  std::string workspaceUri;
  std::vector<knowledge::KnowledgeOp> ops;
  bool preview = false;  // report what would change, store nothing
  std::optional<int64_t> expectedRevision;
  std::string op = "edit";  // the KnowledgeChange.op it is announced as
};

struct KnowledgeEditResult {
  KnowledgeChange change;
  std::vector<std::pair<std::string, std::string>> refs;  // ref -> id
  knowledge::KnowledgeGraph graph;                        // the map after (or as previewed)
};


}  // namespace grove
