#include "IntentEval.h"

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace grove::knowledge::eval {

std::vector<IntentCase> loadIntentCases(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<IntentCase> out;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    size_t a = line.find('\t'), b = line.find('\t', a + 1);
    if (a == std::string::npos || b == std::string::npos)
      throw std::runtime_error(path + ":" + std::to_string(n) + ": needs split, label and input");
    auto label = intentFrom(line.substr(a + 1, b - a - 1));
    if (!label) throw std::runtime_error(path + ":" + std::to_string(n) + ": unknown label");
    out.push_back({line.substr(0, a), *label, line.substr(b + 1)});
  }
  return out;
}

IntentModel trainIntentModel(const std::vector<IntentCase>& cases, const TrainOptions& o) {
  IntentModel m;
  m.weights.assign(kIntentLabels * kIntentDim, 0.0f);
  std::vector<std::vector<std::pair<int, float>>> xs;
  std::vector<int> ys;
  for (const auto& c : cases)
    if (c.split == "train") {
      xs.push_back(intentFeatures(c.input));
      ys.push_back(static_cast<int>(c.label));
    }
  if (xs.empty()) return m;
  std::vector<double> w(m.weights.size(), 0.0), grad(w.size());
  std::array<double, kIntentLabels> bias{}, gbias{};
  for (int epoch = 0; epoch < o.epochs; ++epoch) {
    std::fill(grad.begin(), grad.end(), 0.0);
    gbias = {};
    for (size_t i = 0; i < xs.size(); ++i) {
      std::array<double, kIntentLabels> z{}, p{};
      double mx = -1e300, sum = 0;
      for (int k = 0; k < kIntentLabels; ++k) {
        z[k] = bias[k];
        for (const auto& [f, v] : xs[i]) z[k] += w[k * kIntentDim + f] * v;
        mx = std::max(mx, z[k]);
      }
      for (int k = 0; k < kIntentLabels; ++k) sum += (p[k] = std::exp(z[k] - mx));
      for (int k = 0; k < kIntentLabels; ++k) {
        double err = p[k] / sum - (ys[i] == k ? 1.0 : 0.0);
        gbias[k] += err;
        for (const auto& [f, v] : xs[i]) grad[k * kIntentDim + f] += err * v;
      }
    }
    double n = static_cast<double>(xs.size());
    for (size_t j = 0; j < w.size(); ++j) w[j] -= o.rate * (grad[j] / n + o.l2 * w[j]);
    for (int k = 0; k < kIntentLabels; ++k) bias[k] -= o.rate * gbias[k] / n;
  }
  for (size_t j = 0; j < w.size(); ++j) m.weights[j] = static_cast<float>(w[j]);
  for (int k = 0; k < kIntentLabels; ++k) m.bias[k] = static_cast<float>(bias[k]);
  return m;
}

double intentAccuracy(const IntentModel& model, const std::vector<IntentCase>& cases, const std::string& split) {
  int total = 0, right = 0;
  for (const auto& c : cases) {
    if (!split.empty() && c.split != split) continue;
    ++total;
    if (classifyIntent(model, c.input).label == c.label) ++right;
  }
  return total ? static_cast<double>(right) / total : 0.0;
}

}  // namespace grove::knowledge::eval
