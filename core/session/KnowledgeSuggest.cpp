#include "session/KnowledgeSuggest.h"

#include <set>

#include "knowledge/ChildSuggestions.h"
#include "knowledge/GroundedAnswer.h"
#include "knowledge/Retrieval.h"
#include "support/Error.h"

namespace grove::session {

using namespace knowledge;

namespace {

constexpr size_t kPassages = 10;  // passages read per query

}  // namespace

// Its title alone first (the sharpest query), then with its details.
std::vector<ChildSource> passagesFor(Engine& engine, const KnowledgeGraph& graph, const KnowledgeNode& node) {
  std::vector<std::string> queries{node.title};
  if (!node.details.empty()) queries.push_back(node.title + " " + node.details);
  std::vector<ChildSource> out;
  std::set<std::string> seen;
  for (const auto& q : queries)
    for (const auto& c : retrieve(engine.knowledgeDocuments(), graph.workspaceUri, q, RetrievalLevel::Detail, kPassages))
      if (c.kept && seen.insert(c.leaf.id).second)
        out.push_back({c.leaf.title, c.leaf.text, toCitation(citationOf(c))});
  return out;
}

KnowledgeOp childOp(const std::string& parentId, const ChildCandidate& c) {
  KnowledgeOp op;
  op.kind = OpKind::AddNode;
  op.title = c.title;
  op.details = c.details;
  op.parentId = std::optional<std::string>(parentId);
  op.label = std::optional<std::string>(c.relation);
  op.origin = Origin::Document;
  op.sources = {c.citation};
  return op;
}

SuggestInput suggestInput(Engine& engine, const std::string& workspaceUri, const std::string& nodeId, int limit) {
  if (limit < 1 || limit > kMaxChildSuggestions) throw Error::invalidArg("limit", "limit must be 1 to 5");
  SuggestInput in;
  in.graph = engine.knowledgeMap(workspaceUri);
  const KnowledgeNode* node = in.graph.node(nodeId);
  if (!node) throw Error::notFound("nodeNotFound", nodeId);
  in.nodeId = nodeId;
  in.limit = static_cast<size_t>(limit);
  in.taken = suggestedTitles(engine, in.graph.workspaceUri, nodeId);
  in.passages = passagesFor(engine, in.graph, *node);
  return in;
}

std::vector<std::string> suggestedTitles(Engine& engine, const std::string& workspaceUri, const std::string& nodeId) {
  std::vector<std::string> taken;
  for (const auto& card : engine.boardCards(workspaceUri, SuggestionKind::Child, std::nullopt))
    if (card.anchorIds == std::vector<std::string>{nodeId} && card.title) taken.push_back(*card.title);
  return taken;
}

std::vector<Suggestion> proposeChildCards(Engine& engine, const std::string& workspaceUri, const std::string& nodeId,
                                          const std::vector<ChildCandidate>& candidates, Origin origin) {
  // Read again: with a model the candidates were made off the engine thread,
  // and the map or the cards may have moved since.
  KnowledgeGraph graph = engine.knowledgeMap(workspaceUri);
  const KnowledgeNode* node = graph.node(nodeId);
  if (!node) throw Error::notFound("nodeNotFound", nodeId);
  std::set<std::string> taken;
  for (const auto& n : graph.nodes) taken.insert(titleKey(n.title));
  for (const auto& t : suggestedTitles(engine, graph.workspaceUri, nodeId)) taken.insert(titleKey(t));
  std::vector<Suggestion> out;
  for (const auto& c : candidates) {
    if (!taken.insert(titleKey(c.title)).second) continue;
    KnowledgeOp op = childOp(nodeId, c);
    op.origin = origin;
    KnowledgeCard card{{std::move(op)}, c.relation, {c.citation}};
    out.push_back(engine.proposeKnowledgeCard(graph.workspaceUri, SuggestionKind::Child, {nodeId}, c.title,
                                              node->title + " " + c.relation + " " + c.title + ", from " +
                                                  c.citation.title,
                                              std::move(card)));
  }
  return out;
}

std::vector<Suggestion> suggestChildren(Engine& engine, const std::string& workspaceUri, const std::string& nodeId,
                                        int limit) {
  SuggestInput in = suggestInput(engine, workspaceUri, nodeId, limit);
  return proposeChildCards(engine, in.graph.workspaceUri, nodeId,
                           childCandidates(in.graph, nodeId, in.passages, in.taken, in.limit), Origin::Document);
}

Suggestion proposeEditCard(Engine& engine, const KnowledgeGraph& before, const KnowledgeEditResult& preview,
                           const std::vector<KnowledgeOp>& ops, const std::string& summary, const std::string& input) {
  std::vector<std::string> touched;
  for (const auto& id : preview.change.nodeIds)
    if (before.node(id)) touched.push_back(id);  // new nodes have no id until accepted
  return engine.proposeKnowledgeCard(before.workspaceUri, SuggestionKind::KnowledgeEdit, std::move(touched), summary,
                                     input, KnowledgeCard{ops, std::nullopt, {}});
}

}  // namespace grove::session
