#include "session/StructureJobs.h"

#include "agents/CapsuleExtraction.h"
#include "agents/StructureAgent.h"
#include "llm/ModelReplies.h"
#include "llm/ProviderRegistry.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

namespace {

// What the structure agent's reply proposes, as cards of this turn.
std::vector<Suggestion> proposalsFrom(const StructureReply& reply, const SendAnalysis& a,
                                      const std::string& projectId) {
  std::vector<Suggestion> out;
  if (!reply.showSuggestion) return out;
  auto card = [&](SuggestionKind kind, std::vector<std::string> anchors, const std::string& reason) {
    Suggestion s;
    s.projectId = projectId;
    s.kind = kind;
    s.anchorIds = std::move(anchors);
    s.reason = reason.empty() ? std::string("The structure agent proposes this.") : reason;
    s.confidence = reply.confidence;
    s.source = SuggestionSource::Model;
    if (!reply.title.empty()) s.title = reply.title;
    return s;
  };
  if (reply.primaryAction == "branch" && !a.anchorId.empty())
    out.push_back(card(SuggestionKind::Branch, {a.anchorId}, reply.reason));
  if (reply.primaryAction == "return_parent" && !a.branchHeadId.empty() && !a.parentTipId.empty())
    out.push_back(card(SuggestionKind::Return, {a.branchHeadId, a.parentTipId}, reply.reason));
  if (reply.assetAction != "none" && !a.workflowIds.empty()) {
    Suggestion s = card(SuggestionKind::Extract, a.workflowIds,
                        reply.assetReason.empty() ? reply.reason : reply.assetReason);
    s.capsuleType = reply.assetAction == "extract_reasoning" ? "reasoning" : "task_sop";
    out.push_back(std::move(s));
  }
  return out;
}

// One utility-model call that may not hold a worker past the auxiliary limit.
std::string askUtilityModel(llm::ProviderRegistry& providers, const ChatRequest& request) {
  return providers.chatClient().chat(request, {}, CancellationToken().withTimeout(kAuxiliaryCallLimit)).text;
}

}  // namespace

void startStructureAgent(Session& session, const Unit& userUnit, const SendAnalysis& analysis) {
  if (session.offline() || !analysis.modelAllowed) return;
  auto& providers = session.registry();
  ChatRequest request = structureRequest(analysis.context, llm::userModelJson(session.engine().userModel()),
                                         providers.active().utilityModelName());
  std::string projectId = userUnit.projectId, triggerId = userUnit.id, actor = session.actor();
  SendAnalysis a = analysis;
  session.afterCommit([&session, &providers, request, projectId, triggerId, a, actor] {
    session.post([&session, &providers, request, projectId, triggerId, a, actor] {
      std::string text;
      try {
        text = askUtilityModel(providers, request);
      } catch (const std::exception& e) {
        // Provider errors never carry keys (LlmClient's contract).
        log::warn(std::string("structure agent: the utility model failed, no model suggestion: ") + e.what());
        return;
      }
      std::string why;
      auto reply = llm::parseStructureReply(text, why);
      if (!reply) {
        // Invalid output falls back to `continue`. Only the reason is
        // logged, never the output (it may quote the user's text).
        log::warn("structure agent: invalid output (" + why + "), continuing without a suggestion");
        return;
      }
      std::vector<Suggestion> proposals = proposalsFrom(*reply, a, projectId);
      log::info("structure agent: " + reply->primaryAction + " / " + reply->assetAction + ", " +
                std::to_string(proposals.size()) + " proposal(s)");
      if (proposals.empty()) return;
      session.runLocked(actor, [&](Engine& e) { e.mergeModelSuggestions(projectId, triggerId, proposals); });
    });
  });
}

void draftCapsule(Session& session, std::vector<Unit> units, CapsuleType type,
                  std::function<void(Engine&, const std::optional<CapsuleDraft>&)> done) {
  auto& providers = session.registry();
  ChatRequest request = extractionRequest(units, type, providers.active().utilityModelName());
  std::string actor = session.actor();
  session.afterCommit([&session, &providers, request, done, actor] {
    session.post([&session, &providers, request, done, actor] {
      std::optional<CapsuleDraft> draft;
      try {
        std::string why;
        draft = llm::parseExtractionReply(askUtilityModel(providers, request), why);
        if (!draft) log::warn("extraction: invalid output (" + why + "), using an extractive capsule");
      } catch (const std::exception& e) {
        log::warn(std::string("extraction: the utility model failed, using an extractive capsule: ") + e.what());
      }
      session.runLocked(actor, [&](Engine& e) { done(e, draft); });
    });
  });
}

}  // namespace grove::session
