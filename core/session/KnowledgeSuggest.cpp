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

std::vector<Suggestion> suggestChildren(Engine& engine, const std::string& workspaceUri, const std::string& nodeId,
                                        int limit) {
  if (limit < 1 || limit > kMaxChildSuggestions) throw Error::invalidArg("limit", "limit must be 1 to 5");
  KnowledgeGraph graph = engine.knowledgeMap(workspaceUri);
  const KnowledgeNode* node = graph.node(nodeId);
  if (!node) throw Error::notFound("nodeNotFound", nodeId);
  std::vector<std::string> taken;
  for (const auto& card : engine.boardCards(graph.workspaceUri, SuggestionKind::Child, std::nullopt))
    if (card.anchorIds == std::vector<std::string>{nodeId} && card.title) taken.push_back(*card.title);
  std::vector<Suggestion> out;
  for (const auto& c : childCandidates(graph, nodeId, passagesFor(engine, graph, *node), taken,
                                       static_cast<size_t>(limit))) {
    KnowledgeCard card{{childOp(nodeId, c)}, c.relation, {c.citation}};
    out.push_back(engine.proposeKnowledgeCard(graph.workspaceUri, SuggestionKind::Child, {nodeId}, c.title,
                                              node->title + " " + c.relation + " " + c.title + ", from " +
                                                  c.citation.title,
                                              std::move(card)));
  }
  return out;
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
