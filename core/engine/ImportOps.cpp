// Engine: import provenance. Thin over the store: the keys are written in the
// caller's batch, with the units they name, so a crash mid-import leaves
// either both or neither and the next import resumes where this one stopped.
#include "engine/EngineImpl.h"

namespace grove {

std::optional<std::string> Engine::importedProject(const std::string& kind,
                                                   const std::string& sourceId) {
  return impl_->store->importedProject(kind, sourceId);
}

void Engine::rememberImportedProject(const std::string& kind, const std::string& sourceId,
                                     const std::string& projectId) {
  impl_->state(projectId);  // a project that exists
  impl_->store->putImportedProject(kind, sourceId, projectId);
}

std::vector<std::pair<std::string, std::string>> Engine::importedUnits(const std::string& projectId) {
  return impl_->store->importedUnits(projectId);
}

void Engine::rememberImportedUnit(const std::string& projectId, const std::string& sourceId,
                                  const std::string& unitId) {
  impl_->store->putImportedUnit(projectId, sourceId, unitId);
}

}  // namespace grove
