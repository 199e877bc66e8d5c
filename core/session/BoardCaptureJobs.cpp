#include "session/BoardCaptureJobs.h"

#include <chrono>

#include "llm/ModelReplies.h"
#include "llm/ProviderRegistry.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

namespace {

// The user waits for a capture: analysis and scoring together may take this
// long, then what is missing is native (the provider's own timeouts may end
// a call sooner).
constexpr std::chrono::seconds kCaptureModelLimit{10};

// The model's text, or nullopt (logged) when the call failed or timed out.
std::optional<std::string> ask(llm::ProviderRegistry& providers, const ChatRequest& request,
                               const CancellationToken& limit, const char* what) {
  try {
    return providers.chatClient().chat(request, {}, limit).text;
  } catch (const std::exception& e) {
    // Provider errors never carry keys (LlmClient's contract).
    log::warn(std::string("board capture: the utility model's ") + what + " failed, using native: " + e.what());
    return std::nullopt;
  }
}

std::optional<BoardAnalysis> analysisOf(llm::ProviderRegistry& providers, const ChatRequest& request,
                                        const CancellationToken& limit) {
  auto text = ask(providers, request, limit, "analysis");
  if (!text) return std::nullopt;
  std::string why;
  auto raw = llm::parseBoardAnalysisReply(*text, why);
  if (!raw) {
    // Only the reason is logged, never the output (it may quote the capture).
    log::warn("board capture: invalid analysis (" + why + "), using the offline one");
    return std::nullopt;
  }
  return analysisFromModel(std::move(*raw));
}

std::optional<std::vector<ScoredId>> scoresOf(llm::ProviderRegistry& providers, const CaptureCandidates& c,
                                              const std::string& model, const CancellationToken& limit) {
  auto text = ask(providers, boardScoresRequest(c, model), limit, "scoring");
  if (!text) return std::nullopt;
  std::string why;
  auto raw = llm::parseBoardScoresReply(*text, why);
  if (!raw) {
    log::warn("board capture: invalid scores (" + why + "), placing by native sigma");
    return std::nullopt;
  }
  return scoresFromModel(*raw, c.candidates);
}

/// The model's name for a group the capture described, or nullopt (logged).
std::optional<GroupDescription> nameOf(llm::ProviderRegistry& providers, const std::vector<BoardCard>& members,
                                       const std::string& model, const CancellationToken& limit) {
  if (members.empty()) return std::nullopt;
  auto text = ask(providers, boardGroupNameRequest(members, model), limit, "group name");
  if (!text) return std::nullopt;
  std::string why;
  auto raw = llm::parseBoardGroupNameReply(*text, why);
  if (!raw) {
    log::warn("board capture: invalid group name (" + why + "), keeping the keywords");
    return std::nullopt;
  }
  return groupDescriptionFromModel(std::move(*raw));
}

}  // namespace

void captureWithModel(Session& session, CaptureRequest r, Done<CaptureResult> done) {
  session.engine().checkCapture(r);
  auto& providers = session.registry();
  std::string model = providers.active().utilityModelName();
  ChatRequest analysis = boardAnalysisRequest(r.content, r.source, model);
  std::string actor = session.actor();
  session.post([&session, &providers, r, model, analysis, done, actor]() mutable {
    CancellationToken limit = CancellationToken().withTimeout(kCaptureModelLimit);
    r.analysis = analysisOf(providers, analysis, limit);
    // Placed by hand: nothing to score, and it evolves nothing.
    if (!r.groupId) {
      std::optional<CaptureCandidates> cands;
      session.runLocked(actor, [&](Engine& e) {
        auto got = captureExpected([&] { return e.captureCandidates(r, kModelScoredCandidates); });
        if (!got) return done(got.error());
        cands = std::move(*got);
      });
      if (!cands) return;
      if (!cands->candidates.empty()) r.sigma = scoresOf(providers, *cands, model, limit);
      r.deferEvolution = true;
    }
    std::string itemId, describedGroup;
    session.runLocked(actor, [&](Engine& e) {
      auto result = captureExpected([&] { return e.capture(r); });
      if (result && r.deferEvolution) itemId = result->item.id();
      if (result && result->placement.described) describedGroup = result->placement.groupId;
      done(std::move(result));
    });
    if (itemId.empty()) return;
    // After the reply: evolution is its own change (didChange op "evolve"),
    // with the model's name for a group this capture made or re-described
    // (its own limit: the capture's may be spent).
    session.post([&session, &providers, model, actor, ws = r.workspaceUri, itemId, describedGroup] {
      std::optional<GroupDescription> named;
      if (!describedGroup.empty()) {
        std::vector<BoardCard> members;
        session.runLocked(actor, [&](Engine& e) {
          try {
            members = e.boardGroupCards(ws, describedGroup);
          } catch (const Error& err) {
            log::warn(std::string("board capture: the group to name is unreadable: ") + err.what());
          }
        });
        named = nameOf(providers, members, model, CancellationToken().withTimeout(kCaptureModelLimit));
      }
      session.runLocked(actor, [&](Engine& e) {
        try {
          e.evolveCapture(ws, itemId, named);
        } catch (const Error& err) {
          log::warn(std::string("board capture: evolution failed: ") + err.what());
        }
      });
    });
  });
}

}  // namespace grove::session
