// Engine: construction, batching, caches, recording, and project operations.
#include "engine/Engine.h"

#include <algorithm>
#include <limits>

#include "engine/EngineImpl.h"
#include "engine/MemoletState.h"
#include "engine/StructureLog.h"
#include "ops/BranchIndex.h"
#include "support/HugePages.h"
#include "support/Ids.h"

namespace grove {

Engine::Engine(std::unique_ptr<Store> store, Options options)
    : impl_(std::make_unique<Impl>(std::move(store), options.clock)) {}

Engine::~Engine() {
  if (impl_->batchOpen) abortBatch();
}

void Engine::setChangeListener(ChangeListener listener) { impl_->listener = std::move(listener); }
void Engine::setSuggestionListener(SuggestionListener listener) {
  impl_->suggestionListener = std::move(listener);
}
void Engine::setActor(std::string actor) { impl_->actor = std::move(actor); }
const std::string& Engine::actor() const { return impl_->actor; }

// ---- Batches -------------------------------------------------------------

void Engine::beginBatch() {
  // The transaction itself starts with the first mutation (Impl::mutate), so
  // a batch of reads never takes the store's write lock.
  impl_->batchOpen = true;
}

void Engine::commitBatch() {
  if (!impl_->batchOpen) return;
  impl_->batchOpen = false;
  if (!impl_->batchBegun) return;
  impl_->batchBegun = false;
  try {
    impl_->store->commit();
    impl_->transactionEnded();
  } catch (...) {
    // A commit that failed may leave its level open (PostgreSQL, or a
    // transaction SQLite rolled back itself): unwound here, as a mutation's is.
    try {
      impl_->store->rollback();
    } catch (...) {
    }
    impl_->transactionEnded();
    impl_->pending.clear();
    impl_->suggestionPending.clear();
    impl_->memoletPending.clear();
    impl_->boardPending.clear();
    impl_->knowledgePending.clear();
    impl_->dropCaches();
    impl_->dirty = false;
    throw;
  }
  impl_->dirty = false;
  impl_->deliver();
}

void Engine::abortBatch() {
  if (!impl_->batchOpen) return;
  impl_->batchOpen = false;
  if (!impl_->batchBegun) return;
  impl_->batchBegun = false;
  try {
    impl_->store->rollback();
  } catch (...) {
  }
  impl_->transactionEnded();
  impl_->pending.clear();
  impl_->suggestionPending.clear();
  impl_->memoletPending.clear();
  impl_->boardPending.clear();
  impl_->dropCaches();
  impl_->dirty = false;
}

void Engine::dropCaches() { impl_->dropCaches(); }

void Engine::changedElsewhere(const ChangeEvent& event) {
  if (event.op == ChangeOp::Append) {
    // An append adds units and changes its project's row, and leads to
    // memolets of that project (indexed by the core that appended): the
    // units cached here are still right, and so is every other project.
    // Dropping everything made each core reload its whole memolet index
    // whenever another core appended anywhere.
    impl_->projects.erase(event.projectId);
    memolets::appendedElsewhere(*impl_, event.projectId);
  } else {
    // Anything else may change units this core holds (which other cached
    // units point at), paths, and memolets citing them.
    impl_->dropCaches();
  }
  impl_->pending.push_back(event);
  impl_->deliver();
}

void Engine::changedElsewhere(const BoardChange& change) {
  impl_->dropCaches();
  impl_->boardPending.push_back(change);
  impl_->deliver();
}

void Engine::changedElsewhere(const KnowledgeChange& change) {
  impl_->dropCaches();
  impl_->knowledgePending.push_back(change);
  impl_->deliver();
}

void Engine::Impl::queue(BoardChange change) {
  if (sharedStore) store->announce("board", change.workspaceUri, change.revision, change.op, change.itemIds);
  boardPending.push_back(std::move(change));
}

void Engine::Impl::queue(KnowledgeChange change) {
  if (sharedStore) store->announce("knowledge", change.workspaceUri, change.revision, change.op, change.nodeIds);
  knowledgePending.push_back(std::move(change));
}

void Engine::Impl::deliver() {
  if (store->depth() != 0) return;
  if (!pending.empty()) {
    auto events = std::move(pending);
    pending.clear();
    if (listener)
      for (const auto& e : events) listener(e);
  }
  if (!suggestionPending.empty()) {
    auto events = std::move(suggestionPending);
    suggestionPending.clear();
    if (suggestionListener)
      for (const auto& e : events) suggestionListener(e);
  }
  if (!memoletPending.empty()) {
    auto events = std::move(memoletPending);
    memoletPending.clear();
    if (memoletListener)
      for (const auto& e : events) memoletListener(e);
  }
  if (!boardPending.empty()) {
    auto events = std::move(boardPending);
    boardPending.clear();
    if (boardListener)
      for (const auto& e : events) boardListener(e);
  }
  if (!knowledgePending.empty()) {
    auto events = std::move(knowledgePending);
    knowledgePending.clear();
    if (knowledgeListener)
      for (const auto& e : events) knowledgeListener(e);
  }
}

void Engine::Impl::dropCaches() {
  nodes.clear();
  projects.clear();
  memo.reset();
  boards.reset();
}

// ---- Lookups ---------------------------------------------------------------

ProjectState* Engine::Impl::findState(const std::string& projectId) {
  auto it = projects.find(projectId);
  // Other cores write this store: the first time a transaction touches a
  // project, its row is locked (their writes to it wait) and its revision
  // checked against the cache; a difference means the cache is stale.
  if (sharedStore && store->depth() > 0 && lockedProjects.insert(projectId).second) {
    std::optional<int64_t> committed = store->lockProject(projectId);
    if (it != projects.end() && committed && *committed != it->second->project.revision) throw StaleCache{};
  }
  if (it != projects.end()) return it->second.get();
  auto p = store->project(projectId);
  if (!p) return nullptr;
  auto ps = std::make_unique<ProjectState>();
  ps->project = std::move(*p);
  return projects.emplace(projectId, std::move(ps)).first->second.get();
}

ProjectState& Engine::Impl::state(const std::string& projectId) {
  ProjectState* ps = findState(projectId);
  if (!ps || ps->project.deletedAt) throw Error::notFound("projectNotFound", projectId);
  return *ps;
}

Node* Engine::Impl::adopt(Unit&& row) {
  // The cache is authoritative: a row read again never replaces what it holds.
  if (auto it = nodes.find(row.id); it != nodes.end()) return it->second.get();
  auto node = std::make_unique<Node>();
  node->unit = std::move(row);
  return nodes.emplace(node->unit.id, std::move(node)).first->second.get();
}

Node* Engine::Impl::findNode(const std::string& unitId) {
  if (auto it = nodes.find(unitId); it != nodes.end()) return it->second.get();
  auto u = store->unit(unitId);
  return u ? adopt(std::move(*u)) : nullptr;
}

Node& Engine::Impl::liveNode(const std::string& unitId) {
  Node* n = findNode(unitId);
  if (!n || n->unit.removed) throw Error::notFound("unitNotFound", unitId);
  ProjectState* ps = findState(n->unit.projectId);
  if (!ps || ps->project.deletedAt) throw Error::notFound("unitNotFound", unitId);
  return *n;
}

Node& Engine::Impl::liveNodeIn(const std::string& unitId, const std::string& projectId,
                               const char* field) {
  Node& n = liveNode(unitId);
  if (n.unit.projectId != projectId)
    throw Error::invalidArg(field, "unit " + unitId + " belongs to another project");
  return n;
}

Node* Engine::Impl::parentOf(Node& node) {
  if (!node.parentResolved) {
    node.parent = node.unit.parentId ? findNode(*node.unit.parentId) : nullptr;
    node.parentResolved = true;
  }
  return node.parent;
}

std::optional<std::string> Engine::Impl::nearestLive(const std::optional<std::string>& unitId) {
  if (!unitId) return std::nullopt;
  for (Node* n = findNode(*unitId); n; n = parentOf(*n))
    if (!n->unit.removed) return n->unit.id;
  return std::nullopt;
}

void Engine::Impl::loadScoped(ProjectState& ps) {
  if (ps.scopedLoaded) return;
  for (Unit& u : store->scopedUnits(ps.project.id)) {
    Node* n = adopt(std::move(u));
    if (n->unit.scope == ScopeState::Included && !n->unit.removed) ps.included[n->unit.seq] = n;
  }
  ps.scopedLoaded = true;
}

void Engine::Impl::prefetchPath(Node* cursor) {
  // In steps: a leaf deep in a branch usually meets a path already loaded
  // (the mainline, from an earlier preview) after its branch's own units,
  // and rows past that point would be read for nothing (a 1,990-deep leaf
  // whose first 990 ancestors were loaded read all 1,990).
  constexpr size_t kStep = 256;
  if (cursor->parentResolved || !cursor->unit.parentId) return;
  Node* child = nullptr;
  std::string from = cursor->unit.id;
  for (;;) {
    std::vector<Unit> rows = store->ancestry(from, kStep);
    if (rows.empty()) return;
    // The next step starts at the last row read, which comes back first.
    const bool more = rows.size() == kStep && rows.back().parentId;
    if (more) from = rows.back().id;
    for (Unit& u : rows) {
      Node* n = adopt(std::move(u));
      if (child && child != n) {  // a step's first row is the last one of the step before
        child->parent = n;
        child->parentResolved = true;
      }
      if (n->parentResolved) return;  // the rest of the path is linked already
      child = n;
    }
    if (!more) break;
  }
  if (child && !child->unit.parentId) {
    child->parent = nullptr;
    child->parentResolved = true;
  }
}

std::vector<Node*> Engine::Impl::pathTo(ProjectState& ps, Node* cursor) {
  prefetchPath(cursor);
  std::vector<Node*> path;
  const std::optional<std::string>& start = ps.project.mainlineStartId;
  for (Node* n = cursor; n; n = parentOf(*n)) {
    path.push_back(n);
    if (start && n->unit.id == *start) break;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

// ---- Writes ----------------------------------------------------------------

namespace {

void trackIncluded(ProjectState* ps, Node* n) {
  if (!ps || !ps->scopedLoaded) return;
  const Unit& u = n->unit;
  if (u.scope == ScopeState::Included && !u.removed) {
    ps->included[u.seq] = n;
  } else if (auto it = ps->included.find(u.seq); it != ps->included.end() && it->second == n) {
    ps->included.erase(it);
  }
}

// Whether two images of one unit differ in anything an operation changes.
bool sameRow(const Unit& a, const Unit& b) {
  if (a.removed && b.removed) return true;
  return a.removed == b.removed && a.scope == b.scope && a.kind == b.kind &&
         a.content == b.content && a.startsBranch == b.startsBranch && a.status == b.status &&
         a.editedAt == b.editedAt && a.source.has_value() == b.source.has_value();
}

}  // namespace

void Engine::Impl::insertUnit(const Unit& unit) {
  dirty = true;
  store->insertUnit(unit);
  auto node = std::make_unique<Node>();
  node->unit = unit;
  Node* n = nodes.insert_or_assign(unit.id, std::move(node)).first->second.get();
  trackIncluded(findState(unit.projectId), n);
}

void Engine::Impl::writeUnit(const Unit& unit) {
  dirty = true;
  Node* n = findNode(unit.id);
  if (!n) {
    insertUnit(unit);
    return;
  }
  store->updateUnit(unit);
  n->unit = unit;
  trackIncluded(findState(unit.projectId), n);
}

void Engine::Impl::writeProject(ProjectState& ps) {
  dirty = true;
  store->putProject(ps.project);
}

void Engine::Impl::putBranch(const BranchMeta& meta) {
  dirty = true;
  store->putBranch(meta);
}

void Engine::Impl::dropBranch(const std::string& projectId, const std::string& headId) {
  dirty = true;
  store->deleteBranch(projectId, headId);
}

// ---- Recording -------------------------------------------------------------

Change Engine::Impl::begin(ProjectState& ps, ChangeOp kind) {
  Change ch;
  ch.kind = kind;
  ch.marksBefore = {ps.project.mainlineStartId, ps.project.mainlineEndId};
  return ch;
}

void Engine::Impl::touch(Change& ch, const Unit& current) {
  if (ch.befores.emplace(current.id, current).second) ch.unitOrder.push_back(current.id);
}

void Engine::Impl::touchNew(Change& ch, const Unit& created) {
  Unit before = created;
  before.removed = true;
  if (ch.befores.emplace(created.id, std::move(before)).second) ch.unitOrder.push_back(created.id);
  ch.created[created.id] = true;
}

void Engine::Impl::touchBranch(Change& ch, const std::string& projectId, const std::string& headId) {
  if (ch.branchBefores.count(headId)) return;
  ch.branchBefores.emplace(headId, store->branch(projectId, headId));
  ch.branchOrder.push_back(headId);
}

bool Engine::Impl::finish(Change& ch, ProjectState& ps) {
  Operation op;
  op.projectId = ps.project.id;
  op.kind = std::string(toString(ch.kind));
  op.createdAt = now();
  op.author = actor;
  op.marksBefore = ch.marksBefore;
  op.marksAfter = {ps.project.mainlineStartId, ps.project.mainlineEndId};
  std::vector<std::string> changed;
  for (const auto& id : ch.unitOrder) {
    const Unit& before = ch.befores.at(id);
    const Unit& after = findNode(id)->unit;
    // Only rows that really changed go into the log.
    if (sameRow(before, after)) continue;
    op.units.push_back({before, after, ch.created.count(id) > 0});
    changed.push_back(id);
  }
  for (const auto& head : ch.branchOrder) {
    auto after = store->branch(ps.project.id, head);
    op.branches.push_back({head, ch.branchBefores.at(head), after});
  }
  if (op.units.empty() && op.branches.empty() && op.marksBefore == op.marksAfter) return false;
  dirty = true;
  store->dropUndoneOps(ps.project.id);
  store->appendOp(op);
  bump(ps, ch.kind, std::move(changed));
  return true;
}

void Engine::Impl::bump(ProjectState& ps, ChangeOp op, std::vector<std::string> unitIds) {
  memoletsOnUnits(op, unitIds);
  ps.project.revision += 1;
  ps.project.updatedAt = now();
  writeProject(ps);
  if (sharedStore) store->announce("project", ps.project.id, ps.project.revision, std::string(toString(op)), unitIds);
  pending.push_back({ps.project.id, ps.project.revision, op, std::move(unitIds), actor});
}

// ---- Projects ----------------------------------------------------------------

Project Engine::createProject(const std::string& title,
                              const std::optional<std::string>& workspaceUri) {
  return impl_->mutate([&] {
    auto ps = std::make_unique<ProjectState>();
    ps->project.id = newId('p');
    ps->project.title = title;
    ps->project.workspaceUri = workspaceUri;
    ps->project.createdAt = impl_->now();
    ps->project.updatedAt = ps->project.createdAt;
    ps->scopedLoaded = true;  // a new project has no scoped units
    ProjectState& ref = *ps;
    impl_->projects.emplace(ps->project.id, std::move(ps));
    impl_->bump(ref, ChangeOp::Create, {});
    return ref.project;
  });
}

std::vector<Project> Engine::listProjects(const std::optional<std::string>& workspaceUri,
                                          bool includeDeleted) {
  // Writes reach the store before the cache, so the store is current.
  return impl_->store->projects(workspaceUri, includeDeleted);
}

Project Engine::project(const std::string& projectId) { return impl_->state(projectId).project; }

ProjectSnapshot Engine::getProject(const std::string& projectId) {
  ProjectState& ps = impl_->state(projectId);
  ProjectSnapshot snap;
  snap.project = ps.project;
  snap.units = impl_->store->liveUnits(projectId);
  snap.branches = deriveBranches(snap.units, impl_->store->branches(projectId));
  return snap;
}

ProjectPage Engine::projectPage(const std::string& projectId, int64_t afterSeq, int limit) {
  if (limit < 1 || limit > kMaxPageUnits)
    throw Error::invalidArg("limit", "limit must be between 1 and " + std::to_string(kMaxPageUnits));
  if (afterSeq < 0) throw Error::invalidArg("afterSeq", "afterSeq must not be negative");
  ProjectState& ps = impl_->state(projectId);
  ProjectPage page;
  page.project = ps.project;
  // Read in steps, not `limit` rows at once: a unit may hold megabytes, and
  // the page ends at kPageBytes of text (past its first unit) whatever
  // `limit` says, so the reply stays a size every reader takes. One row more
  // than the page says whether another follows.
  constexpr size_t kStep = 256;
  const auto most = static_cast<size_t>(limit);
  int64_t from = afterSeq == std::numeric_limits<int64_t>::max() ? afterSeq : afterSeq + 1;
  size_t bytes = 0;
  for (;;) {
    const size_t step = std::min(most + 1 - page.units.size(), kStep);
    std::vector<Unit> rows = impl_->store->liveUnits(projectId, from, step);
    for (Unit& u : rows) {
      if (page.units.size() == most || (!page.units.empty() && bytes + u.content.size() > kPageBytes)) {
        page.nextAfterSeq = page.units.back().seq;
        return page;
      }
      bytes += u.content.size();
      page.units.push_back(std::move(u));
    }
    if (rows.size() < step) return page;  // the tree ends in this page
    from = page.units.back().seq + 1;
  }
}

ProjectOutline Engine::projectOutline(const std::string& projectId, int headChars) {
  if (headChars < 0 || headChars > kOutlineHeadChars)
    throw Error::invalidArg("headChars", "headChars must be between 0 and " + std::to_string(kOutlineHeadChars));
  ProjectState& ps = impl_->state(projectId);
  ProjectOutline out;
  out.project = ps.project;
  out.withHeads = headChars > 0;
  UnitOutline& o = out.units;
  // Room for every unit ever appended (removed ones too: an upper bound), so
  // nothing is copied while it grows; pages never written cost nothing.
  const auto most = static_cast<size_t>(std::max<int64_t>(ps.project.nextSeq - 1, 0));
  o.rows.reserve(most);
  o.text.reserve(most * (2 * 24 + headChars));
  adviseHugePages(o.rows.data(), o.rows.capacity() * sizeof(UnitOutline::Row));
  adviseHugePages(o.text.data(), o.text.capacity());
  auto put = [&o](std::string_view s, uint32_t& at, uint32_t& len) {
    at = static_cast<uint32_t>(o.text.size());
    len = static_cast<uint32_t>(s.size());
    o.text.append(s);
  };
  impl_->store->liveOutline(projectId, headChars, [&](const OutlineRow& r) {
    UnitOutline::Row row;
    put(r.id, row.idAt, row.idLen);
    row.hasParent = r.parentId.has_value();
    if (r.parentId) put(*r.parentId, row.parentIdAt, row.parentIdLen);  // resolved below
    // The head: the first non-blank line of what the store cut.
    std::string_view h = r.head;
    size_t b = h.find_first_not_of(" \t\r\n");
    h = b == std::string_view::npos ? std::string_view() : h.substr(b, h.find('\n', b) - b);
    // A line cut at headChars may end in blanks; the clients trim a loaded unit's first line too.
    h = h.substr(0, h.find_last_not_of(" \t\r") + 1);
    put(h, row.headAt, row.headLen);
    row.role = r.role;
    row.kind = r.kind;
    row.status = r.status;
    row.scope = r.scope;
    row.seq = r.seq;
    row.startsBranch = r.startsBranch;
    if (r.source) o.sources.emplace_back(o.rows.size(), *r.source);
    o.rows.push_back(row);
  });
  o.resolveParents();  // the text no longer moves
  out.branches = deriveBranches(o, impl_->store->branches(projectId));
  return out;
}

std::optional<size_t> ProjectOutline::branchHolding(std::string_view unitId) const {
  for (size_t b = 0; b < branches.size(); ++b)
    for (uint32_t row : branches[b].unitRows)
      if (units.id(row) == unitId) return b;
  return std::nullopt;
}

Project Engine::renameProject(const std::string& projectId, const std::string& title) {
  return impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    ps.project.title = title;
    impl_->bump(ps, ChangeOp::Rename, {});
    return ps.project;
  });
}

void Engine::deleteProject(const std::string& projectId) {
  impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    ps.project.deletedAt = impl_->now();
    impl_->bump(ps, ChangeOp::Delete, {});
  });
}

Project Engine::restoreProject(const std::string& projectId) {
  return impl_->mutate([&] {
    ProjectState* ps = impl_->findState(projectId);
    if (!ps) throw Error::notFound("projectNotFound", projectId);
    if (ps->project.deletedAt) {
      ps->project.deletedAt.reset();
      impl_->bump(*ps, ChangeOp::Restore, {});
    }
    return ps->project;
  });
}

Project Engine::setCursor(const std::string& projectId,
                          const std::optional<std::string>& cursorId) {
  return impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    if (cursorId) impl_->liveNodeIn(*cursorId, projectId, "cursorId");
    // Leaving a branch for the path it came from, by hand, is a return the
    // user made unprompted: evidence for the user model.
    if (cursorId && ps.project.cursorId && *ps.project.cursorId != *cursorId) {
      Node* old = impl_->findNode(*ps.project.cursorId);
      if (old && !old->unit.removed) {
        Branch from = branchHeadOf(old->unit.id);
        if (!from.isMainline && from.anchorId &&
            branchHeadOf(*from.anchorId).headId == branchHeadOf(*cursorId).headId)
          logManual(*impl_, projectId, "return", from.title.value_or("left a branch"));
      }
    }
    if (ps.project.cursorId != cursorId) {
      ps.project.cursorId = cursorId;
      impl_->bump(ps, ChangeOp::Cursor, cursorId ? std::vector<std::string>{*cursorId}
                                         : std::vector<std::string>{});
    }
    return ps.project;
  });
}

std::vector<SearchHit> Engine::search(const std::string& query,
                                      const std::optional<std::string>& projectId, int limit) {
  if (projectId) impl_->state(*projectId);
  return impl_->store->search(query, projectId, std::clamp(limit, 1, 200));
}

}  // namespace grove
