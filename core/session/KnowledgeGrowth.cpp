#include "session/KnowledgeGrowth.h"

#include "knowledge/AnswerIntegration.h"
#include "knowledge/ChildSuggestions.h"
#include "knowledge/GraphAnswer.h"
#include "knowledge/IntentClassifier.h"
#include "session/KnowledgeSuggest.h"
#include "support/Error.h"
#include "support/Log.h"

namespace grove::session {

using namespace knowledge;

namespace {

// The part of the answer the documents wrote: the map's own answer, when it
// leads the text, is already on the map.
std::string documentPart(const KnowledgeAnswer& a) {
  if (a.graphAnswer && a.text.rfind(*a.graphAnswer, 0) == 0) {
    size_t at = a.text.find_first_not_of("\n", a.graphAnswer->size());
    return at == std::string::npos ? std::string() : a.text.substr(at);
  }
  return a.text;
}

// The node a search grows under: the one it was asked about, else the best
// match in the map, else none (the top).
std::optional<std::string> anchorFor(const KnowledgeGraph& graph, const KnowledgeTurn& turn, const std::string& question) {
  if (turn.nodeId && graph.node(*turn.nodeId)) return turn.nodeId;
  GraphAnswer matched = graphAnswer(graph, question, std::nullopt, 1);
  if (!matched.nodeIds.empty()) return matched.nodeIds.front();
  return std::nullopt;
}

std::vector<KnowledgeOp> expansionOps(Engine& engine, const KnowledgeGraph& graph, const std::string& nodeId,
                                      size_t maxNewNodes) {
  std::vector<KnowledgeOp> ops;
  const KnowledgeNode* node = graph.node(nodeId);
  if (!node) return ops;
  for (const auto& c : childCandidates(graph, nodeId, passagesFor(engine, graph, *node), {}, maxNewNodes))
    ops.push_back(childOp(nodeId, c));
  return ops;
}

// "Added to the map under Engine: Undo, Undo log." from what the ops did.
std::string grownLine(const std::vector<KnowledgeOp>& ops, const KnowledgeGraph& graph,
                      const std::optional<std::string>& anchor) {
  std::string added;
  size_t reused = 0;
  for (const auto& op : ops) {
    if (op.kind == OpKind::AddNode) added += (added.empty() ? "" : ", ") + op.title.value_or("");
    if (op.kind == OpKind::UpdateNode) ++reused;
  }
  const KnowledgeNode* under = anchor ? graph.node(*anchor) : nullptr;
  std::string line = added.empty() ? std::string("Nothing new for the map") : "Added to the map" +
                                                                                  (under ? " under " + under->title : std::string()) +
                                                                                  ": " + added;
  if (reused) line += "; reused " + std::to_string(reused) + (reused == 1 ? " node" : " nodes");
  return line + ".";
}

}  // namespace

void growMapFromAnswer(Engine& engine, const KnowledgeAskRequest& request, const KnowledgeGraph& graph,
                       KnowledgeTurn& turn) {
  if (!turn.answer || !turn.answer->known || turn.answer->citations.empty() || turn.failure || !turn.intent) return;
  KnowledgeSettings settings = engine.knowledgeSettings(graph.workspaceUri);
  bool expansion = turn.intent->label == IntentLabel::Expansion;
  if ((!expansion && !settings.growOnSearch) || settings.maxNewNodes <= 0) return;
  auto budget = static_cast<size_t>(settings.maxNewNodes);

  std::vector<KnowledgeOp> ops;
  std::optional<std::string> anchor;
  if (expansion && turn.nodeId && graph.node(*turn.nodeId)) {
    anchor = turn.nodeId;
    ops = expansionOps(engine, graph, *turn.nodeId, budget);
  }
  if (ops.empty()) {
    std::string question = turn.intent->rewritten.empty() ? request.input : turn.intent->rewritten;
    if (expansion) question = expansionTopic(question);  // the subject, not the template's words
    anchor = anchorFor(graph, turn, question);
    ops = integrateExchange(graph, answerExchange(question, documentPart(*turn.answer), turn.answer->citations),
                            anchor, Origin::Document, budget);
  }
  if (ops.empty()) return;

  KnowledgeEditRequest edit;
  edit.workspaceUri = graph.workspaceUri;
  edit.ops = ops;
  edit.preview = request.preview;
  edit.op = "ask";
  edit.expectedRevision = graph.revision;  // grown against what was answered from
  try {
    KnowledgeEditResult result = engine.editKnowledge(edit);
    std::string line = grownLine(ops, graph, anchor);
    turn.plan = KnowledgePlan{ops, {}, std::nullopt};
    if (request.preview) {
      // A preview asks first: the growth waits as a card the user accepts.
      line = "Would add: " + line;
      turn.plan->suggestionId = proposeEditCard(engine, graph, result, ops, line, request.input).id;
    } else {
      turn.change = result.change;
    }
    turn.message += "\n\n" + line;
  } catch (const Error& e) {
    // The answer stands; only the map stays as it was.
    log::warn(std::string("knowledge ask: the answer was not added to the map: ") + e.what());
    turn.message += std::string("\n\nNot added to the map: ") + e.what();
  }
}

}  // namespace grove::session
