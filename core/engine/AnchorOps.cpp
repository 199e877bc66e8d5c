// Captured code's sources as files change (issue 16): the engine stores what
// the Session's re-anchoring and git provenance found. Not history: an undo
// never brings an old anchor back on purpose, and a re-check costs no entry.
#include <algorithm>
#include <map>

#include "engine/BoardState.h"
#include "engine/EngineImpl.h"

namespace grove {
namespace {

bool sameRange(const Range& a, const Range& b) {
  return a.start.line == b.start.line && a.start.character == b.start.character &&
         a.end.line == b.end.line && a.end.character == b.end.character;
}

/// What a client would see change (checkedAt alone is not worth a write).
bool visiblyDifferent(const Source& a, const Source& b) {
  return a.uri != b.uri || !sameRange(a.range, b.range) || a.anchor.state != b.anchor.state ||
         a.anchor.diffSummary != b.anchor.diffSummary || a.gitCommit != b.gitCommit ||
         a.gitBranch != b.gitBranch || a.dirty != b.dirty;
}

/// A snippet's anchor badge: `stale` or `missing` while its code is, none once
/// it is current again; other badges stay.
void anchorBadge(BoardItem& item, int64_t now) {
  auto anchorKind = [](const BoardBadge& b) { return b.kind == "stale" || b.kind == "missing"; };
  item.badges.erase(std::remove_if(item.badges.begin(), item.badges.end(), anchorKind), item.badges.end());
  AnchorState state = item.source->anchor.state;
  if (state == AnchorState::Stale || state == AnchorState::Missing)
    item.badges.push_back({state == AnchorState::Stale ? "stale" : "missing", {"content"}, std::nullopt, std::nullopt, now});
}

}  // namespace

std::vector<BoardItem> Engine::boardSnippets(const std::string& workspaceUri,
                                             const std::optional<std::set<std::string>>& files) {
  std::string ws = board::workspace(workspaceUri);
  std::vector<BoardItem> out;
  if (!files) {
    for (auto& item : impl_->store->board().items(ws, false))
      if (item.kind == "snippet" && item.source) out.push_back(std::move(item));
    return out;
  }
  // Copied first: reading an item may not touch the cache, but keep the walk
  // independent of it.
  std::vector<std::string> ids;
  for (const auto& entry : board::index(*impl_, ws).entries)
    if (!entry.archived && !entry.sourceUri.empty() && files->count(entry.sourceUri)) ids.push_back(entry.id);
  for (const auto& id : ids)
    if (auto item = impl_->store->board().item(id); item && item->source) out.push_back(std::move(*item));
  return out;
}

std::set<std::string> Engine::boardSnippetFiles(const std::string& workspaceUri) {
  std::set<std::string> out;
  for (const auto& entry : board::index(*impl_, board::workspace(workspaceUri)).entries)
    if (!entry.archived && !entry.sourceUri.empty()) out.insert(entry.sourceUri);
  return out;
}

std::vector<BoardItem> Engine::updateBoardSources(const std::string& workspaceUri,
                                                  const std::vector<std::pair<std::string, Source>>& sources) {
  return impl_->mutate([&] {
    std::string ws = board::workspace(workspaceUri);
    std::vector<BoardItem> written;
    for (const auto& [itemId, source] : sources) {
      auto item = impl_->store->board().item(itemId);
      if (!item || item->workspaceUri != ws || !item->source) continue;
      if (!visiblyDifferent(*item->source, source)) continue;
      item->source = source;
      anchorBadge(*item, impl_->now());
      // Straight to the store, as code units: an anchor is not an undo entry.
      impl_->store->board().putItem(*item);
      board::refreshEntry(*impl_, *item);  // a rename moved its file
      impl_->dirty = true;
      written.push_back(std::move(*item));
    }
    if (!written.empty()) {
      std::vector<std::string> ids;
      for (const auto& item : written) ids.push_back(item.id());
      board::announceUnlogged(*impl_, ws, ids, "anchor");
    }
    return written;
  });
}

std::vector<Unit> Engine::codeUnits(const std::string& projectId) {
  impl_->state(projectId);
  return impl_->store->codeUnits(projectId);
}

std::vector<Unit> Engine::updateSources(const std::vector<std::pair<std::string, Source>>& sources) {
  return impl_->mutate([&] {
    std::vector<Unit> written;
    std::map<std::string, std::vector<std::string>> byProject;
    for (const auto& [unitId, source] : sources) {
      Node* n = impl_->findNode(unitId);
      if (!n || n->unit.removed || n->unit.kind != Kind::Code || !n->unit.source) continue;
      if (!visiblyDifferent(*n->unit.source, source)) continue;
      Unit u = n->unit;
      u.source = source;
      impl_->writeUnit(u);
      written.push_back(u);
      byProject[u.projectId].push_back(u.id);
    }
    for (auto& [projectId, ids] : byProject) {
      ProjectState* ps = impl_->findState(projectId);
      if (ps) impl_->bump(*ps, ChangeOp::Anchor, std::move(ids));
    }
    return written;
  });
}

}  // namespace grove
