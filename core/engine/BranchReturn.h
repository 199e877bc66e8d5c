// BranchReturn: completing a branch and going back to the path it left, shared
// by a manual return (Engine::returnFromBranch) and an accepted return card
// (Engine::resolveSuggestion), so both write the same thing. Private to
// core/engine.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/EngineImpl.h"

namespace grove {

/// Where a return from the branch `here` goes: the parent path's tip (the
/// mainline's end, or the end of the parent branch's continuing chain).
std::string returnTip(Engine& engine, Engine::Impl& impl, ProjectState& ps, const Branch& here);

/// Inside a mutation: marks the branch headed by `headId` completed with
/// `summary` (absent: an extractive summary of `branchUnits`) and moves the
/// cursor to `tipId`, as one undoable operation. Returns {from, to} when the
/// cursor changed path, for the memory agent.
std::optional<std::pair<std::string, std::string>> applyReturn(Engine::Impl& impl, ProjectState& ps,
                                                               const std::string& headId,
                                                               const std::string& tipId,
                                                               const std::vector<Unit>& branchUnits,
                                                               const std::optional<std::string>& summary);

}  // namespace grove
