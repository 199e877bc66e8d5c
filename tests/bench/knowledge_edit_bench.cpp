// grove_knowledge_edit_bench: runs every labelled offline edit command
// (tests/data/knowledge/edit-commands.tsv) on the base map and prints the
// share executed correctly, then each failure with why.
//
// usage: grove_knowledge_edit_bench [DATA_DIR]
#include <cstdio>
#include <string>

#include "EditEval.h"

int main(int argc, char** argv) {
  using namespace grove::knowledge::eval;
  std::string dir = argc > 1 ? argv[1] : GROVE_KNOWLEDGE_DATA;
  try {
    auto base = loadBaseMap(dir + "/edit-base-map.txt");
    auto cases = loadEditCases(dir + "/edit-commands.tsv");
    int correct = 0;
    std::string failures;
    for (const auto& c : cases) {
      EditOutcome o = runEditCase(base, c);
      if (o.correct)
        ++correct;
      else
        failures += "  line " + std::to_string(c.line) + ": " + c.command + "\n    -> " + o.explanation + "\n";
    }
    std::printf("offline edit commands: %d/%zu executed correctly (%.1f%%)\n", correct, cases.size(),
                cases.empty() ? 0.0 : 100.0 * correct / cases.size());
    if (!failures.empty()) std::printf("failures:\n%s", failures.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove_knowledge_edit_bench: %s\n", e.what());
    return 1;
  }
}
