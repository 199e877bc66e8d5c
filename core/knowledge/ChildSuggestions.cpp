#include "knowledge/ChildSuggestions.h"

#include <set>

#include "knowledge/Phrases.h"

namespace grove::knowledge {

std::vector<ChildCandidate> childCandidates(const KnowledgeGraph& graph, const std::string& nodeId,
                                           const std::vector<ChildSource>& sources,
                                           const std::vector<std::string>& taken, size_t limit) {
  std::set<std::string> seen;
  for (const auto& n : graph.nodes) seen.insert(titleKey(n.title));
  for (const auto& t : taken) seen.insert(titleKey(t));
  if (const KnowledgeNode* self = graph.node(nodeId)) seen.insert(titleKey(self->title));
  std::vector<ChildCandidate> out;
  auto offer = [&](const std::string& title, std::string details, const char* relation, const Citation& at) {
    if (out.size() >= limit || !titleLike(title) || !seen.insert(titleKey(title)).second) return;
    out.push_back({title, std::move(details), relation, at});
  };
  for (const auto& s : sources) {
    // The heading path's last part: the passage's own heading (or its document).
    std::string heading = s.title;
    size_t mark = heading.rfind(" › ");
    if (mark != std::string::npos) heading = heading.substr(mark + std::string(" › ").size());
    offer(plainPhrase(heading), firstSentence(s.text), "includes", s.citation);
    for (const auto& line : textLines(s.text))
      if (auto lead = listItemLead(line)) offer(lead->first, lead->second, "mentions", s.citation);
    if (out.size() >= limit) break;
  }
  return out;
}

}  // namespace grove::knowledge
