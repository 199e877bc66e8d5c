// Engine: what chat turns need (conversation mode, streamed units, summaries).
#include "engine/EngineImpl.h"

namespace grove {

ConversationMode Engine::conversationMode(const std::string& projectId,
                                          const std::optional<std::string>& cursorId) {
  ProjectState& ps = impl_->state(projectId);
  ConversationMode mode;
  std::optional<std::string> root = impl_->store->liveRoot(projectId);
  std::optional<BranchMeta> rootMeta = root ? impl_->store->branch(projectId, *root) : std::nullopt;
  Branch here;
  if (cursorId) {
    // The walk to the branch head below goes parent by parent: load the
    // path in one read first (a preview needs all of it next anyway), or a
    // 2,000-deep leaf's first context costs a store read per ancestor.
    impl_->prefetchPath(&impl_->liveNodeIn(*cursorId, projectId, "cursorId"));
    here = branchHeadOf(*cursorId);
  } else {
    here.isMainline = true;
  }
  if (here.isMainline) {
    // Completed branches whose heads still start a branch, oldest first.
    std::vector<std::pair<int64_t, std::string>> done;
    for (const auto& meta : impl_->store->branches(projectId)) {
      if (meta.status != BranchStatus::Completed || !meta.summary || meta.summary->empty()) continue;
      Node* head = impl_->findNode(meta.headId);
      if (!head || head->unit.removed || !head->unit.startsBranch) continue;
      done.emplace_back(head->unit.seq, *meta.summary);
    }
    std::sort(done.begin(), done.end());
    for (auto& [seq, s] : done) mode.completedSummaries.push_back(std::move(s));
  } else {
    mode.inBranch = true;
    mode.anchorId = here.anchorId.value_or("");
    if (rootMeta && rootMeta->summary) mode.mainlineSummary = rootMeta->summary;
  }
  (void)ps;
  for (const Capsule& c : impl_->store->enabledCapsules(projectId)) mode.patterns.push_back(patternBlock(c));
  return mode;
}

std::string Engine::systemPrompt(const std::string& projectId,
                                 const std::optional<std::string>& cursorId) {
  return buildConversationSystemPrompt(conversationMode(projectId, cursorId));
}

Unit Engine::beginStream(const std::string& projectId, const std::string& parentId, Role role) {
  AppendRequest r;
  r.projectId = projectId;
  r.parentId = parentId;
  r.role = role;
  r.status = Status::Streaming;
  return impl_->mutate([&] { return impl_->appendUnit(r, false); });
}

Unit Engine::endStream(const std::string& unitId, const std::string& content, Status status,
                       bool keep) {
  return impl_->mutate([&] {
    Node& n = impl_->liveNode(unitId);
    ProjectState& ps = impl_->state(n.unit.projectId);
    Unit u = n.unit;
    u.content = content;
    u.status = status;
    if (!keep) {
      u.removed = true;
      impl_->writeUnit(u);
      ps.project.mainlineEndId = impl_->nearestLive(ps.project.mainlineEndId);
      ps.project.cursorId = impl_->nearestLive(ps.project.cursorId);
      impl_->bump(ps, ChangeOp::Stream, {unitId});
      return u;
    }
    // Now it becomes history: one undoable append with the final text.
    Change ch = impl_->begin(ps, ChangeOp::Append);
    impl_->touchNew(ch, u);
    impl_->writeUnit(u);
    impl_->finish(ch, ps);
    return u;
  });
}

void Engine::setBranchSummary(const std::string& projectId, const std::string& headId,
                              const std::string& summary) {
  impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    impl_->liveNodeIn(headId, projectId, "headId");
    BranchMeta meta = impl_->store->branch(projectId, headId)
                          .value_or(BranchMeta{projectId, headId, {}, {}, BranchStatus::Open, {}});
    meta.summary = summary;
    impl_->putBranch(meta);
    impl_->bump(ps, ChangeOp::Summary, {headId});
  });
}

std::vector<Unit> Engine::branchUnits(const std::string& headId) {
  return units(branchOf(headId).unitIds);
}

}  // namespace grove
