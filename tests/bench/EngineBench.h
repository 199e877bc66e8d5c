// In-process benchmark figures (see EngineBench.cpp).
#pragma once

#include <string>

namespace grove {
class Engine;
}

namespace grove::bench {

struct BuiltStore {
  std::string bigProject, bigPath100, bigPath1000, bigPath10000;
  std::string smallProject, smallPath1000;
  std::string midProject;  // 10,000 units
  double buildSeconds = 0;
};

/// Builds the corpus store: a 100,000-unit project, a 1,000-unit one and a
/// 10,000-unit one.
BuiltStore buildStore(const std::string& db, int bigUnits);
/// Durable appends, one committed transaction each.
void runAppendBench(const std::string& db, int appendCount);
void runAppendBench(Engine& engine, int appendCount);
void runEngineBench(const std::string& db, const BuiltStore& store, int appendCount);

}  // namespace grove::bench
