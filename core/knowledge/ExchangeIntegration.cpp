#include "knowledge/ExchangeIntegration.h"

#include <algorithm>
#include <set>

#include "knowledge/Phrases.h"
#include "memory/Summary.h"

namespace grove::knowledge {

namespace {

constexpr size_t kTopicWords = 8;
constexpr size_t kTopicChars = 60;

// A node the map already has for this title or these details.
const KnowledgeNode* existing(const KnowledgeGraph& g, const std::string& title, const std::string& details) {
  auto hits = g.byTitle(title);
  if (!hits.empty()) return hits.front();
  if (details.empty()) return nullptr;
  for (const auto& n : g.nodes)
    if (!n.details.empty() && titleKey(n.details) == titleKey(details)) return &n;
  return nullptr;
}

bool hasChild(const KnowledgeGraph& g, const std::string& parent, const std::string& child) {
  auto kids = g.childIds(parent);
  return std::find(kids.begin(), kids.end(), child) != kids.end();
}

KnowledgeOp addNode(std::string ref, std::string title, std::string details, const std::optional<std::string>& parent,
                    Origin origin, const Exchange& x) {
  KnowledgeOp op;
  op.kind = OpKind::AddNode;
  op.ref = std::move(ref);
  op.title = std::move(title);
  op.details = std::move(details);
  op.parentId = parent;  // present: a child of it; null: at the top
  op.origin = origin;
  op.unitIds = x.unitIds;
  return op;
}

KnowledgeOp tellUnits(const std::string& id, const Exchange& x) {
  KnowledgeOp op;
  op.kind = OpKind::UpdateNode;
  op.id = id;
  op.unitIds = x.unitIds;
  return op;
}

KnowledgeOp hierarchyEdge(const std::string& from, const std::string& to, Origin origin) {
  KnowledgeOp op;
  op.kind = OpKind::AddEdge;
  op.from = from;
  op.to = to;
  op.hierarchy = true;
  op.origin = origin;
  return op;
}

// The answer split into its details (its list items' leads and its
// headings, in order) and the prose around them.
struct AnswerParts {
  std::vector<ExchangePoint> points;
  std::string prose;
};

AnswerParts split(const Exchange& x) {
  AnswerParts out;
  if (!x.points.empty()) {
    out.points = x.points;
    out.prose = x.answer;
    return out;
  }
  for (const auto& line : textLines(x.answer)) {
    if (auto lead = listItemLead(line)) {
      out.points.push_back({lead->first, lead->second, {}});
    } else if (line.rfind('#', 0) == 0) {
      size_t text = line.find_first_not_of('#');
      std::string heading = text == std::string::npos ? "" : plainPhrase(line.substr(text));
      if (titleLike(heading)) out.points.push_back({heading, "", {}});
    } else {
      out.prose += line + "\n";
    }
  }
  return out;
}

}  // namespace

std::string topicTitle(const std::string& question) {
  std::string first = firstSentence(question);
  if (first.empty()) first = question;
  first = plainPhrase(first);
  while (!first.empty() && (first.back() == '?' || first.back() == ' ')) first.pop_back();
  std::string out;
  size_t words = 0, at = 0;
  while (at < first.size() && words < kTopicWords) {
    size_t end = first.find(' ', at);
    if (end == std::string::npos) end = first.size();
    std::string word = first.substr(at, end - at);
    if (!word.empty()) {
      if (out.size() + word.size() + 1 > kTopicChars) break;
      out += (out.empty() ? "" : " ") + word;
      ++words;
    }
    at = end + 1;
  }
  return out;
}

std::vector<KnowledgeOp> integrateExchange(const KnowledgeGraph& g, const Exchange& x,
                                           const std::optional<std::string>& anchorId, Origin origin,
                                           size_t maxNewNodes) {
  std::vector<KnowledgeOp> ops;
  std::string title = topicTitle(x.question.empty() ? x.answer : x.question);
  if (title.empty() || maxNewNodes == 0) return ops;
  AnswerParts parts = split(x);
  // The general point reads as the answer's prose (its list is the details).
  bool hasProse = parts.prose.find_first_not_of(" \t\r\n") != std::string::npos;
  std::string summary = clipDetails(memory::extractiveSummary(hasProse ? parts.prose : x.answer, 2));
  size_t made = 0;
  std::set<std::string> told;  // nodes already given the units
  std::string topicRef;
  const KnowledgeNode* topic = existing(g, title, summary);
  if (topic) {
    topicRef = topic->id;
    ops.push_back(tellUnits(topic->id, x));
    told.insert(topic->id);
    if (anchorId && *anchorId != topic->id && !hasChild(g, *anchorId, topic->id) && !g.isDescendant(*anchorId, topic->id))
      ops.push_back(hierarchyEdge(*anchorId, topic->id, origin));
  } else {
    ops.push_back(addNode("topic", title, summary, anchorId, origin, x));
    ops.back().sources = x.sources;
    topicRef = "$topic";
    ++made;
  }
  std::set<std::string> seen{titleKey(title)};
  for (const auto& [lead, rest, sources] : parts.points) {
    if (!seen.insert(titleKey(lead)).second) continue;
    if (const KnowledgeNode* same = existing(g, lead, rest)) {
      if (topic && (same->id == topic->id || hasChild(g, topic->id, same->id) || g.isDescendant(topic->id, same->id)))
        continue;  // already under the topic, or above it (a cycle)
      if (!topic && anchorId && g.isDescendant(*anchorId, same->id)) continue;  // the new topic's own ancestor
      if (told.insert(same->id).second) ops.push_back(tellUnits(same->id, x));
      ops.push_back(hierarchyEdge(topicRef, same->id, origin));
    } else if (made < maxNewNodes) {
      ops.push_back(addNode("p" + std::to_string(made), lead, rest, topicRef, origin, x));
      ops.back().sources = sources;
      ++made;
    }
  }
  return ops;
}

}  // namespace grove::knowledge
