// Engine: the sandbox, a project's curated working set of memolets (the
// retrieval scope of its turns), with groups whose summary is rewritten
// whenever their membership changes.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "engine/MemoletState.h"
#include "memory/Keywords.h"
#include "support/Ids.h"

namespace grove {

namespace {

// Offline group summary in the shape of Memolet's summarize prompt (A.7.4):
// the topics the members share, then what each member is.
std::string groupSummary(const std::vector<Memolet>& members) {
  std::vector<std::string> terms;
  std::unordered_map<std::string, size_t> df;
  for (const auto& m : members) {
    terms.insert(terms.end(), m.keywords.begin(), m.keywords.end());
    std::unordered_set<std::string> seen(m.keywords.begin(), m.keywords.end());
    for (const auto& w : seen) df[w] += 1;
  }
  // A term shared by members is what the group is about: invert the usual IDF
  // by weighting with how many members hold it.
  std::stable_sort(terms.begin(), terms.end(),
                   [&](const std::string& a, const std::string& b) { return df[a] > df[b]; });
  std::vector<std::string> topics;
  for (const auto& t : terms)
    if (std::find(topics.begin(), topics.end(), t) == topics.end() && topics.size() < 5)
      topics.push_back(t);
  std::string out = "These memories are related to the following topics: ";
  for (size_t i = 0; i < topics.size(); ++i) out += (i ? ", " : "") + topics[i];
  out += ".";
  for (const auto& m : members) out += "\n- " + m.title;
  return out;
}

std::string groupTitle(const std::vector<Memolet>& members) {
  std::unordered_map<std::string, size_t> count;
  std::vector<std::string> order;
  for (const auto& m : members)
    for (const auto& k : m.keywords)
      if (count[k]++ == 0) order.push_back(k);
  std::stable_sort(order.begin(), order.end(),
                   [&](const std::string& a, const std::string& b) { return count[a] > count[b]; });
  std::string title;
  for (size_t i = 0; i < order.size() && i < 3; ++i) title += (i ? ", " : "") + order[i];
  return title.empty() ? "Group" : title;
}

}  // namespace

Sandbox Engine::sandbox(const std::string& projectId) {
  impl_->memoletsReadable();
  impl_->state(projectId);
  MemoletStore& ms = impl_->store->memolets();
  Sandbox out;
  for (const auto& id : ms.sandboxIds(projectId))
    if (auto m = ms.memolet(id)) out.memolets.push_back(std::move(*m));
  out.groups = ms.groups(projectId);
  return out;
}

namespace {

// Takes `memoletId` out of every group of the project; a group left with
// fewer than two members dissolves, the others get a new summary.
void leaveGroups(Engine::Impl& impl, const std::string& projectId, const std::string& memoletId) {
  MemoletStore& ms = impl.store->memolets();
  for (auto& g : ms.groups(projectId)) {
    auto it = std::find(g.memoletIds.begin(), g.memoletIds.end(), memoletId);
    if (it == g.memoletIds.end()) continue;
    g.memoletIds.erase(it);
    impl.dirty = true;
    if (g.memoletIds.size() < 2) {
      ms.deleteGroup(g.id);
      continue;
    }
    std::vector<Memolet> members;
    for (const auto& id : g.memoletIds)
      if (auto m = ms.memolet(id)) members.push_back(std::move(*m));
    g.summary = groupSummary(members);
    ms.putGroup(g);
  }
}

}  // namespace

Sandbox Engine::sandboxAdd(const std::string& projectId, const std::string& memoletId) {
  impl_->memoletsReadable();
  impl_->mutate([&] {
    impl_->state(projectId);
    memolets::require(*impl_, memoletId);
    impl_->dirty = true;
    impl_->store->memolets().addToSandbox(projectId, memoletId, impl_->now());
    impl_->memoletsChanged(projectId, {memoletId});
  });
  return sandbox(projectId);
}

Sandbox Engine::sandboxRemove(const std::string& projectId, const std::string& memoletId) {
  impl_->memoletsReadable();
  impl_->mutate([&] {
    impl_->state(projectId);
    memolets::require(*impl_, memoletId);
    MemoletStore& ms = impl_->store->memolets();
    if (!ms.inSandbox(projectId, memoletId)) return;
    leaveGroups(*impl_, projectId, memoletId);
    impl_->dirty = true;
    ms.removeFromSandbox(projectId, memoletId);
    impl_->memoletsChanged(projectId, {memoletId});
  });
  return sandbox(projectId);
}

Sandbox Engine::sandboxGroup(const std::string& projectId, const std::vector<std::string>& memoletIds,
                             const std::optional<std::string>& title) {
  impl_->memoletsReadable();
  impl_->mutate([&] {
    impl_->state(projectId);
    std::vector<std::string> ids;
    for (const auto& id : memoletIds)
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    if (ids.size() < 2)
      throw Error::invalidArg("memoletIds", "a group needs at least two different memolets");
    std::vector<Memolet> members;
    for (const auto& id : ids) members.push_back(memolets::require(*impl_, id));
    MemoletStore& ms = impl_->store->memolets();
    impl_->dirty = true;
    for (const auto& id : ids) {
      leaveGroups(*impl_, projectId, id);
      ms.addToSandbox(projectId, id, impl_->now());  // grouping happens in the sandbox
    }
    MemoletGroup g;
    g.id = newId('g');
    g.projectId = projectId;
    g.title = title && title->find_first_not_of(" \t\r\n") != std::string::npos ? *title
                                                                                 : groupTitle(members);
    g.summary = groupSummary(members);
    g.memoletIds = ids;
    g.createdAt = impl_->now();
    ms.putGroup(g);
    impl_->memoletsChanged(projectId, ids);
  });
  return sandbox(projectId);
}

Sandbox Engine::sandboxUngroup(const std::string& projectId, const std::string& groupId) {
  impl_->memoletsReadable();
  impl_->mutate([&] {
    impl_->state(projectId);
    MemoletStore& ms = impl_->store->memolets();
    for (const auto& g : ms.groups(projectId)) {
      if (g.id != groupId) continue;
      impl_->dirty = true;
      ms.deleteGroup(g.id);
      impl_->memoletsChanged(projectId, g.memoletIds);
      return;
    }
    throw Error::notFound("groupNotFound", groupId);
  });
  return sandbox(projectId);
}

}  // namespace grove
