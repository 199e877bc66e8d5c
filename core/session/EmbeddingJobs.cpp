#include "session/EmbeddingJobs.h"

#include <atomic>

#include "llm/ProviderRegistry.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

namespace {

constexpr size_t kEmbedBatch = 64;

// A provider that said it has no embeddings is not asked again this run.
std::atomic<bool> embeddingsUnavailable{false};
// Memolets made before this run (or by another model) are embedded once.
std::atomic<bool> caughtUp{false};

// On the engine thread: embeds the memolets (all when `ids` is empty) that
// have no embedding by the active provider's model, on a worker.
void embedMemolets(Session& session, const std::vector<std::string>& ids) {
  std::string model = embeddingModelOf(session);
  if (model.empty() || embeddingsUnavailable) return;
  auto items = session.engine().memoletsToEmbed(model, ids);
  if (items.empty()) return;
  std::string actor = session.actor();
  auto& providers = session.registry();
  session.post([&session, &providers, model, items, actor] {
    for (size_t start = 0; start < items.size(); start += kEmbedBatch) {
      size_t end = std::min(items.size(), start + kEmbedBatch);
      std::vector<std::string> texts;
      for (size_t i = start; i < end; ++i) texts.push_back(items[i].second);
      std::vector<std::vector<float>> vectors;
      try {
        vectors = providers.chatClient().embed(texts, CancellationToken().withTimeout(kAuxiliaryCallLimit));
      } catch (const Error& e) {
        if (e.reason() == "embeddingsUnsupported") embeddingsUnavailable = true;
        log::warn(std::string("memolet embeddings failed; hashed vectors stay in use: ") + e.what());
        return;
      }
      if (vectors.size() != texts.size()) return;
      session.runLocked(actor, [&](Engine& e) {
        for (size_t i = start; i < end; ++i)
          e.setMemoletEmbedding(items[i].first, model, items[i].second, vectors[i - start]);
      });
    }
  });
}

}  // namespace

std::string embeddingModelOf(Session& session) {
  const llm::ProviderConfig& c = session.registry().active();
  if (c.kind != llm::ProviderKind::OpenAi || c.embeddingModel.empty()) return {};
  // OpenAI's default embedding model exists at OpenAI; another OpenAI-compatible
  // server (Ollama, llama.cpp, vLLM) embeds only when its config names a model.
  const llm::ProviderConfig official = llm::defaultsFor(llm::ProviderKind::OpenAi, "");
  if (c.baseUrl != official.baseUrl && c.embeddingModel == official.embeddingModel) return {};
  return c.embeddingModel;
}

void embedChangedMemolets(Session& session, const std::vector<MemoletEvent>& events) {
  std::vector<std::string> changed;
  for (const auto& e : events) changed.insert(changed.end(), e.memoletIds.begin(), e.memoletIds.end());
  if (changed.empty()) return;
  if (caughtUp.exchange(true))
    embedMemolets(session, changed);
  else
    embedMemolets(session, {});  // everything missing, these included
}

void embedMissingOnce(Session& session) {
  if (!caughtUp.exchange(true)) embedMemolets(session, {});
}

void embedQuery(Session& session, MemoletQuery& q, const std::string& model) {
  try {
    auto vectors = session.registry().chatClient().embed({q.query}, CancellationToken());
    if (vectors.size() == 1) {
      q.embedding = std::move(vectors.front());
      q.embeddingModel = model;
    }
  } catch (const Error& e) {
    log::warn(std::string("query embedding failed, searching with hashed vectors: ") + e.what());
  }
}

}  // namespace grove::session
