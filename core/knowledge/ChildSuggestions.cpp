#include "knowledge/ChildSuggestions.h"

#include <set>

#include "knowledge/Phrases.h"
#include "support/Utf8.h"

namespace grove::knowledge {

namespace {

// A relation is an edge label on the canvas, not a sentence.
constexpr size_t kMaxRelation = 40;

// Title keys no new child may take: the map's titles, the node's and `taken`.
std::set<std::string> takenKeys(const KnowledgeGraph& graph, const std::string& nodeId,
                                const std::vector<std::string>& taken) {
  std::set<std::string> seen;
  for (const auto& n : graph.nodes) seen.insert(titleKey(n.title));
  for (const auto& t : taken) seen.insert(titleKey(t));
  if (const KnowledgeNode* self = graph.node(nodeId)) seen.insert(titleKey(self->title));
  return seen;
}

}  // namespace

std::vector<ChildCandidate> childCandidates(const KnowledgeGraph& graph, const std::string& nodeId,
                                           const std::vector<ChildSource>& sources,
                                           const std::vector<std::string>& taken, size_t limit) {
  std::set<std::string> seen = takenKeys(graph, nodeId, taken);
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

std::vector<ChildCandidate> judgedChildren(const KnowledgeGraph& graph, const std::string& nodeId,
                                           const std::vector<ChildSource>& sources,
                                           const std::vector<std::string>& taken,
                                           const std::vector<ProposedChild>& proposed, size_t limit) {
  std::set<std::string> seen = takenKeys(graph, nodeId, taken);
  std::vector<ChildCandidate> out;
  for (const auto& p : proposed) {
    if (out.size() >= limit) break;
    // Grounded or nothing: the passage it names must be one it was shown.
    if (p.source < 1 || static_cast<size_t>(p.source) > sources.size()) continue;
    const ChildSource& from = sources[static_cast<size_t>(p.source) - 1];
    std::string title = plainPhrase(p.title);
    if (!titleLike(title) || !seen.insert(titleKey(title)).second) continue;
    std::string relation = utf8Cut(plainPhrase(p.relation), kMaxRelation);
    std::string details = clipDetails(p.details);
    out.push_back({std::move(title), details.empty() ? firstSentence(from.text) : std::move(details),
                   relation.empty() ? "includes" : std::move(relation), from.citation});
  }
  return out;
}

}  // namespace grove::knowledge
