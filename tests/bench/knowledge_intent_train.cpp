// grove_knowledge_intent_train: fits the knowledge-map intent classifier on
// the train split of tests/data/knowledge/intents.tsv, prints accuracy per
// split, and with --write replaces core/knowledge/IntentWeights.inc.
//
// usage: grove_knowledge_intent_train [--write] [--epochs N] [--rate R] [--l2 L]
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "IntentEval.h"

int main(int argc, char** argv) {
  using namespace grove::knowledge;
  using namespace grove::knowledge::eval;
  bool write = false;
  TrainOptions o;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--write")) write = true;
    else if (!std::strcmp(argv[i], "--epochs") && i + 1 < argc) o.epochs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--rate") && i + 1 < argc) o.rate = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--l2") && i + 1 < argc) o.l2 = std::atof(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--write] [--epochs N] [--rate R] [--l2 L]\n", argv[0]);
      return 2;
    }
  }
  try {
    auto cases = loadIntentCases(std::string(GROVE_KNOWLEDGE_DATA) + "/intents.tsv");
    IntentModel m = trainIntentModel(cases, o);
    for (const char* split : {"train", "dev", "test"})
      std::printf("%-5s accuracy %.1f%%\n", split, 100 * intentAccuracy(m, cases, split));
    if (!write) return 0;
    std::string path = std::string(GROVE_SOURCE_DIR) + "/core/knowledge/IntentWeights.inc";
    std::ofstream out(path);
    out << "// Written by grove_knowledge_intent_train (epochs " << o.epochs << ", rate " << o.rate << ", l2 " << o.l2
        << ")\n// from tests/data/knowledge/intents.tsv's train split. Do not edit.\n";
    out << "m.bias = {" << std::showpoint << m.bias[0] << "f, " << m.bias[1] << "f, " << m.bias[2] << "f};\n";
    out << "m.weights = {";
    char buf[32];
    for (size_t i = 0; i < m.weights.size(); ++i) {
      std::snprintf(buf, sizeof buf, "%#.5g", m.weights[i]);  // "#": always a point, so "f" parses
      out << (i % 16 == 0 ? "\n" : " ") << buf << "f,";
    }
    out << "\n};\n";
    std::printf("wrote %s\n", path.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove_knowledge_intent_train: %s\n", e.what());
    return 1;
  }
}
