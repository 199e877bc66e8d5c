// EditEval: runs the labelled offline edit commands
// (tests/data/knowledge/edit-commands.tsv) against the base map
// (edit-base-map.txt) and says, for each, whether the parser and the ops
// did what its label says. Shared by knowledge_tests and the bench.
#pragma once

#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"

namespace grove::knowledge::eval {

/// Builds a map from the base-map format ("Title < Parent|Parent",
/// "A ~label~> B", "#" comments).
KnowledgeGraph loadBaseMap(const std::string& path);

struct EditCase {
  int line = 0;
  std::string command;
  std::string selected;  // a title, or empty
  std::vector<std::string> expectations;
};

std::vector<EditCase> loadEditCases(const std::string& path);

struct EditOutcome {
  bool correct = false;
  std::string explanation;  // why not, when not correct
};

EditOutcome runEditCase(const KnowledgeGraph& base, const EditCase& c);

}  // namespace grove::knowledge::eval
