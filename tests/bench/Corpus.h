// Corpus: the fixed-seed conversation store the benchmarks measure.
//
// Shape: one project whose mainline is `mainlineDepth` units deep, and side
// branches of 100 units hanging off random mainline units until the project
// holds `totalUnits`. User units are about 200 bytes, assistant units about
// 800, and every tenth unit is a 1 KB code unit. The same seed gives the
// same text and the same tree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/Engine.h"

namespace grove::bench {

struct CorpusSpec {
  int totalUnits = 100000;
  int mainlineDepth = 10000;
  uint64_t seed = 42;
};

struct Corpus {
  std::string projectId;
  std::vector<std::string> mainline;  // unit ids, root first
};

/// Appends the corpus through the Engine (in batches of 1,000 per commit).
Corpus buildCorpus(Engine& engine, const CorpusSpec& spec);

/// Deterministic filler text of about `bytes` bytes.
std::string filler(uint64_t& state, size_t bytes);

}  // namespace grove::bench
