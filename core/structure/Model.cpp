#include "structure/Model.h"

#include <cmath>
#include <string>
#include <unordered_map>

#include "structure/Features.h"

namespace grove::structure {
namespace {

struct Weight {
  std::string_view model, feature;
  double value;
};

#define GROVE_WEIGHT(model, feature, value) {#model, feature, value},
#define GROVE_THRESHOLD(model, value)
constexpr Weight kWeights[] = {
#include "structure/ModelWeights.inc"
};
#undef GROVE_WEIGHT
#undef GROVE_THRESHOLD

#define GROVE_WEIGHT(model, feature, value)
#define GROVE_THRESHOLD(model, value) {#model, "", value},
constexpr Weight kThresholds[] = {
#include "structure/ModelWeights.inc"
};
#undef GROVE_WEIGHT
#undef GROVE_THRESHOLD

LogisticModel load(std::string_view model, const std::vector<std::string_view>& names) {
  std::unordered_map<std::string_view, double> byName;
  for (const auto& w : kWeights)
    if (w.model == model) byName[w.feature] = w.value;
  LogisticModel m;
  for (auto n : names) m.weights.push_back(byName.count(n) ? byName[n] : 0.0);
  return m;
}

double threshold(std::string_view model) {
  for (const auto& t : kThresholds)
    if (t.model == model) return t.value;
  return 0.5;
}

}  // namespace

double LogisticModel::probability(const std::vector<double>& x) const {
  double z = 0;
  for (size_t i = 0; i < weights.size() && i < x.size(); ++i) z += weights[i] * x[i];
  return 1.0 / (1.0 + std::exp(-z));
}

const LogisticModel& branchModel() {
  static const LogisticModel m = load("branch", branchFeatureNames());
  return m;
}

const LogisticModel& returnModel() {
  static const LogisticModel m = load("return", returnFeatureNames());
  return m;
}

double shippedBranchThreshold() { return threshold("branch"); }
double shippedReturnThreshold() { return threshold("return"); }
double shippedBranchChatThreshold() { return threshold("branch_chat"); }

std::vector<std::string_view> modelMismatches() {
  std::vector<std::string_view> out;
  for (auto [model, names] : {std::pair{std::string_view("branch"), &branchFeatureNames()},
                              std::pair{std::string_view("return"), &returnFeatureNames()}}) {
    for (auto n : *names) {
      bool found = false;
      for (const auto& w : kWeights) found = found || (w.model == model && w.feature == n);
      if (!found) out.push_back(n);
    }
    for (const auto& w : kWeights) {
      if (w.model != model) continue;
      bool known = false;
      for (auto n : *names) known = known || n == w.feature;
      if (!known) out.push_back(w.feature);
    }
  }
  return out;
}

}  // namespace grove::structure
