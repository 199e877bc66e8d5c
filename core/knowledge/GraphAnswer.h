// GraphAnswer: the graph-first step of a search (design "Ask"): the nodes
// whose title or details hold the query's content words, best first, and a
// short answer made of them. Offline and deterministic.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"

namespace grove::knowledge {

struct GraphAnswer {
  std::vector<std::string> nodeIds;  // matching nodes, best first
  std::optional<std::string> text;   // null when nothing matched
};

/// `scopeId`: a node-scoped query looks at that node and its descendants.
GraphAnswer graphAnswer(const KnowledgeGraph& graph, const std::string& query,
                        const std::optional<std::string>& scopeId, size_t limit = 5);

/// Lower-case content words of a text (stop-words and one-letter words dropped).
std::vector<std::string> contentWords(const std::string& text);

}  // namespace grove::knowledge
