// grove_knowledge_intent_bench: accuracy of the shipped intent classifier
// (core/knowledge/IntentWeights.inc) per split of tests/data/knowledge/intents.tsv,
// with the confusion of the test split.
#include <cstdio>
#include <string>

#include "IntentEval.h"

int main() {
  using namespace grove::knowledge;
  using namespace grove::knowledge::eval;
  try {
    auto cases = loadIntentCases(std::string(GROVE_KNOWLEDGE_DATA) + "/intents.tsv");
    const IntentModel& m = shippedIntentModel();
    for (const char* split : {"train", "dev", "test"}) {
      int n = 0;
      for (const auto& c : cases) n += c.split == split;
      std::printf("%-5s %3d inputs, accuracy %.1f%%\n", split, n, 100 * intentAccuracy(m, cases, split));
    }
    std::printf("test misses:\n");
    for (const auto& c : cases)
      if (c.split == "test") {
        auto s = classifyIntent(m, c.input);
        if (s.label != c.label)
          std::printf("  [%s -> %s %.2f] %s\n", intentName(c.label), intentName(s.label), s.confidence, c.input.c_str());
      }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove_knowledge_intent_bench: %s\n", e.what());
    return 1;
  }
}
