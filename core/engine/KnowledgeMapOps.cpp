// Knowledge maps: reading, editing (all or nothing), undo and redo. The map is
// read from the store on every call (no cache), so a rolled-back batch can
// never leave a stale map behind.
#include <algorithm>

#include "engine/EngineImpl.h"
#include "knowledge/KnowledgeOps.h"
#include "knowledge/WorkspaceUri.h"

namespace grove {

using knowledge::KnowledgeGraph;

namespace {

KnowledgeGraph loadMap(Store& store, const std::string& workspaceUri) {
  if (auto g = store.knowledge().knowledgeGraph(workspaceUri)) return std::move(*g);
  KnowledgeGraph g;
  g.workspaceUri = workspaceUri;
  return g;
}

// An image from the log takes the map's place at a new revision; seq numbers
// only grow, so the outline's creation order survives undo and redo.
KnowledgeGraph restored(KnowledgeGraph image, const KnowledgeGraph& current) {
  image.workspaceUri = current.workspaceUri;
  image.revision = current.revision + 1;
  image.nextSeq = std::max(image.nextSeq, current.nextSeq);
  return image;
}

// Undo puts back the image before the last entry still done; redo the image
// after the first undone one. Either is a new revision, announced as such.
KnowledgeChange stepMap(Engine::Impl& impl, const std::string& workspaceUri, bool undo) {
  std::string ws = knowledge::normalizeWorkspaceUri(workspaceUri);
  return impl.mutate([&] {
    KnowledgeStore& rows = impl.store->knowledge();
    auto entry = undo ? rows.lastDoneKnowledgeOp(ws) : rows.firstUndoneKnowledgeOp(ws);
    if (!entry)
      throw Error::invalidOp(undo ? "nothingToUndo" : "nothingToRedo",
                             std::string("nothing to ") + (undo ? "undo" : "redo") + " in the knowledge map of " + ws);
    KnowledgeGraph map = restored(undo ? entry->before : entry->after, loadMap(*impl.store, ws));
    rows.putKnowledgeGraph(map);
    rows.setKnowledgeOpUndone(entry->seq, undo);
    KnowledgeChange change{ws, map.revision, entry->changed.nodeIds, entry->changed.edgeIds,
                           entry->changed.groupIds, {}, undo ? "undo" : "redo", impl.actor};
    impl.queue(change);
    return change;
  });
}

}  // namespace

void Engine::setKnowledgeListener(KnowledgeListener listener) {
  impl_->knowledgeListener = std::move(listener);
}

KnowledgeGraph Engine::knowledgeMap(const std::string& workspaceUri) {
  return loadMap(*impl_->store, knowledge::normalizeWorkspaceUri(workspaceUri));
}

KnowledgeEditResult Engine::editKnowledge(const KnowledgeEditRequest& request) {
  std::string ws = knowledge::normalizeWorkspaceUri(request.workspaceUri);
  if (request.ops.empty()) throw Error::invalidArg("ops", "ops must hold at least one op");
  return impl_->mutate([&] {
    KnowledgeGraph before = loadMap(*impl_->store, ws);
    if (request.expectedRevision && *request.expectedRevision != before.revision)
      throw Error::invalidOp("revisionConflict",
                             "the knowledge map changed since revision " + std::to_string(*request.expectedRevision) +
                                 " (now " + std::to_string(before.revision) + "); reload and retry",
                             ws);
    KnowledgeGraph after = before;
    knowledge::ApplyContext context;
    context.now = impl_->now();
    knowledge::ChangedIds changed = knowledge::applyOps(after, request.ops, context);
    KnowledgeEditResult result;
    result.refs = changed.refs;
    result.change.workspaceUri = ws;
    result.change.nodeIds = changed.nodeIds;
    result.change.edgeIds = changed.edgeIds;
    result.change.groupIds = changed.groupIds;
    result.change.op = request.op;
    result.change.actor = impl_->actor;
    if (request.preview) {
      result.change.revision = before.revision;
      result.graph = std::move(after);
      return result;
    }
    after.revision = before.revision + 1;
    KnowledgeLogEntry entry;
    entry.workspaceUri = ws;
    entry.op = request.op;
    entry.actor = impl_->actor;
    entry.at = context.now;
    entry.before = before;
    entry.after = after;
    entry.changed = changed;
    impl_->store->knowledge().dropUndoneKnowledgeOps(ws);
    impl_->store->knowledge().appendKnowledgeOp(entry);
    impl_->store->knowledge().putKnowledgeGraph(after);
    result.change.revision = after.revision;
    result.graph = std::move(after);
    impl_->queue(result.change);
    return result;
  });
}

KnowledgeChange Engine::undoKnowledge(const std::string& workspaceUri) {
  return stepMap(*impl_, workspaceUri, true);
}

KnowledgeChange Engine::redoKnowledge(const std::string& workspaceUri) {
  return stepMap(*impl_, workspaceUri, false);
}

void Engine::putKnowledgeTurn(const KnowledgeTurnRow& turn) {
  impl_->mutate([&] { impl_->store->knowledge().putKnowledgeTurn(turn); });
}

std::vector<KnowledgeTurnRow> Engine::knowledgeTurns(const std::string& workspaceUri, size_t limit) {
  return impl_->store->knowledge().knowledgeTurns(knowledge::normalizeWorkspaceUri(workspaceUri), limit);
}

}  // namespace grove
