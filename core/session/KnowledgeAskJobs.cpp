#include "session/KnowledgeAskJobs.h"

#include <chrono>

#include "agents/KnowledgePrompts.h"
#include "knowledge/EditParser.h"
#include "llm/KnowledgeReplies.h"
#include "llm/ProviderRegistry.h"
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

// What the worker needs of the map, read on the engine thread.
struct Snapshot {
  KnowledgeGraph graph;
  KnowledgeIntent native;
  std::optional<std::string> lastNode;
  std::optional<std::string> pointed;
};

Snapshot snapshot(Engine& engine, const KnowledgeAskRequest& r) {
  // classifyKnowledge checks the input and the node (throws before anything runs).
  KnowledgeIntent native = classifyKnowledge(engine, r.workspaceUri, r.input, r.nodeId);
  KnowledgeGraph graph = engine.knowledgeMap(r.workspaceUri);
  auto turns = engine.knowledgeTurns(graph.workspaceUri, 1);
  std::optional<std::string> last = turns.empty() ? std::nullopt : turns.back().nodeId;
  return {std::move(graph), std::move(native), last, r.nodeId ? r.nodeId : last};
}

KnowledgeModelCall modelCall(llm::ProviderRegistry& providers, CancellationToken limit) {
  return [&providers, limit](const ChatRequest& request) { return providers.chatClient().chat(request, {}, limit).text; };
}

// The Oracle's intent, or the native one when the model failed or answered
// something unusable (logged with the reason only: the reply may quote the map).
KnowledgeIntent oracleIntent(llm::ProviderRegistry& providers, const std::string& model, const std::string& input,
                             const std::optional<std::string>& nodeId, const Snapshot& s) {
  const KnowledgeNode* selected = nodeId ? s.graph.node(*nodeId) : nullptr;
  std::string text;
  try {
    text = modelCall(providers, CancellationToken().withTimeout(kClassifyLimit))(
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
    KnowledgeIntent intent = oracleIntent(providers, model, r.input, r.nodeId, s);
    session.runLocked(actor, [&](Engine&) { done(std::move(intent)); });
  });
}

void askKnowledgeWithModel(Session& session, const KnowledgeAskRequest& r, Done<KnowledgeTurn> done) {
  Snapshot s = snapshot(session.engine(), r);
  auto& providers = session.registry();
  std::string model = providers.active().utilityModelName();
  std::string actor = session.actor();
  session.post([&session, &providers, model, r, s = std::move(s), done, actor] {
    KnowledgeIntent intent = r.intent ? s.native : oracleIntent(providers, model, r.input, r.nodeId, s);
    IntentLabel label = r.intent ? *r.intent : intent.label;
    bool plan = label == IntentLabel::Edit && !needsClarifying(r, intent) &&
                parseEdit(r.input, s.graph, s.pointed).failure == "needsModel";
    if (!plan) {
      // Searches, expansions and the structured edits: the native route.
      session.runLocked(actor, [&](Engine& e) { done(captureExpected([&] { return routeKnowledge(e, r, intent); })); });
      return;
    }
    KnowledgeSettings settings;
    PlannedEdit planned = planKnowledgeEdit(s.graph, s.pointed, r.input, settings, model,
                                            modelCall(providers, CancellationToken().withTimeout(kPlanLimit)));
    session.runLocked(actor, [&](Engine& e) {
      done(captureExpected([&] { return plannedEditTurn(e, r, chosenIntent(e, r, intent), s.graph, planned); }));
    });
  });
}

}  // namespace grove::session
