#include "engine/StructureLog.h"

namespace grove {

void logStructureEvent(Engine::Impl& impl, const std::string& projectId, const std::string& outcome,
                       const std::string& action, const std::string& suggestionId,
                       const std::string& detail) {
  StructureEvent e;
  e.projectId = projectId;
  e.outcome = outcome;
  e.action = action;
  e.suggestionId = suggestionId;
  // An example, not a transcript: the user model keeps a few words.
  e.detail = detail.size() > 300 ? detail.substr(0, 300) : detail;
  e.createdAt = impl.now();
  impl.store->appendStructureEvent(e);
}

void announceSuggestion(Engine::Impl& impl, const Suggestion& s, bool created) {
  SuggestionEvent e;
  e.projectId = s.projectId;
  if (ProjectState* ps = impl.findState(s.projectId)) e.revision = ps->project.revision;
  e.created = created;
  e.suggestion = s;
  impl.suggestionPending.push_back(std::move(e));
}

}  // namespace grove
