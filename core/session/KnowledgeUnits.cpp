#include "session/KnowledgeUnits.h"

#include <chrono>

#include "knowledge/ExchangeIntegration.h"
#include "knowledge/GraphAnswer.h"
#include "knowledge/NodeNote.h"
#include "support/Error.h"
#include "support/Ids.h"

namespace grove::session {

Unit knowledgeToUnit(Engine& engine, const std::string& workspaceUri, const std::vector<std::string>& nodeIds,
                     const std::string& projectId, const std::optional<std::string>& parentId) {
  if (nodeIds.empty()) throw Error::invalidArg("nodeIds", "nodeIds must name at least one node");
  AppendRequest r;
  r.projectId = projectId;
  r.parentId = parentId;
  r.role = Role::User;
  r.kind = Kind::Note;
  r.content = knowledge::nodesAsNote(engine.knowledgeMap(workspaceUri), nodeIds);
  return engine.append(r);
}

KnowledgeTurn knowledgeFromUnit(Engine& engine, const std::string& workspaceUri, const std::string& unitId,
                                const std::optional<std::string>& nodeId) {
  using namespace knowledge;
  Unit answer = engine.unit(unitId);
  if (answer.role != Role::Assistant)
    throw Error::invalidArg("unitId", "unitId must name an assistant answer (its question is the user message above it)");
  std::string question;
  if (answer.parentId) {
    Unit above = engine.unit(*answer.parentId);
    if (above.role == Role::User) question = above.content;
  }
  KnowledgeGraph graph = engine.knowledgeMap(workspaceUri);
  if (nodeId && !graph.node(*nodeId)) throw Error::notFound("nodeNotFound", *nodeId);
  std::optional<std::string> anchor = nodeId;
  if (!anchor) {
    GraphAnswer matched = graphAnswer(graph, question.empty() ? answer.content : question, std::nullopt, 1);
    if (!matched.nodeIds.empty()) anchor = matched.nodeIds.front();
  }
  KnowledgeTurn turn;
  turn.id = newId('t');
  turn.workspaceUri = graph.workspaceUri;
  turn.input = question;
  turn.nodeId = anchor;
  turn.createdAt = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  turn.answer = KnowledgeAnswer{answer.content, true, {}, std::nullopt, std::nullopt, {}};
  Exchange exchange{question, answer.content, {answer.id}, {}};
  std::vector<KnowledgeOp> ops =
      integrateExchange(graph, exchange, anchor, Origin::Conversation,
                        engine.knowledgeSettings(graph.workspaceUri).maxNewNodes);
  if (ops.empty()) {
    turn.message = "Nothing to add: the answer has no text to put on the map.";
    return turn;
  }
  KnowledgeEditRequest edit;
  edit.workspaceUri = graph.workspaceUri;
  edit.ops = ops;
  edit.op = "ask";
  turn.change = engine.editKnowledge(edit).change;
  turn.plan = KnowledgePlan{ops, {}, std::nullopt};
  size_t added = 0, reused = 0;
  for (const auto& op : ops) {
    if (op.kind == OpKind::AddNode) ++added;
    if (op.kind == OpKind::UpdateNode) ++reused;
  }
  const KnowledgeNode* under = anchor ? graph.node(*anchor) : nullptr;
  turn.message = "Added " + std::to_string(added) + (added == 1 ? " node" : " nodes") + " from the conversation" +
                 (under ? " under " + under->title : std::string()) +
                 (reused ? "; reused " + std::to_string(reused) + (reused == 1 ? " node" : " nodes") : std::string()) +
                 ".";
  return turn;
}

}  // namespace grove::session
