// Outline: the deterministic text form of a map, for prompts and clients
// (design/board-and-knowledge.md, "Outline"). The same graph gives the same
// bytes:
//   N <id> <title> — <details>        breadth-first from the roots
//   E <from> -[<label>]-> <to>        hierarchy edges, then in the same order
//   E <from> ~[<label>]~> <to>        semantic edges
// Roots and siblings go by creation, then id. A node with several parents is
// listed once, where the walk first meets it. Line breaks inside a title or
// details become spaces, so every entity stays one line; " — <details>" is
// left out when there are none, and an unlabelled edge is "-->" or "~~>".
#pragma once

#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"

namespace grove::knowledge {

std::string outline(const KnowledgeGraph& graph);

/// Node ids in the outline's order (breadth-first from the roots).
std::vector<std::string> breadthFirst(const KnowledgeGraph& graph);

}  // namespace grove::knowledge
