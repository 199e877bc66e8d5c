// ChildSuggestions: the offline half of grove/knowledge/suggest (MindTrellis
// §9 items 37-39): candidate children of a node drawn from the document
// passages retrieval kept for it. A candidate is a passage's own heading, or
// the lead of a list item in it ("- **Undo log**: ..." / "- Undo log — ..."),
// so every title is a phrase the documents use, and each candidate cites the
// passage it came from. Never repeated: a title already in the map, the node
// itself, or a title in `taken` (earlier suggestions for this node, whatever
// became of them) is skipped.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"

namespace grove::knowledge {

/// A passage kept for the node: its heading path ("Doc › Heading"), text
/// and citation.
struct ChildSource {
  std::string title;
  std::string text;
  Citation citation;
};

struct ChildCandidate {
  std::string title;
  std::string details;   // the sentence that introduces it
  std::string relation;  // "includes" (a heading) or "mentions" (a list item)
  Citation citation;
};

/// At most `limit` candidates for children of `nodeId`, in passage order.
std::vector<ChildCandidate> childCandidates(const KnowledgeGraph& graph, const std::string& nodeId,
                                           const std::vector<ChildSource>& sources,
                                           const std::vector<std::string>& taken, size_t limit);

/// A child as the model proposed it (the model path of suggest): `source`
/// is the 1-based number of the passage it says it comes from.
struct ProposedChild {
  std::string title;
  std::string relation;
  std::string details;
  int source = 0;
};

/// The model's proposals judged against the passages and the map: a child
/// citing no passage of `sources` is dropped, as is a title that is not
/// title-like, already in the map, the node itself, in `taken`, or proposed
/// twice; the rest are cut to `limit`, in the model's order. A blank
/// relation reads "includes"; blank details are the passage's first sentence.
std::vector<ChildCandidate> judgedChildren(const KnowledgeGraph& graph, const std::string& nodeId,
                                           const std::vector<ChildSource>& sources,
                                           const std::vector<std::string>& taken,
                                           const std::vector<ProposedChild>& proposed, size_t limit);

}  // namespace grove::knowledge
