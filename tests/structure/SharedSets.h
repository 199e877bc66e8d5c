// SharedSets: the shared benchmark sets (../shared/benchmarks, see its README)
// read into the structure evaluation's shapes. Benchmark and training
// programs only: the data is measurement-only and never enters the repository.
#pragma once

#include <string>
#include <vector>

#include "EvalReplay.h"

namespace grove::structure::eval {

/// real-dev/*.json (programming conversations with editor assistants):
/// continue -> "none", unclear -> "none" not scored, branch, return. Split "dev".
std::vector<Conversation> loadRealDev(const std::string& benchmarksDir);

/// One TIAGE dialogue: its turns and which of them shift the topic.
struct Dialogue {
  std::string id;
  std::vector<std::string> turns;
  std::vector<bool> shift;  // shift[0] is always false (the first turn is not scored)
};

/// tiage/anno_<split>.json, split "train" or "dev".
std::vector<Dialogue> loadTiage(const std::string& benchmarksDir, const std::string& split);

/// The input analyze() sees before turn `i` (> 0) of a dialogue: the turns so
/// far, alternating roles so the one just before is the assistant's.
AnalysisInput dialogueInput(const Dialogue& d, size_t i);

/// The shared benchmarks directory: `given` when not empty, else
/// <source dir>/../shared/benchmarks. Empty when it does not exist.
std::string benchmarksDir(const std::string& given, const std::string& sourceDir);

}  // namespace grove::structure::eval
