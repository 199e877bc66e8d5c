// KnowledgeAsk: the knowledge-map chat (grove/knowledge/classify and ask,
// DESIGN §11.3): classify the input, resolve "this" to a node, then route it:
// edits through the offline parser and the map's ops (one undo entry),
// searches and expansions graph-first and then through answerFromDocuments,
// the seam where the document side's retrieval plugs in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "knowledge/IntentClassifier.h"

namespace grove::session {

struct KnowledgeIntent {
  knowledge::IntentLabel label = knowledge::IntentLabel::Search;
  double confidence = 0;
  std::array<double, knowledge::kIntentLabels> scores{};
  std::string rewritten;
  std::optional<std::string> nodeId;
  std::string source = "native";  // native | model
};

struct KnowledgeAskRequest {
  std::string workspaceUri;
  std::string input;
  std::optional<std::string> nodeId;  // the selected node
  std::optional<knowledge::IntentLabel> intent;  // given: no classification
  bool preview = false;
};

struct KnowledgeChunk {
  knowledge::Citation citation;
  double score = 0;
  bool kept = false;
};

struct KnowledgeAnswer {
  std::string text;
  bool known = false;
  std::vector<knowledge::Citation> citations;
  std::optional<std::string> graphAnswer;
  std::optional<std::string> refinedQuery;
  std::vector<KnowledgeChunk> chunks;
};

struct KnowledgePlanAttempt {
  std::vector<knowledge::KnowledgeOp> ops;
  int opIndex = -1;
  std::string error;
};

struct KnowledgePlan {
  std::vector<knowledge::KnowledgeOp> ops;
  std::vector<KnowledgePlanAttempt> attempts;
  std::optional<std::string> suggestionId;
};

struct KnowledgeFailure {
  std::string kind;  // unclear | ambiguous | needsModel | opFailed
  std::string message;
  std::vector<std::string> candidates;  // node ids
};

struct KnowledgeTurn {
  std::string id;
  std::string workspaceUri;
  std::string input;
  std::optional<std::string> nodeId;
  std::optional<KnowledgeIntent> intent;
  std::string message;
  int64_t createdAt = 0;
  std::optional<KnowledgeAnswer> answer;
  std::optional<KnowledgePlan> plan;
  std::optional<KnowledgeChange> change;
  std::optional<KnowledgeFailure> failure;
};

/// The intent of an input, with deixis resolved against the selected node
/// and the last turn's node.
KnowledgeIntent classifyKnowledge(Engine& engine, const std::string& workspaceUri, const std::string& input,
                                  const std::optional<std::string>& nodeId);

/// One chat turn on the map (engine thread), native: the intent classifier
/// and the offline edit parser. Changes are announced as `ask`.
KnowledgeTurn askKnowledge(Engine& engine, const KnowledgeAskRequest& request);

/// The turn of `request` once classified (engine thread): the native edit
/// route, or the search and expansion answer, which then grows the map
/// (session/KnowledgeGrowth) unless `grow` is false: a path that rewrites
/// the answer first grows the map itself afterwards. The model path calls it
/// with the Oracle's intent (session/KnowledgeAskJobs).
KnowledgeTurn routeKnowledge(Engine& engine, const KnowledgeAskRequest& request, KnowledgeIntent intent,
                             bool grow = true);

/// A new turn of `request` with its intent and node, nothing done yet.
KnowledgeTurn startKnowledgeTurn(const KnowledgeAskRequest& request, const KnowledgeIntent& intent,
                                 const std::string& workspaceUri);

/// The intent a turn follows: the client's `intent` when it gave one.
KnowledgeIntent chosenIntent(Engine& engine, const KnowledgeAskRequest& request, KnowledgeIntent classified);

/// True when the intent is too unsure to act on (`unclear`, below clarifyBelow).
bool needsClarifying(const KnowledgeAskRequest& request, const KnowledgeIntent& intent, double clarifyBelow);

/// The node "this" points at in an edit: the selected one, else the last turn's.
std::optional<std::string> pointedNode(Engine& engine, const KnowledgeAskRequest& request);

/// Runs `ops` (made against `graph`) as one undo entry, or previews them;
/// fills the turn's plan, change and summary message, or its `opFailed`
/// failure (the map unchanged) with the failed attempt recorded.
void commitKnowledgeEdit(Engine& engine, const KnowledgeAskRequest& request, const knowledge::KnowledgeGraph& graph,
                         const std::vector<knowledge::KnowledgeOp>& ops, KnowledgeTurn& turn);

/// Search and expansion answers: graph-first, then the workspace's documents.
/// Until the document side is merged this answers from the graph alone
/// (known: false and "I don't know" when nothing matches).
KnowledgeAnswer answerFromDocuments(Engine& engine, const knowledge::KnowledgeGraph& graph, const std::string& query,
                                    const std::optional<std::string>& nodeId);

}  // namespace grove::session
