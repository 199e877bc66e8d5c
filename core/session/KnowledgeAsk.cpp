#include "session/KnowledgeAsk.h"

#include "knowledge/GroundedAnswer.h"

#include <chrono>

#include "knowledge/EditParser.h"
#include "knowledge/GraphAnswer.h"
#include "knowledge/GroundedAnswer.h"
#include "knowledge/WorkspaceUri.h"
#include "session/KnowledgeGrowth.h"
#include "session/KnowledgeSuggest.h"
#include "support/Ids.h"
#include "support/OpError.h"

namespace grove::session {

using namespace knowledge;

namespace {

int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::optional<std::string> lastTurnNode(Engine& engine, const std::string& workspaceUri) {
  auto turns = engine.knowledgeTurns(workspaceUri, 1);
  if (turns.empty()) return std::nullopt;
  return turns.back().nodeId;
}

std::string titleIn(const KnowledgeGraph& g, const std::string& ref) {
  const KnowledgeNode* n = g.node(ref);
  return n ? n->title : ref;
}

// "Added X under P." and so on: what a committed edit did, in words.
std::string describe(const std::vector<KnowledgeOp>& ops, const KnowledgeGraph& before, const KnowledgeGraph& after,
                     const std::vector<std::pair<std::string, std::string>>& refs) {
  auto name = [&](const std::string& ref) {
    std::string id = ref;
    if (!ref.empty() && ref[0] == '$')
      for (const auto& [r, i] : refs)
        if ("$" + r == ref) id = i;
    const KnowledgeNode* n = after.node(id);
    if (!n) n = before.node(id);
    return n ? n->title : ref;
  };
  std::string out;
  for (const auto& op : ops) {
    std::string line;
    switch (op.kind) {
      case OpKind::AddNode:
        line = "Added " + op.title.value_or("") +
               (op.parentId && *op.parentId ? " under " + name(**op.parentId) : std::string(" at the top"));
        break;
      case OpKind::UpdateNode:
        line = op.title ? "Renamed " + titleIn(before, op.id) + " to " + *op.title : "Updated " + name(op.id);
        break;
      case OpKind::DeleteNode: line = "Deleted " + titleIn(before, op.id); break;
      case OpKind::AddEdge:
        line = "Linked " + name(op.from) + " to " + name(op.to) +
               (op.label && *op.label ? " as " + **op.label : std::string());
        break;
      case OpKind::UpdateEdge:
        line = "Relabelled " + name(op.from) + " -> " + name(op.to) +
               (op.label && *op.label ? " as " + **op.label : std::string());
        break;
      case OpKind::DeleteEdge: line = "Removed the edge " + name(op.from) + " -> " + name(op.to); break;
      case OpKind::Reparent:
        line = "Moved " + name(op.id) +
               (op.parentId && *op.parentId ? " under " + name(**op.parentId) : std::string(" to the top"));
        break;
      case OpKind::Group: line = "Grouped " + std::to_string(op.nodeIds.size()) + " nodes"; break;
      case OpKind::Ungroup: line = "Ungrouped " + op.id; break;
    }
    out += (out.empty() ? "" : " ") + line + ".";
  }
  return out;
}

}  // namespace

void commitKnowledgeEdit(Engine& engine, const KnowledgeAskRequest& request, const KnowledgeGraph& graph,
                         const std::vector<KnowledgeOp>& ops, KnowledgeTurn& turn) {
  if (!turn.plan) turn.plan = KnowledgePlan{};
  turn.plan->ops = ops;
  KnowledgeEditRequest edit;
  edit.workspaceUri = request.workspaceUri;
  edit.ops = ops;
  edit.preview = request.preview;
  edit.op = "ask";
  // The ops were made against `graph`: a map that moved on meanwhile is a
  // conflict, not a silent edit of something the plan never saw.
  edit.expectedRevision = graph.revision;
  auto fail = [&](int opIndex, const std::string& message) {
    turn.plan->attempts.push_back({ops, opIndex, message});
    turn.failure = KnowledgeFailure{"opFailed", message, {}};
    turn.message = message;
  };
  try {
    KnowledgeEditResult result = engine.editKnowledge(edit);
    std::string summary = describe(ops, graph, result.graph, result.refs);
    turn.message = request.preview ? "Would do: " + summary : summary;
    if (!request.preview) turn.change = result.change;
    // A preview is the confirm step: the plan waits as a knowledgeEdit card.
    if (request.preview) turn.plan->suggestionId = proposeEditCard(engine, graph, result, ops, summary, request.input).id;
  } catch (const OpError& e) {
    fail(e.opIndex(), e.what());
  } catch (const Error& e) {
    fail(-1, e.what());
  }
}

namespace {

void editRoute(Engine& engine, const KnowledgeAskRequest& request, const KnowledgeGraph& graph,
               const std::optional<std::string>& pointed, KnowledgeTurn& turn) {
  ParsedEdit parsed = parseEdit(request.input, graph, pointed);
  auto failWith = [&](std::string kind, std::string message, std::vector<std::string> candidates = {}) {
    turn.failure = KnowledgeFailure{std::move(kind), message, std::move(candidates)};
    turn.message = std::move(message);
  };
  if (parsed.kind == ParsedEdit::Kind::Undo || parsed.kind == ParsedEdit::Kind::Redo) {
    bool undo = parsed.kind == ParsedEdit::Kind::Undo;
    if (request.preview) {
      turn.message = undo ? "Would undo the last change." : "Would redo the last undone change.";
      return;
    }
    try {
      turn.change = undo ? engine.undoKnowledge(request.workspaceUri) : engine.redoKnowledge(request.workspaceUri);
      turn.message = undo ? "Undid the last change." : "Redid the last undone change.";
    } catch (const Error& e) {
      failWith("opFailed", e.what());
    }
    return;
  }
  if (parsed.kind == ParsedEdit::Kind::Failure) return failWith(parsed.failure, parsed.message, parsed.candidates);
  commitKnowledgeEdit(engine, request, graph, parsed.ops, turn);
}

}  // namespace

KnowledgeAnswer answerFromDocuments(Engine& engine, const KnowledgeGraph& graph, const std::string& query,
                                    const std::optional<std::string>& nodeId) {
  KnowledgeAnswer answer;
  answer.refinedQuery = query;
  // Graph first (MindTrellis): what the map already says, then the documents.
  GraphAnswer g = graphAnswer(graph, query, std::nullopt);
  if (!g.text && nodeId) g = graphAnswer(graph, query, nodeId);
  answer.graphAnswer = g.text;
  knowledge::DocumentAnswer docs =
      knowledge::answerFromDocuments(engine.knowledgeDocuments(), graph.workspaceUri, query);
  if (!docs.refinedQuery.empty()) answer.refinedQuery = docs.refinedQuery;
  for (const auto& c : docs.citations) answer.citations.push_back(toCitation(c));
  for (const auto& c : docs.chunks) answer.chunks.push_back(KnowledgeChunk{toCitation(c.citation), c.score, c.kept});
  answer.known = g.text.has_value() || docs.known;
  if (g.text && docs.known)
    answer.text = *g.text + "\n\n" + docs.text;
  else if (g.text)
    answer.text = *g.text;
  else
    answer.text = docs.text;  // exactly "I don't know" when nothing was kept
  return answer;
}

KnowledgeIntent classifyKnowledge(Engine& engine, const std::string& workspaceUri, const std::string& input,
                                  const std::optional<std::string>& nodeId) {
  if (input.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error::invalidArg("input", "input must not be empty");
  KnowledgeGraph graph = engine.knowledgeMap(workspaceUri);
  if (nodeId && !graph.node(*nodeId)) throw Error::notFound("nodeNotFound", *nodeId);
  IntentScores scores = classifyIntent(input);
  ResolvedInput resolved = resolveInput(input, scores.label, graph, nodeId, lastTurnNode(engine, graph.workspaceUri));
  KnowledgeIntent intent;
  intent.label = scores.label;
  intent.confidence = scores.confidence;
  intent.scores = scores.scores;
  intent.rewritten = resolved.rewritten;
  intent.nodeId = resolved.nodeId;
  return intent;
}

KnowledgeTurn askKnowledge(Engine& engine, const KnowledgeAskRequest& request) {
  return routeKnowledge(engine, request, classifyKnowledge(engine, request.workspaceUri, request.input, request.nodeId));
}

KnowledgeTurn startKnowledgeTurn(const KnowledgeAskRequest& request, const KnowledgeIntent& intent,
                                 const std::string& workspaceUri) {
  KnowledgeTurn turn;
  turn.id = newId('t');
  turn.workspaceUri = workspaceUri;
  turn.input = request.input;
  turn.createdAt = nowMs();
  turn.intent = intent;
  turn.nodeId = intent.nodeId ? intent.nodeId : request.nodeId;
  return turn;
}

KnowledgeIntent chosenIntent(Engine& engine, const KnowledgeAskRequest& request, KnowledgeIntent intent) {
  if (!request.intent) return intent;
  // A label the client chose is certain; its rewrite follows that label.
  KnowledgeGraph graph = engine.knowledgeMap(request.workspaceUri);
  intent.label = *request.intent;
  intent.confidence = 1;
  intent.scores = {};
  intent.scores[static_cast<int>(*request.intent)] = 1;
  intent.rewritten =
      resolveInput(request.input, intent.label, graph, request.nodeId, lastTurnNode(engine, graph.workspaceUri))
          .rewritten;
  intent.source = "native";
  return intent;
}

std::optional<std::string> pointedNode(Engine& engine, const KnowledgeAskRequest& request) {
  if (request.nodeId) return request.nodeId;
  return lastTurnNode(engine, knowledge::normalizeWorkspaceUri(request.workspaceUri));
}

bool needsClarifying(const KnowledgeAskRequest& request, const KnowledgeIntent& intent, double clarifyBelow) {
  return !request.intent && intent.confidence < clarifyBelow;
}

KnowledgeTurn routeKnowledge(Engine& engine, const KnowledgeAskRequest& request, KnowledgeIntent classified, bool grow) {
  KnowledgeIntent intent = chosenIntent(engine, request, std::move(classified));
  KnowledgeGraph graph = engine.knowledgeMap(request.workspaceUri);
  KnowledgeTurn turn = startKnowledgeTurn(request, intent, graph.workspaceUri);
  if (needsClarifying(request, intent, engine.knowledgeSettings(graph.workspaceUri).clarifyBelow)) {
    std::string message = "I am not sure whether you want to search, edit or expand the map; say it another way";
    turn.failure = KnowledgeFailure{"unclear", message, {}};
    turn.message = message;
    return turn;
  }
  if (intent.label == IntentLabel::Edit) {
    editRoute(engine, request, graph, pointedNode(engine, request), turn);
    return turn;
  }
  std::string query = intent.label == IntentLabel::Expansion ? expansionTopic(intent.rewritten) : intent.rewritten;
  turn.answer = answerFromDocuments(engine, graph, query, turn.nodeId);
  turn.message = turn.answer->text;
  if (grow) growMapFromAnswer(engine, request, graph, turn);
  return turn;
}

}  // namespace grove::session
