// grove_bench: prints Grove's performance figures against the targets.
//
// usage: grove_bench [--quick] [--db-dir DIR]
//   --quick         a small corpus (10,000 units) so CI can check the program runs
//   --appends-only  just the durable-append figure
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include <unistd.h>

#include "EngineBench.h"
#include "support/FreedMemory.h"
#include "StdioBench.h"

int main(int argc, char** argv) {
  grove::keepFreedMemory();  // as the server does: its figures are the engine's as it serves
  bool quick = false, appendsOnly = false;
  std::string dir;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--db-dir") && i + 1 < argc) dir = argv[++i];
    else if (!std::strcmp(argv[i], "--appends-only")) appendsOnly = true;
  }
  namespace fs = std::filesystem;
  fs::path base = dir.empty() ? fs::temp_directory_path() / ("grove-bench-" + std::to_string(::getpid())) : fs::path(dir);
  fs::remove_all(base);
  fs::create_directories(base);
  std::string db = (base / "corpus.db").string();
  if (appendsOnly) {
    grove::bench::runAppendBench(db, 20000);
    fs::remove_all(base);
    return 0;
  }
  int big = quick ? 10000 : 100000;
  std::printf("Building the corpus (%d-unit project + 1,000 + 10,000)...\n", big);
  auto store = grove::bench::buildStore(db, big);
  std::printf("  built in %.1f s\n\n", store.buildSeconds);
  grove::bench::runEngineBench(db, store, quick ? 2000 : 20000);
  std::printf("\n");
  grove::bench::runStdioBench(db, store, (base / "scratch.db").string(), quick);
  fs::remove_all(base);
  return 0;
}
