// Engine: scope resolution, preview and reset (DESIGN §5).
#include "engine/EngineImpl.h"
#include "ops/PromptRenderer.h"

namespace grove {

ResolvedScope Engine::resolveScope(const std::string& projectId,
                                   const std::optional<std::string>& cursorId) {
  ProjectState& ps = impl_->state(projectId);
  std::vector<const Unit*> path;
  if (cursorId) {
    Node& cursor = impl_->liveNodeIn(*cursorId, projectId, "cursorId");
    auto nodes = impl_->pathTo(ps, &cursor);
    path.reserve(nodes.size());
    for (Node* n : nodes) path.push_back(&n->unit);
  }
  impl_->loadScoped(ps);
  std::vector<const Unit*> included;
  included.reserve(ps.included.size());
  for (const auto& [seq, n] : ps.included) included.push_back(&n->unit);
  return grove::resolveScope(path, included);
}

ScopePreview Engine::preview(const std::string& projectId,
                             const std::optional<std::string>& cursorId,
                             const std::optional<std::string>& prompt,
                             const std::optional<int>& budgetTokens, const std::string& system) {
  if (budgetTokens && *budgetTokens < 0)
    throw Error::invalidArg("budgetTokens", "budgetTokens must not be negative");
  ResolvedScope scope = resolveScope(projectId, cursorId);
  return renderPrompt(scope, {system, prompt, budgetTokens, cursorId});
}

void Engine::resetScope(const std::string& projectId) {
  impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    Change ch = impl_->begin(ps, ChangeOp::ScopeReset);
    for (const Unit& stored : impl_->store->scopedUnits(projectId)) {
      Node& n = impl_->liveNode(stored.id);
      impl_->touch(ch, n.unit);
      Unit u = n.unit;
      u.scope = ScopeState::Auto;
      impl_->writeUnit(u);
    }
    impl_->finish(ch, ps);
  });
}

}  // namespace grove
