// IntentEval: the labelled knowledge-map chat inputs
// (tests/data/knowledge/intents.tsv) and accuracy of a model on a split.
#pragma once

#include <string>
#include <vector>

#include "knowledge/IntentClassifier.h"

namespace grove::knowledge::eval {

struct IntentCase {
  std::string split;  // train | dev | test
  IntentLabel label = IntentLabel::Search;
  std::string input;
};

std::vector<IntentCase> loadIntentCases(const std::string& path);

struct TrainOptions {
  int epochs = 300;
  double rate = 0.5;
  double l2 = 1e-3;
};

/// Multinomial logistic regression by full-batch gradient descent (deterministic).
IntentModel trainIntentModel(const std::vector<IntentCase>& cases, const TrainOptions& options);

/// Share of `split`'s cases the model labels right ("" = every case).
double intentAccuracy(const IntentModel& model, const std::vector<IntentCase>& cases, const std::string& split);

}  // namespace grove::knowledge::eval
