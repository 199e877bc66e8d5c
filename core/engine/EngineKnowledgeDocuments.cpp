// The knowledge map's document index on the engine: reads go straight to the
// store port; writes run as one transaction like every other mutation, so an
// ingest interrupted between files keeps every file it finished.
#include "engine/Engine.h"
#include "engine/EngineImpl.h"

namespace grove {

KnowledgeDocumentStore& Engine::knowledgeDocuments() { return impl_->store->knowledgeDocuments(); }

void Engine::writeKnowledgeDocuments(const std::function<void(KnowledgeDocumentStore&)>& write) {
  impl_->mutate([&] { write(impl_->store->knowledgeDocuments()); });
}

}  // namespace grove
