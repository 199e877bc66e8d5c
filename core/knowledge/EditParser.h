// EditParser: the offline edit route of grove/knowledge/ask. It reads the
// structured forms of design/board-and-knowledge.md ("Ask") and turns them
// into KnowledgeOps on the current map:
//   add X[, Y and Z] under P · add X · rename X to Z · delete/remove X [and Y]
//   link/connect X to Y [as L] · move X under Y · unlink X from Y
//   delete edge X -> Y · relabel X -> Y as L · undo · redo
// and two (or more) such clauses joined by "and". Anything else offline is
// needsModel; a name that matches several nodes is ambiguous (with the
// candidates); a name that matches none fails with the design's wording.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"
#include "knowledge/KnowledgeOp.h"

namespace grove::knowledge {

struct ParsedEdit {
  enum class Kind { Ops, Undo, Redo, Failure };
  Kind kind = Kind::Failure;
  std::vector<KnowledgeOp> ops;
  /// Failure: "unclear" | "ambiguous" | "needsModel" | "opFailed".
  std::string failure;
  std::string message;
  std::vector<std::string> candidates;  // node ids, for ambiguous
};

/// `selectedId`: the node the user has selected (deixis: "this", "it",
/// "that one"; and where a bare "add X" goes).
ParsedEdit parseEdit(const std::string& input, const KnowledgeGraph& graph,
                     const std::optional<std::string>& selectedId);

/// Whether the input has the shape of one of the structured forms (no map
/// needed): what the intent classifier trusts as an edit.
bool looksLikeEdit(const std::string& input);

}  // namespace grove::knowledge
