// KnowledgeDocumentRows: the KnowledgeDocumentStore port on the store's
// connection (same transactions), statements prepared once: an incremental
// re-ingest of one file must stay well under 200 ms.
#pragma once

#include <memory>

#include "ports/KnowledgeDocumentStore.h"
#include "store/Sql.h"

namespace grove {

class KnowledgeDocumentRows final : public KnowledgeDocumentStore {
public:
  explicit KnowledgeDocumentRows(sql::Db& db);
  ~KnowledgeDocumentRows() override;

  std::vector<KnowledgeDocumentRow> knowledgeDocuments(const std::string& workspaceUri) override;
  void putKnowledgeDocument(const KnowledgeDocumentRow& document,
                            const std::vector<KnowledgeChunkRow>& leaves) override;
  bool removeKnowledgeDocument(const std::string& workspaceUri, const std::string& uri) override;
  std::vector<KnowledgeChunkRow> knowledgeChunks(const std::string& workspaceUri, std::optional<int> level,
                                                 const std::optional<std::string>& uri) override;
  std::optional<KnowledgeChunkRow> knowledgeChunk(const std::string& id) override;
  size_t knowledgeChunkCount(const std::string& workspaceUri, int level) override;
  void replaceKnowledgeSummaries(const std::string& workspaceUri,
                                 const std::vector<KnowledgeChunkRow>& summaries) override;
  void putKnowledgeSummary(const KnowledgeChunkRow& summary) override;
  std::vector<KnowledgeChunkRank> knowledgeBm25(const std::string& workspaceUri, const std::string& match,
                                                bool summaries, size_t limit) override;
  KnowledgeStateRow knowledgeState(const std::string& workspaceUri) override;
  void putKnowledgeState(const KnowledgeStateRow& state) override;

private:
  struct Statements;
  std::unique_ptr<Statements> st_;
};

}  // namespace grove
