// SharedData: the shared benchmarks (../shared/benchmarks, see its README) as
// retrieval Datasets. Benchmark programs only: measurement-only data, never
// copied into the repository.
#pragma once

#include <string>

#include "eval/RetrievalEval.h"

namespace grove::memory::eval {

/// locomo/locomo-dev.json: one exchange per pair of consecutive turns of a
/// session (each "[date] Speaker: text", with a shared photo's caption),
/// sessions in order; the questions that have
/// evidence (category 5 has none) with their evidence turns as answers. Split "dev".
Dataset loadLocomo(const std::string& benchmarksDir);

/// real-dev/*.json: one exchange per user turn with its reply; the
/// conversations' retrieval queries. Split "dev".
Dataset loadRealDevRetrieval(const std::string& benchmarksDir);

}  // namespace grove::memory::eval
