// Engine: a workspace's knowledge-map settings (DESIGN §11.3,
// grove/workspace/configure's knowledge half). Kept per workspace, read by
// ingest (include / exclude), routing (clarifyBelow) and the planner
// (maxCorrections, maxReplans). Not history: a change is announced
// (`op: "settings"`) but is no undo entry, as the board's settings.
#include "engine/EngineImpl.h"
#include "knowledge/WorkspaceUri.h"

namespace grove {

namespace {

void check(bool ok, const char* field, const std::string& message) {
  if (!ok) throw Error::invalidArg(std::string("knowledge.") + field, message);
}

void checkGlobs(const std::optional<std::vector<std::string>>& globs, const char* field) {
  if (!globs) return;
  check(globs->size() <= 200, field, std::string(field) + " holds at most 200 globs");
  for (const auto& g : *globs)
    check(!g.empty() && g.find_first_not_of(" \t") != std::string::npos && g.size() <= 1000, field,
          std::string(field) + " globs must be non-blank and at most 1000 characters");
}

}  // namespace

KnowledgeSettings Engine::knowledgeSettings(const std::string& workspaceUri) {
  std::string ws = knowledge::normalizeWorkspaceUri(workspaceUri);
  return impl_->store->knowledge().knowledgeSettings(ws).value_or(KnowledgeSettings{});
}

void Engine::checkKnowledgeSettings(const KnowledgeSettingsUpdate& u) {
  checkGlobs(u.include, "include");
  checkGlobs(u.exclude, "exclude");
  check(!u.clarifyBelow || (*u.clarifyBelow >= 0 && *u.clarifyBelow <= 1), "clarifyBelow",
        "clarifyBelow must be in [0, 1]");
  check(!u.maxNewNodes || (*u.maxNewNodes >= 0 && *u.maxNewNodes <= 50), "maxNewNodes", "maxNewNodes must be 0..50");
  // Each correction or replan is a model call: bounded so one ask cannot run away.
  check(!u.maxCorrections || (*u.maxCorrections >= 0 && *u.maxCorrections <= 10), "maxCorrections",
        "maxCorrections must be 0..10");
  check(!u.maxReplans || (*u.maxReplans >= 0 && *u.maxReplans <= 10), "maxReplans", "maxReplans must be 0..10");
}

KnowledgeSettings Engine::configureKnowledge(const std::string& workspaceUri, const KnowledgeSettingsUpdate& u) {
  std::string ws = knowledge::normalizeWorkspaceUri(workspaceUri);
  checkKnowledgeSettings(u);
  return impl_->mutate([&] {
    KnowledgeStore& rows = impl_->store->knowledge();
    KnowledgeSettings s = rows.knowledgeSettings(ws).value_or(KnowledgeSettings{});
    if (u.include) s.include = *u.include;
    if (u.exclude) s.exclude = *u.exclude;
    if (u.clarifyBelow) s.clarifyBelow = *u.clarifyBelow;
    if (u.growOnSearch) s.growOnSearch = *u.growOnSearch;
    if (u.maxNewNodes) s.maxNewNodes = *u.maxNewNodes;
    if (u.maxCorrections) s.maxCorrections = *u.maxCorrections;
    if (u.maxReplans) s.maxReplans = *u.maxReplans;
    rows.putKnowledgeSettings(ws, s);
    impl_->dirty = true;
    auto map = rows.knowledgeGraph(ws);
    impl_->queue(KnowledgeChange{ws, map ? map->revision : 0, {}, {}, {}, {}, "settings", impl_->actor});
    return s;
  });
}

}  // namespace grove
