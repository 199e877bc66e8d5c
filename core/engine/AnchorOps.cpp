// Captured code's sources as files change (issue 16): the engine stores what
// the Session's re-anchoring and git provenance found. Not history: an undo
// never brings an old anchor back on purpose, and a re-check costs no entry.
#include <map>

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

}  // namespace

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
