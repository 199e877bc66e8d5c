// BranchIndex: derives a project's branches from its units.
//
// Branches are not stored, only their metadata is: a branch is the chain that
// starts at a branch-starting unit (or the root, for the mainline) and runs
// down continuing children. Deriving them from the tree each time means no
// operation can leave membership inconsistent.
#pragma once

#include <vector>

#include "model/Branch.h"
#include "model/Unit.h"
#include "model/UnitOutline.h"

namespace grove {

/// `units`: the project's live units in seq order. `metas`: its stored
/// branch metadata (rows for heads that no longer start a branch are ignored).
/// The mainline comes first, then branches in the order their heads were made.
std::vector<Branch> deriveBranches(const std::vector<Unit>& units,
                                   const std::vector<BranchMeta>& metas);
/// The same over an outline, whose rows already name their parents' rows.
std::vector<OutlineBranch> deriveBranches(const UnitOutline& units, const std::vector<BranchMeta>& metas);

}  // namespace grove
