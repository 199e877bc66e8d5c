// UserModelAgent: the user model learnt from the structure event log
// (Contextify's user-model agent, native form). Outcomes are weighted as the
// paper asks: a manual structural operation is the strongest evidence (a
// boundary the suggestions missed), a rejection counts more than an ignored
// card. Each preference keeps a value, its evidence strength and a few
// representative examples; the stage says how much there is to go on.
#pragma once

#include <string>
#include <vector>

#include "model/UserModel.h"
#include "structure/Analysis.h"

namespace grove {

UserModel buildUserModel(const std::vector<StructureEvent>& events);

/// How the preferences shift the native detectors' thresholds: each
/// preference's value, weighted by its evidence.
structure::Bias biasFrom(const UserModel& model);

}  // namespace grove
