#include "session/SummaryJobs.h"

#include "agents/MemoryAgent.h"
#include "llm/ProviderRegistry.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

namespace {

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  while (!s.empty() && (s.front() == '\n' || s.front() == ' ')) s.erase(0, 1);
  return s;
}

}  // namespace

void summarizeBranch(Session& session, const std::string& projectId, const std::string& headId,
                     SummaryDone done) {
  Engine& engine = session.engine();
  Branch branch = engine.branchOf(headId);
  std::vector<Unit> units = engine.units(branch.unitIds);
  bool mainline = branch.isMainline;
  std::string extractive = mainline ? extractiveMainlineSummary(units) : extractiveBranchSummary(units);
  if (session.offline()) {
    engine.setBranchSummary(projectId, branch.headId, extractive);
    done(engine, std::nullopt);
    return;
  }
  auto& providers = session.registry();
  ChatRequest request = summaryRequest(units, mainline, providers.active().utilityModelName());
  std::string head = branch.headId, actor = session.actor();
  session.post([&session, &providers, request, projectId, head, mainline, extractive, done, actor] {
    std::string summary;
    try {
      summary = trim(providers.chatClient().chat(request, {}, CancellationToken().withTimeout(kAuxiliaryCallLimit)).text);
      summary = limitWords(summary, mainline ? 80 : 30);
    } catch (const std::exception& e) {
      // A summary is never worth losing the switch over: fall back.
      log::warn(std::string("summary by the utility model failed, using an extractive one: ") + e.what());
    }
    if (summary.empty()) summary = extractive;
    session.runLocked(actor, [&](Engine& engine) {
      try {
        engine.setBranchSummary(projectId, head, summary);
      } catch (const Error& e) {
        return done(engine, e);
      }
      done(engine, std::nullopt);
    });
  });
}

void onPathSwitch(Session& session, const std::string& projectId, const std::string& fromUnit,
                  const std::string& toUnit) {
  Engine& engine = session.engine();
  Branch from = engine.branchHeadOf(fromUnit);
  Branch to = engine.branchHeadOf(toUnit);
  if (from.headId == to.headId) return;
  auto ignore = [](Engine&, const std::optional<Error>&) {};
  if (!from.isMainline) summarizeBranch(session, projectId, from.headId, ignore);
  if (!to.isMainline) {
    Branch mainline = to;
    while (!mainline.isMainline && mainline.anchorId) mainline = engine.branchHeadOf(*mainline.anchorId);
    summarizeBranch(session, projectId, mainline.headId, ignore);
  }
}

}  // namespace grove::session
