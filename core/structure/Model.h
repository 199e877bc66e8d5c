// Model: the branch and return detectors as logistic regressions over
// structure/Features. Their weights are data (structure/ModelWeights.inc),
// written by the training program tests/bench/structure_train.cpp from the
// train splits with cross-validation, and compiled in: no file to find at run
// time, and the same answer on every machine.
//
// The output is a calibrated probability that the user would take the card,
// so a decision threshold is a precision floor the initiative policy can set
// (and the user model shift through adjusted()).
#pragma once

#include <string_view>
#include <vector>

namespace grove::structure {

struct LogisticModel {
  std::vector<double> weights;  // one per feature, in the order of the feature names
  /// sigmoid(weights . x)
  double probability(const std::vector<double>& x) const;
};

/// The shipped models, aligned with branchFeatureNames() / returnFeatureNames().
const LogisticModel& branchModel();
const LogisticModel& returnModel();

/// The decision thresholds training chose: the lowest probability whose
/// cross-validated precision met the floor (see ModelWeights.inc).
double shippedBranchThreshold();
/// The branch bar in chit-chat (structure::chatStyle): the best
/// cross-validated F1 on TIAGE train, where a topic shift is the norm.
double shippedBranchChatThreshold();
double shippedReturnThreshold();

/// Names the weights file gives that no feature has, or features it gives no
/// weight (empty when the two agree; a test checks).
std::vector<std::string_view> modelMismatches();

}  // namespace grove::structure
