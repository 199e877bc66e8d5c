// KnowledgeUnits: the link from the knowledge map to the conversation tree
// (grove/knowledge/toUnit): map nodes sent into a project as one note unit.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/Engine.h"

namespace grove::session {

/// Appends a note unit holding the nodes' titles, details and sources under
/// `parentId` (null: the project's root) of `projectId`. One undoable append.
Unit knowledgeToUnit(Engine& engine, const std::string& workspaceUri, const std::vector<std::string>& nodeIds,
                     const std::string& projectId, const std::optional<std::string>& parentId);

}  // namespace grove::session
