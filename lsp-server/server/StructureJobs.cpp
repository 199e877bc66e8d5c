#include "server/StructureJobs.h"

#include "agents/CapsuleExtraction.h"
#include "agents/StructureAgent.h"
#include "agents/UserModelAgent.h"
#include "server/Server.h"
#include "support/Log.h"

namespace grove::server {

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

}  // namespace

bool modelExtraction(Server& server) { return !server.providers().offline(); }

void startStructureAgent(Server& server, Engine& engine, const Unit& userUnit,
                         const SendAnalysis& analysis) {
  if (server.providers().offline() || !analysis.modelAllowed) return;
  ChatRequest request = structureRequest(analysis.context, userModelJson(engine.userModel()),
                                         server.providers().active().utilityModelName());
  std::string projectId = userUnit.projectId, triggerId = userUnit.id;
  SendAnalysis a = analysis;
  server.afterCommit([&server, request, projectId, triggerId, a] {
    server.workers().submit([&server, request, projectId, triggerId, a] {
      std::string text;
      try {
        text = server.providers().chatClient().chat(request, {}, CancellationToken().withTimeout(kAuxiliaryCallLimit)).text;
      } catch (const std::exception& e) {
        // Provider errors never carry keys (LlmClient's contract).
        log::warn(std::string("structure agent: the utility model failed, no model suggestion: ") + e.what());
        return;
      }
      std::string why;
      auto reply = parseStructureReply(text, why);
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
      server.runLocked([&](Engine& e) { e.mergeModelSuggestions(projectId, triggerId, proposals); });
    });
  });
}

void draftCapsule(Server& server, std::vector<Unit> units, CapsuleType type,
                  std::function<void(Engine&, const std::optional<CapsuleDraft>&)> done) {
  ChatRequest request = extractionRequest(units, type, server.providers().active().utilityModelName());
  server.afterCommit([&server, request, done] {
    server.workers().submit([&server, request, done] {
      std::optional<CapsuleDraft> draft;
      try {
        std::string why;
        draft = parseExtractionReply(server.providers().chatClient().chat(request, {}, CancellationToken().withTimeout(kAuxiliaryCallLimit)).text, why);
        if (!draft) log::warn("extraction: invalid output (" + why + "), using an extractive capsule");
      } catch (const std::exception& e) {
        log::warn(std::string("extraction: the utility model failed, using an extractive capsule: ") + e.what());
      }
      server.runLocked([&](Engine& e) { done(e, draft); });
    });
  });
}

}  // namespace grove::server
