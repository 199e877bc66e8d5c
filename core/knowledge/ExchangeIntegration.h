// ExchangeIntegration: a question and its answer grown into the map (design
// "Ask", integration; MindTrellis §9 items 33-36), as the ops one call
// applies. The general point (the question's topic, with the answer's
// extractive summary as details) goes under the anchor; the answer's
// details (its list items' leads) go under the topic. A node already in the
// map with the same title, or the same details, is reused (linked and told
// the units, never regenerated), so asking twice adds nothing twice.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/KnowledgeOp.h"

namespace grove::knowledge {

/// A detail of the answer given explicitly (an answer from the documents:
/// one per cited passage, with that passage as its source).
struct ExchangePoint {
  std::string title;
  std::string details;
  std::vector<Citation> sources;
};

struct Exchange {
  std::string question;
  std::string answer;
  std::vector<std::string> unitIds;  // recorded on every node made or reused
  std::vector<Citation> sources;     // the answer's citations, on the topic node
  std::vector<ExchangePoint> points;  // when given, the details instead of the answer's list items
};

/// The ops (AddNode with `$topic` / `$pN` refs, AddEdge hierarchy, UpdateNode
/// for unitIds) that integrate `x` under `anchorId` (null: at the top), making
/// at most `maxNewNodes` nodes. Empty when the exchange has no usable text.
std::vector<KnowledgeOp> integrateExchange(const KnowledgeGraph& graph, const Exchange& x,
                                           const std::optional<std::string>& anchorId, Origin origin,
                                           size_t maxNewNodes);

/// The question's topic as a node title: its first sentence without the
/// question mark, cut at a word to at most 8 words and 60 characters.
std::string topicTitle(const std::string& question);

}  // namespace grove::knowledge
