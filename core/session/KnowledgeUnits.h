// KnowledgeUnits: the link between the knowledge map and the conversation
// tree: map nodes sent into a project as one note unit (grove/knowledge/
// toUnit), and a conversation's answer with its question grown into the map
// (grove/knowledge/fromUnit).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "session/KnowledgeAsk.h"

namespace grove::session {

/// Appends a note unit holding the nodes' titles, details and sources under
/// `parentId` (null: the project's root) of `projectId`. One undoable append.
Unit knowledgeToUnit(Engine& engine, const std::string& workspaceUri, const std::vector<std::string>& nodeIds,
                     const std::string& projectId, const std::optional<std::string>& parentId);

/// Integrates assistant unit `unitId` and the user message above it into the
/// map with origin `conversation` (knowledge/ExchangeIntegration: nodes
/// matching by title or details are reused), under `nodeId`, else the node
/// the question matches, else at the top; every node made or reused records
/// the unit. One undo entry, announced as `ask`. Unknown unit: unitNotFound;
/// a unit that is not an answer: -32602 unitId.
KnowledgeTurn knowledgeFromUnit(Engine& engine, const std::string& workspaceUri, const std::string& unitId,
                                const std::optional<std::string>& nodeId);

}  // namespace grove::session
