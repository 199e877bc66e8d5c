// KnowledgeCard: what a knowledge-map card (Suggestion kinds child and
// knowledgeEdit, DESIGN §11.4) proposes beyond a board card: the
// KnowledgeOps accepting it applies as one undo entry of the map, and for a
// child, the relation to its parent and the document passages it rests on.
// Suggestion::knowledge points at one; it never changes once made.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/KnowledgeOp.h"

namespace grove::knowledge {

struct KnowledgeCard {
  std::vector<KnowledgeOp> ops;
  std::optional<std::string> relation;  // child: the label of the parent edge
  std::vector<Citation> citations;      // child: where in the documents it comes from
};

}  // namespace grove::knowledge
