#include "server/MemoletJobs.h"

#include <atomic>

#include "server/MemoletTurn.h"
#include "server/Replies.h"
#include "server/Server.h"
#include "support/Log.h"

namespace grove::server {

namespace {

constexpr size_t kEmbedBatch = 64;

// A provider that said it has no embeddings is not asked again this run.
std::atomic<bool> embeddingsUnavailable{false};
// Memolets made before this run (or by another model) are embedded once.
std::atomic<bool> caughtUp{false};

}  // namespace

void memoletsDidChange(Server& server, Engine& engine, const std::vector<MemoletEvent>& events) {
  std::vector<std::string> changed;
  for (const auto& e : events) {
    server.notifyAll(notification("grove/memolet/didChange",
                                  {{"projectId", e.projectId}, {"memoletIds", e.memoletIds}}));
    changed.insert(changed.end(), e.memoletIds.begin(), e.memoletIds.end());
  }
  if (changed.empty()) return;
  if (caughtUp.exchange(true))
    embedMemolets(server, engine, changed);
  else
    embedMemolets(server, engine, {});  // everything missing, these included
}

void embedMissingOnce(Server& server, Engine& engine) {
  if (!caughtUp.exchange(true)) embedMemolets(server, engine, {});
}

void embedMemolets(Server& server, Engine& engine, const std::vector<std::string>& ids) {
  std::string model = embeddingModelOf(server);
  if (model.empty() || embeddingsUnavailable) return;
  auto items = engine.memoletsToEmbed(model, ids);
  if (items.empty()) return;
  server.workers().submit([&server, model, items] {
    for (size_t start = 0; start < items.size(); start += kEmbedBatch) {
      size_t end = std::min(items.size(), start + kEmbedBatch);
      std::vector<std::string> texts;
      for (size_t i = start; i < end; ++i) texts.push_back(items[i].second);
      std::vector<std::vector<float>> vectors;
      try {
        vectors = server.providers().chatClient().embed(texts, CancellationToken().withTimeout(kAuxiliaryCallLimit));
      } catch (const Error& e) {
        if (e.reason() == "embeddingsUnsupported") embeddingsUnavailable = true;
        log::warn(std::string("memolet embeddings failed; hashed vectors stay in use: ") + e.what());
        return;
      }
      if (vectors.size() != texts.size()) return;
      server.runLocked([&](Engine& e) {
        for (size_t i = start; i < end; ++i)
          e.setMemoletEmbedding(items[i].first, model, items[i].second, vectors[i - start]);
      });
    }
  });
}

}  // namespace grove::server
