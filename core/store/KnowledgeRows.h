// KnowledgeRows: the KnowledgeStore port on the store's connection
// (same transactions). A map is one JSON document per workspace.
#pragma once

#include "ports/KnowledgeStore.h"
#include "store/Sql.h"

namespace grove {

class KnowledgeRows final : public KnowledgeStore {
public:
  explicit KnowledgeRows(sql::Db& db) : db_(db) {}

  std::optional<knowledge::KnowledgeGraph> knowledgeGraph(const std::string& workspaceUri) override;
  void putKnowledgeGraph(const knowledge::KnowledgeGraph& graph) override;
  void appendKnowledgeOp(KnowledgeLogEntry& entry) override;
  std::optional<KnowledgeLogEntry> lastDoneKnowledgeOp(const std::string& workspaceUri) override;
  std::optional<KnowledgeLogEntry> firstUndoneKnowledgeOp(const std::string& workspaceUri) override;
  void setKnowledgeOpUndone(int64_t seq, bool undone) override;
  void dropUndoneKnowledgeOps(const std::string& workspaceUri) override;
  void putKnowledgeTurn(const KnowledgeTurnRow& turn) override;
  std::vector<KnowledgeTurnRow> knowledgeTurns(const std::string& workspaceUri, size_t limit) override;
  std::optional<KnowledgeSettings> knowledgeSettings(const std::string& workspaceUri) override;
  void putKnowledgeSettings(const std::string& workspaceUri, const KnowledgeSettings& settings) override;

private:
  std::optional<KnowledgeLogEntry> logEntry(const char* sql, const std::string& workspaceUri);
  sql::Db& db_;
};

}  // namespace grove
