// Engine: unit operations (append, edit, scope, delete) and reads.
#include <algorithm>
#include <cstdio>
#include <unordered_set>

#include "engine/EngineImpl.h"
#include "engine/StructureLog.h"
#include "support/Hash.h"
#include "support/Ids.h"

namespace grove {
namespace {


}  // namespace

Unit Engine::append(const AppendRequest& req) {
  return impl_->mutate([&] { return impl_->appendUnit(req, true); }, /*carryable=*/true);
}

Unit Engine::Impl::appendUnit(const AppendRequest& req, bool logged) {
  Engine::Impl* impl_ = this;
  if (req.kind == Kind::Placeholder)
    throw Error::invalidArg("kind", "placeholders are made by delete, not appended");
  if (req.kind == Kind::Code && !req.source)
    throw Error::invalidArg("source", "a code unit needs a source {uri, range, languageId, memo}");
  if (req.kind != Kind::Code && req.source)
    throw Error::invalidArg("source", "only code units carry a source");
  if (req.source && req.source->uri.empty())
    throw Error::invalidArg("source", "source.uri must not be empty");

  {
    ProjectState& ps = impl_->state(req.projectId);
    bool startsBranch = false;
    if (!req.parentId) {
      if (auto root = impl_->store->liveRoot(req.projectId))
        throw Error::invalidOp("rootExists", "project already has a root unit", *root);
    } else {
      impl_->liveNodeIn(*req.parentId, req.projectId, "parentId");
      // Only the first child appended without branch metadata continues the
      // parent's path; every other child starts a branch.
      startsBranch = req.branch.has_value() || impl_->store->continuingChild(*req.parentId);
    }

    Unit u;
    u.id = newId('u');
    u.projectId = req.projectId;
    u.parentId = req.parentId;
    u.role = req.role;
    u.kind = req.kind;
    u.content = req.content;
    u.status = req.status;
    u.seq = ps.project.nextSeq++;
    u.createdAt = req.createdAt.value_or(impl_->now());
    u.source = req.source;
    if (u.source && u.source->contentHash.empty()) u.source->contentHash = fnv1aHex(u.content);  // lets clients tell whether the file changed
    if (u.source) {  // where it was captured stays; `range` then follows the code (issue 16)
      if (!u.source->capturedRange) u.source->capturedRange = u.source->range;
      u.source->anchor = Anchor{};
    }
    u.startsBranch = startsBranch;
    u.author = impl_->actor;

    Change ch = impl_->begin(ps, ChangeOp::Append);
    impl_->touchNew(ch, u);
    impl_->insertUnit(u);
    if (req.branch) {
      // On the root, branch metadata names the mainline.
      impl_->touchBranch(ch, ps.project.id, u.id);
      impl_->putBranch({ps.project.id, u.id, req.branch->title, req.branch->intent,
                        BranchStatus::Open, std::nullopt});
    }
    if (!req.parentId)
      ps.project.mainlineEndId = u.id;
    else if (!startsBranch && ps.project.mainlineEndId == req.parentId)
      ps.project.mainlineEndId = u.id;  // a continuing child of the end advances it
    ps.project.cursorId = u.id;
    // Opening a branch by hand is evidence for the user model.
    if (logged && req.branch && req.parentId) logManual(*this, ps.project.id, "branch", req.content);
    if (logged)
      impl_->finish(ch, ps);
    else
      impl_->bump(ps, ChangeOp::Append, {u.id});
    return u;
  }
}

Unit Engine::unit(const std::string& unitId) { return impl_->liveNode(unitId).unit; }

std::vector<Unit> Engine::units(const std::vector<std::string>& unitIds) {
  std::vector<Unit> out;
  out.reserve(unitIds.size());
  for (const auto& id : unitIds) out.push_back(impl_->liveNode(id).unit);
  return out;
}

std::vector<Revision> Engine::revisions(const std::string& unitId) {
  impl_->liveNode(unitId);
  return impl_->store->revisions(unitId);
}

Unit Engine::edit(const std::string& unitId, const std::string& content) {
  return impl_->mutate([&] {
    Node& n = impl_->liveNode(unitId);
    ProjectState& ps = impl_->state(n.unit.projectId);
    if (n.unit.kind == Kind::Placeholder)
      throw Error::invalidOp("isPlaceholder", "a placeholder has no content to edit", unitId);
    if (n.unit.content == content) return n.unit;
    Change ch = impl_->begin(ps, ChangeOp::Edit);
    impl_->touch(ch, n.unit);
    // The prior text is kept, with the time it was written.
    impl_->store->addRevision(unitId, {n.unit.content, n.unit.editedAt.value_or(n.unit.createdAt)});
    Unit u = n.unit;
    u.content = content;
    u.editedAt = impl_->now();
    impl_->writeUnit(u);
    impl_->finish(ch, ps);
    return u;
  });
}

namespace {

// All units must exist, be live, and belong to one project; returns it.
std::string commonProject(Engine::Impl& impl, const std::vector<std::string>& unitIds) {
  if (unitIds.empty()) throw Error::invalidArg("unitIds", "unitIds must not be empty");
  std::string projectId;
  for (const auto& id : unitIds) {
    Node& n = impl.liveNode(id);
    if (projectId.empty())
      projectId = n.unit.projectId;
    else if (n.unit.projectId != projectId)
      throw Error::invalidArg("unitIds", "units from more than one project");
  }
  return projectId;
}

}  // namespace

std::vector<Unit> Engine::setScope(const std::vector<std::string>& unitIds, ScopeChange change,
                                   const Field<std::string>& cursorId) {
  if (change == ScopeChange::Toggle && !cursorId)
    throw Error::invalidArg("cursorId", "toggle needs cursorId (null means an empty path)");
  return impl_->mutate([&] {
    std::string projectId = commonProject(*impl_, unitIds);
    ProjectState& ps = impl_->state(projectId);
    std::unordered_set<const Node*> onPath;
    if (change == ScopeChange::Toggle && *cursorId) {
      Node& cursor = impl_->liveNodeIn(**cursorId, projectId, "cursorId");
      for (Node* n : impl_->pathTo(ps, &cursor)) onPath.insert(n);
    }
    Change ch = impl_->begin(ps, ChangeOp::SetScope);
    std::vector<Unit> out;
    for (const auto& id : unitIds) {
      Node& n = impl_->liveNode(id);
      Unit u = n.unit;
      switch (change) {
        case ScopeChange::Auto: u.scope = ScopeState::Auto; break;
        case ScopeChange::Included: u.scope = ScopeState::Included; break;
        case ScopeChange::Excluded: u.scope = ScopeState::Excluded; break;
        case ScopeChange::Toggle:
          // The smallest change that flips the unit at this cursor (DESIGN §5).
          if (onPath.count(&n))
            u.scope = u.scope == ScopeState::Excluded ? ScopeState::Auto : ScopeState::Excluded;
          else
            u.scope = u.scope == ScopeState::Included ? ScopeState::Auto : ScopeState::Included;
          break;
      }
      if (u.scope != n.unit.scope) {
        impl_->touch(ch, n.unit);
        impl_->writeUnit(u);
      }
      out.push_back(u);
    }
    if (change == ScopeChange::Excluded && impl_->finish(ch, ps))
      logManual(*impl_, projectId, "exclude", std::to_string(unitIds.size()) + " unit(s) excluded");
    else
      impl_->finish(ch, ps);
    return out;
  });
}

DeleteResult Engine::deleteUnits(const std::vector<std::string>& unitIds, bool subtree,
                                 bool preview) {
  return impl_->mutate([&] {
    std::string projectId = commonProject(*impl_, unitIds);
    ProjectState& ps = impl_->state(projectId);
    Store& store = *impl_->store;

    // Plan first, so a preview reports exactly what applying would do.
    std::unordered_set<std::string> removed;
    std::vector<std::string> removedOrder, placeholders;
    if (subtree) {
      std::vector<std::string> stack(unitIds.rbegin(), unitIds.rend());
      while (!stack.empty()) {
        std::string id = std::move(stack.back());
        stack.pop_back();
        if (!removed.insert(id).second) continue;
        removedOrder.push_back(id);
        for (auto& c : store.liveChildren(id)) stack.push_back(std::move(c));
      }
    } else {
      // Deepest (latest) first: a parent whose children all go becomes a leaf.
      std::vector<Node*> targets;
      for (const auto& id : unitIds) targets.push_back(&impl_->liveNode(id));
      std::sort(targets.begin(), targets.end(),
                [](Node* a, Node* b) { return a->unit.seq > b->unit.seq; });
      targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
      for (Node* t : targets) {
        bool hasLiveChild = false;
        for (const auto& c : store.liveChildren(t->unit.id))
          if (!removed.count(c)) hasLiveChild = true;
        if (hasLiveChild) {
          placeholders.push_back(t->unit.id);
        } else {
          removed.insert(t->unit.id);
          removedOrder.push_back(t->unit.id);
        }
      }
    }
    DeleteResult result{removedOrder, placeholders};
    if (preview) return result;

    Change ch = impl_->begin(ps, ChangeOp::Delete);
    for (const auto& id : removedOrder) {
      Node& n = impl_->liveNode(id);
      impl_->touch(ch, n.unit);
      Unit u = n.unit;
      u.removed = true;
      impl_->writeUnit(u);
    }
    for (const auto& id : placeholders) {
      Node& n = impl_->liveNode(id);
      if (n.unit.kind == Kind::Placeholder) continue;
      impl_->touch(ch, n.unit);
      Unit u = n.unit;
      // The text is kept in the operation log, so undo brings it back.
      u.kind = Kind::Placeholder;
      u.content.clear();
      u.source.reset();
      impl_->writeUnit(u);
    }
    // Marks on removed units move to their nearest surviving ancestor.
    ps.project.mainlineEndId = impl_->nearestLive(ps.project.mainlineEndId);
    ps.project.mainlineStartId = impl_->nearestLive(ps.project.mainlineStartId);
    ps.project.cursorId = impl_->nearestLive(ps.project.cursorId);
    impl_->finish(ch, ps);
    return result;
  });
}

}  // namespace grove
