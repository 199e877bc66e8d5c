#include "session/KnowledgeAskJobs.h"

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "agents/KnowledgePrompts.h"
#include "knowledge/EditParser.h"
#include "llm/KnowledgeReplies.h"
#include "llm/ProviderRegistry.h"
#include "session/KnowledgeAnswerJobs.h"
#include "session/KnowledgeGrowth.h"
#include "session/KnowledgePlanner.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

using namespace knowledge;

namespace {

// The user waits for the routing: after this the native label stands.
constexpr std::chrono::seconds kClassifyLimit{10};
// Planning, corrections and replans together; the provider's own timeouts
// end a stalled call sooner.
constexpr std::chrono::seconds kPlanLimit{60};
// The written answer: after this the extractive one stands.
constexpr std::chrono::seconds kAnswerLimit{30};

// What the worker needs of the map, read on the engine thread.
struct Snapshot {
  KnowledgeGraph graph;
  KnowledgeIntent native;
  std::optional<std::string> lastNode;
  std::optional<std::string> pointed;
  KnowledgeSettings settings;  // the workspace's, as configured
};

Snapshot snapshot(Engine& engine, const KnowledgeAskRequest& r) {
  // classifyKnowledge checks the input and the node (throws before anything runs).
  KnowledgeIntent native = classifyKnowledge(engine, r.workspaceUri, r.input, r.nodeId);
  KnowledgeGraph graph = engine.knowledgeMap(r.workspaceUri);
  auto turns = engine.knowledgeTurns(graph.workspaceUri, 1);
  std::optional<std::string> last = turns.empty() ? std::nullopt : turns.back().nodeId;
  KnowledgeSettings settings = engine.knowledgeSettings(graph.workspaceUri);
  return {std::move(graph), std::move(native), last, r.nodeId ? r.nodeId : last, std::move(settings)};
}

// What a cancelled ask answers (-32800 on the wire).
Error cancelledAsk() { return Error(ErrorKind::Cancelled, "cancelled", "request cancelled"); }

KnowledgeModelCall modelCall(llm::ProviderRegistry& providers, CancellationToken limit) {
  return [&providers, limit](const ChatRequest& request) { return providers.chatClient().chat(request, {}, limit).text; };
}

// The Oracle's intent, or the native one when the model failed or answered
// something unusable (logged with the reason only: the reply may quote the map).
KnowledgeIntent oracleIntent(llm::ProviderRegistry& providers, const std::string& model, const std::string& input,
                             const std::optional<std::string>& nodeId, const Snapshot& s,
                             const CancellationToken& cancel) {
  const KnowledgeNode* selected = nodeId ? s.graph.node(*nodeId) : nullptr;
  std::string text;
  try {
    text = modelCall(providers, cancel.withTimeout(kClassifyLimit))(
        knowledgeClassifyRequest(input, selected, model));
  } catch (const std::exception& e) {
    log::warn(std::string("knowledge classify: the model failed, using native: ") + e.what());
    return s.native;
  }
  std::string why;
  auto reply = llm::parseKnowledgeIntentReply(text, why);
  if (!reply) {
    log::warn("knowledge classify: invalid reply (" + why + "), using native");
    return s.native;
  }
  KnowledgeIntent intent;
  intent.label = reply->label;
  // A model that gives no confidence is taken at its word.
  intent.confidence = reply->confidence.value_or(1.0);
  // The model gives one number: the label gets it, the others share the rest.
  for (int k = 0; k < kIntentLabels; ++k)
    intent.scores[k] = k == static_cast<int>(reply->label) ? intent.confidence : (1 - intent.confidence) / 2;
  intent.rewritten = reply->rewritten;
  // Deixis is resolved as the native path does, against the model's label.
  intent.nodeId = resolveInput(input, reply->label, s.graph, nodeId, s.lastNode).nodeId;
  intent.source = "model";
  return intent;
}

}  // namespace

void classifyKnowledgeWithModel(Session& session, const std::string& workspaceUri, const std::string& input,
                                const std::optional<std::string>& nodeId, Done<KnowledgeIntent> done) {
  KnowledgeAskRequest r;
  r.workspaceUri = workspaceUri;
  r.input = input;
  r.nodeId = nodeId;
  Snapshot s = snapshot(session.engine(), r);
  auto& providers = session.registry();
  std::string model = providers.active().utilityModelName();
  std::string actor = session.actor();
  session.post([&session, &providers, model, r, s = std::move(s), done, actor] {
    KnowledgeIntent intent = oracleIntent(providers, model, r.input, r.nodeId, s, CancellationToken());
    session.runLocked(actor, [&](Engine&) { done(std::move(intent)); });
  });
}

void askKnowledgeWithModel(Session& session, const KnowledgeAskRequest& r, Done<KnowledgeTurn> done,
                           CancellationToken cancel) {
  Snapshot s = snapshot(session.engine(), r);
  auto& providers = session.registry();
  std::string model = providers.active().utilityModelName();
  std::string actor = session.actor();
  session.post([&session, &providers, model, r, s = std::move(s), done, actor, cancel] {
    // The last step on the engine thread: `step` commits what the ask
    // changes, so a cancel seen here (under the lock) changes nothing.
    auto finish = [&](const std::function<KnowledgeTurn(Engine&)>& step) {
      session.runLocked(actor, [&](Engine& e) {
        if (cancel.cancelled()) return done(cancelledAsk());
        done(captureExpected([&] { return step(e); }));
      });
    };
    KnowledgeIntent intent = r.intent ? s.native : oracleIntent(providers, model, r.input, r.nodeId, s, cancel);
    if (cancel.cancelled()) return session.runLocked(actor, [&](Engine&) { done(cancelledAsk()); });
    IntentLabel label = r.intent ? *r.intent : intent.label;
    bool plan = label == IntentLabel::Edit && !needsClarifying(r, intent, s.settings.clarifyBelow) &&
                parseEdit(r.input, s.graph, s.pointed).failure == "needsModel";
    if (plan) {
      PlannedEdit planned = planKnowledgeEdit(s.graph, s.pointed, r.input, s.settings, model,
                                              modelCall(providers, cancel.withTimeout(kPlanLimit)));
      return finish([&](Engine& e) { return plannedEditTurn(e, r, chosenIntent(e, r, intent), s.graph, planned); });
    }
    // Searches, expansions and the structured edits: the native route. An
    // answer is not grown yet: the map takes the model's answer, not the
    // extractive one.
    std::optional<KnowledgeTurn> answered;
    std::vector<ChildSource> passages;
    session.runLocked(actor, [&](Engine& e) {
      if (cancel.cancelled()) return done(cancelledAsk());
      Expected<KnowledgeTurn> routed = captureExpected([&] { return routeKnowledge(e, r, intent, /*grow=*/false); });
      if (!routed || !routed->answer) return done(std::move(routed));
      passages = answerPassages(e, *routed);
      answered = std::move(*routed);
    });
    if (!answered) return;
    rewriteAnswerWithModel(*answered, passages, model, modelCall(providers, cancel.withTimeout(kAnswerLimit)));
    finish([&](Engine& e) {
      // The growth routeKnowledge left out (`grow` false), last and on the
      // rewritten answer, against the map as it is now.
      growMapFromAnswer(e, r, e.knowledgeMap(r.workspaceUri), *answered);
      return std::move(*answered);
    });
  });
}

}  // namespace grove::session
