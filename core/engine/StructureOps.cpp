// Engine: mainline and branch operations.
#include "engine/EngineImpl.h"
#include "engine/StructureLog.h"

namespace grove {

Project Engine::setMainline(const std::string& projectId, const Field<std::string>& startId,
                            const Field<std::string>& endId) {
  return impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    Store& store = *impl_->store;
    Change ch = impl_->begin(ps, ChangeOp::Mainline);

    if (endId && !*endId) {
      // Cleared: the default, following continuing children from the root.
      std::optional<std::string> end = store.liveRoot(projectId);
      while (end)
        if (auto next = store.continuingChild(*end))
          end = next;
        else
          break;
      ps.project.mainlineEndId = end;
    } else if (endId) {
      Node& end = impl_->liveNodeIn(**endId, projectId, "endId");
      // Route the mainline through the new end: every branch head on its
      // path becomes continuing, and the child its parent continued with
      // before starts a branch (the old tail is demoted, not lost).
      std::vector<Node*> path;
      for (Node* n = &end; n; n = impl_->parentOf(*n)) path.push_back(n);
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        Node* n = *it;
        if (!n->unit.startsBranch || !n->unit.parentId) continue;
        if (auto old = store.continuingChild(*n->unit.parentId)) {
          Node& o = impl_->liveNode(*old);
          impl_->touch(ch, o.unit);
          Unit demoted = o.unit;
          demoted.startsBranch = true;
          impl_->writeUnit(demoted);
        }
        impl_->touch(ch, n->unit);
        Unit promoted = n->unit;
        promoted.startsBranch = false;
        impl_->writeUnit(promoted);
      }
      // Below the new end, the chain it continued with becomes a branch.
      if (auto below = store.continuingChild(end.unit.id)) {
        Node& b = impl_->liveNode(*below);
        impl_->touch(ch, b.unit);
        Unit demoted = b.unit;
        demoted.startsBranch = true;
        impl_->writeUnit(demoted);
      }
      ps.project.mainlineEndId = end.unit.id;
    }

    if (startId) {
      if (*startId) impl_->liveNodeIn(**startId, projectId, "startId");
      ps.project.mainlineStartId = *startId;
    }
    if (impl_->finish(ch, ps) && endId && *endId) logManual(*impl_, projectId, "mainline", "mainline end set");
    return ps.project;
  });
}

Branch Engine::branchHeadOf(const std::string& unitId) {
  Node* head = &impl_->liveNode(unitId);
  while (!head->unit.startsBranch && head->unit.parentId) head = impl_->parentOf(*head);
  Branch b;
  b.headId = head->unit.id;
  b.anchorId = head->unit.parentId;
  b.isMainline = !head->unit.parentId;
  if (auto meta = impl_->store->branch(head->unit.projectId, head->unit.id)) {
    b.title = meta->title;
    b.intent = meta->intent;
    b.status = meta->status;
    b.summary = meta->summary;
  }
  return b;
}

Branch Engine::branchOf(const std::string& unitId) {
  Branch b = branchHeadOf(unitId);
  for (std::optional<std::string> cur = b.headId; cur;
       cur = impl_->store->continuingChild(*cur))
    b.unitIds.push_back(*cur);
  return b;
}

Branch Engine::updateBranch(const std::string& projectId, const std::string& headId,
                            const BranchUpdate& update) {
  impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    Node& head = impl_->liveNodeIn(headId, projectId, "headId");
    if (!head.unit.startsBranch && head.unit.parentId)
      throw Error::invalidOp("notBranchHead",
                             "unit " + headId + " does not start a branch; use its branch's head",
                             headId);
    Change ch = impl_->begin(ps, ChangeOp::Branch);
    impl_->touchBranch(ch, projectId, headId);
    BranchMeta meta = impl_->store->branch(projectId, headId)
                          .value_or(BranchMeta{projectId, headId, {}, {}, BranchStatus::Open, {}});
    if (update.title) meta.title = *update.title;
    if (update.intent) meta.intent = *update.intent;
    if (update.status) meta.status = *update.status;
    if (update.summary) meta.summary = *update.summary;
    impl_->putBranch(meta);
    impl_->finish(ch, ps);
  });
  return branchOf(headId);
}

}  // namespace grove
