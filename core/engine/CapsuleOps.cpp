// Engine: capsules. They are global (reusable in any project) and enabled per
// project; an enabled capsule's pattern block joins every turn's system
// prompt there. A capsule that needs review cannot be enabled until reviewed.
#include <algorithm>
#include <unordered_set>

#include "engine/EngineImpl.h"
#include "support/Ids.h"

namespace grove {

namespace {

void checkText(const std::optional<std::string>& v, const char* field, size_t max) {
  if (!v) return;
  if (v->size() > max) throw Error::invalidArg(field, std::string(field) + " is too long");
}

}  // namespace

std::vector<Unit> Engine::capsuleSource(const std::string& projectId,
                                        const std::vector<std::string>& unitIds) {
  impl_->state(projectId);
  if (unitIds.empty()) throw Error::invalidArg("unitIds", "unitIds must not be empty");
  std::unordered_set<std::string> seen;
  std::vector<Node*> nodes;
  for (const auto& id : unitIds) {
    Node& n = impl_->liveNodeIn(id, projectId, "unitIds");
    if (seen.insert(id).second) nodes.push_back(&n);
  }
  // In conversation order, whatever order they were picked in.
  std::sort(nodes.begin(), nodes.end(), [](Node* a, Node* b) { return a->unit.seq < b->unit.seq; });
  std::vector<Unit> out;
  for (Node* n : nodes) out.push_back(n->unit);
  return out;
}

Capsule Engine::extractCapsule(const std::string& projectId, const std::vector<std::string>& unitIds,
                               CapsuleType type, const std::optional<CapsuleDraft>& draft) {
  std::vector<Unit> source = capsuleSource(projectId, unitIds);
  return impl_->mutate([&] { return impl_->putNewCapsule(projectId, source, type, draft); });
}

Capsule Engine::Impl::putNewCapsule(const std::string& projectId, const std::vector<Unit>& source,
                                    CapsuleType type, const std::optional<CapsuleDraft>& draft,
                                    const std::string& name) {
  CapsuleDraft d = draft ? *draft : extractiveCapsule(source, type, name);
  Capsule c;
  c.id = newId('c');
  c.type = type;
  c.name = d.name;
  c.instruction = d.instruction;
  c.example = d.example;
  c.requiresReview = d.requiresReview;
  c.source = d.source;
  c.projectId = projectId;
  for (const auto& u : source) c.sourceUnitIds.push_back(u.id);
  c.createdAt = c.updatedAt = now();
  store->putCapsule(c);
  return c;
}

std::vector<Capsule> Engine::capsules(const std::optional<std::string>& projectId) {
  if (projectId) impl_->state(*projectId);
  return impl_->store->capsules(projectId);
}

Capsule Engine::capsule(const std::string& capsuleId) {
  auto c = impl_->store->capsule(capsuleId);
  if (!c) throw Error::notFound("capsuleNotFound", capsuleId);
  return *c;
}

Capsule Engine::updateCapsule(const std::string& capsuleId, const CapsuleUpdate& u) {
  checkText(u.name, "name", 200);
  checkText(u.instruction, "instruction", 20000);
  checkText(u.example, "example", 20000);
  if (u.name && u.name->find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error::invalidArg("name", "name must not be empty");
  return impl_->mutate([&] {
    Capsule c = capsule(capsuleId);
    if (u.name) c.name = *u.name;
    if (u.instruction) c.instruction = *u.instruction;
    if (u.example) c.example = *u.example;
    if (u.reviewed) c.reviewed = *u.reviewed;
    c.updatedAt = impl_->now();
    impl_->store->putCapsule(c);
    // Projects it is enabled in now send the new text: tell their clients.
    for (const auto& pid : c.enabledIn)
      if (ProjectState* ps = impl_->findState(pid); ps && !ps->project.deletedAt)
        impl_->bump(*ps, ChangeOp::Capsule, {});
    return capsule(capsuleId);
  });
}

Capsule Engine::setCapsuleEnabled(const std::string& capsuleId, const std::string& projectId,
                                  bool enabled) {
  return impl_->mutate([&] {
    Capsule c = capsule(capsuleId);
    ProjectState& ps = impl_->state(projectId);
    if (enabled && c.requiresReview && !c.reviewed)
      throw Error::invalidOp("reviewPending",
                             "capsule " + capsuleId + " must be reviewed (grove/capsule/update "
                             "reviewed: true) before it is enabled",
                             capsuleId);
    bool was = std::find(c.enabledIn.begin(), c.enabledIn.end(), projectId) != c.enabledIn.end();
    if (was != enabled) {
      impl_->store->setCapsuleEnabled(capsuleId, projectId, enabled);
      // The project's system prompt changed.
      impl_->bump(ps, ChangeOp::Capsule, {});
    }
    return capsule(capsuleId);
  });
}

void Engine::deleteCapsule(const std::string& capsuleId) {
  impl_->mutate([&] {
    Capsule c = capsule(capsuleId);
    impl_->store->deleteCapsule(capsuleId);
    for (const auto& pid : c.enabledIn)
      if (ProjectState* ps = impl_->findState(pid); ps && !ps->project.deletedAt)
        impl_->bump(*ps, ChangeOp::Capsule, {});
  });
}

}  // namespace grove
