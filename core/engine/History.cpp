// Engine: undo and redo over the persisted operation log.
#include "engine/EngineImpl.h"

namespace grove {

void Engine::Impl::applyImages(ProjectState& ps, const Operation& op, bool undo) {
  std::vector<std::string> ids;
  for (const auto& c : op.units) {
    if (c.created) {
      Node* n = findNode(c.after.id);
      if (!n) throw Error::storage("operation log names a unit the store lacks: " + c.after.id);
      Unit u = n->unit;
      u.removed = undo;
      writeUnit(u);
    } else {
      writeUnit(undo ? c.before : c.after);
    }
    ids.push_back(c.before.id);
  }
  for (const auto& b : op.branches) {
    const auto& image = undo ? b.before : b.after;
    if (image)
      putBranch(*image);
    else
      dropBranch(ps.project.id, b.headId);
  }
  const Marks& marks = undo ? op.marksBefore : op.marksAfter;
  // Marks may name a unit that streamed in after the entry was written and
  // is now gone again: keep them on something alive.
  ps.project.mainlineStartId = nearestLive(marks.mainlineStartId);
  ps.project.mainlineEndId = nearestLive(marks.mainlineEndId);
  // The cursor is not history, but it must point at something alive.
  ps.project.cursorId = nearestLive(ps.project.cursorId);
  store->setOpUndone(ps.project.id, op.seq, undo);
  bump(ps, undo ? ChangeOp::Undo : ChangeOp::Redo, std::move(ids));
}

Project Engine::undo(const std::string& projectId) {
  return impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    auto op = impl_->store->lastDoneOp(projectId);
    if (!op) throw Error::invalidOp("nothingToUndo", "nothing to undo in this project", projectId);
    impl_->applyImages(ps, *op, true);
    return ps.project;
  });
}

Project Engine::redo(const std::string& projectId) {
  return impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    auto op = impl_->store->firstUndoneOp(projectId);
    if (!op) throw Error::invalidOp("nothingToRedo", "nothing to redo in this project", projectId);
    impl_->applyImages(ps, *op, false);
    return ps.project;
  });
}

}  // namespace grove
