#include "server/MemoryJobs.h"

#include "agents/MemoryAgent.h"
#include "server/Server.h"
#include "support/Log.h"

namespace grove::server {

namespace {

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  while (!s.empty() && (s.front() == '\n' || s.front() == ' ')) s.erase(0, 1);
  return s;
}

}  // namespace

bool summarizeBranch(Server& server, Engine& engine, const std::string& projectId,
                     const std::string& headId, SummaryDone done) {
  Branch branch = engine.branchOf(headId);
  std::vector<Unit> units = engine.units(branch.unitIds);
  bool mainline = branch.isMainline;
  std::string extractive =
      mainline ? extractiveMainlineSummary(units) : extractiveBranchSummary(units);
  if (server.providers().offline()) {
    engine.setBranchSummary(projectId, branch.headId, extractive);
    done(engine, std::nullopt);
    return true;
  }
  ChatRequest request = summaryRequest(units, mainline, server.providers().active().utilityModelName());
  std::string head = branch.headId;
  server.workers().submit([&server, request, projectId, head, mainline, extractive, done] {
    std::string summary;
    try {
      summary = trim(server.providers().chatClient().chat(request, {}, CancellationToken().withTimeout(kAuxiliaryCallLimit)).text);
      summary = limitWords(summary, mainline ? 80 : 30);
    } catch (const std::exception& e) {
      // A summary is never worth losing the switch over: fall back.
      log::warn(std::string("summary by the utility model failed, using an extractive one: ") + e.what());
    }
    if (summary.empty()) summary = extractive;
    server.runLocked([&](Engine& engine) {
      try {
        engine.setBranchSummary(projectId, head, summary);
        done(engine, std::nullopt);
      } catch (const Error& e) {
        done(engine, e);
      }
    });
  });
  return false;
}

void onPathSwitch(Server& server, Engine& engine, const std::string& projectId,
                  const std::string& fromUnit, const std::string& toUnit) {
  Branch from = engine.branchHeadOf(fromUnit);
  Branch to = engine.branchHeadOf(toUnit);
  if (from.headId == to.headId) return;
  auto ignore = [](Engine&, const std::optional<Error>&) {};
  if (!from.isMainline) summarizeBranch(server, engine, projectId, from.headId, ignore);
  if (!to.isMainline) {
    Branch mainline = to;
    while (!mainline.isMainline && mainline.anchorId) mainline = engine.branchHeadOf(*mainline.anchorId);
    summarizeBranch(server, engine, projectId, mainline.headId, ignore);
  }
}

}  // namespace grove::server
