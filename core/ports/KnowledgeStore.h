// KnowledgeStore port: each workspace's knowledge map, its operation log
// (undo/redo) and its turns. It shares the Store's connection and
// transactions (Store::knowledge()), so a map and its log entry commit
// together. Errors are grove::Error(ErrorKind::Storage).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "knowledge/KnowledgeGraph.h"
#include "knowledge/KnowledgeOp.h"
#include "knowledge/KnowledgeSettings.h"

namespace grove {

/// One undoable change of a map: the whole map before and after it (maps are
/// small enough, and an image cannot disagree with the ops that made it).
struct KnowledgeLogEntry {
  int64_t seq = 0;  // assigned by appendKnowledgeOp
  std::string workspaceUri;
  std::string op;  // KnowledgeChange.op: edit, ask, accept, ...
  std::string actor;
  int64_t at = 0;
  bool undone = false;
  knowledge::KnowledgeGraph before, after;
  knowledge::ChangedIds changed;
};

/// A stored ask turn: its wire form is the server's business, so the store
/// keeps it as an opaque text next to what the core looks it up by.
struct KnowledgeTurnRow {
  std::string id;
  std::string workspaceUri;
  int64_t createdAt = 0;
  std::optional<std::string> nodeId;
  std::string body;
};

class KnowledgeStore {
public:
  virtual ~KnowledgeStore() = default;

  virtual std::optional<knowledge::KnowledgeGraph> knowledgeGraph(const std::string& workspaceUri) = 0;
  /// Insert or replace the whole map of graph.workspaceUri.
  virtual void putKnowledgeGraph(const knowledge::KnowledgeGraph& graph) = 0;

  virtual void appendKnowledgeOp(KnowledgeLogEntry& entry) = 0;
  virtual std::optional<KnowledgeLogEntry> lastDoneKnowledgeOp(const std::string& workspaceUri) = 0;
  virtual std::optional<KnowledgeLogEntry> firstUndoneKnowledgeOp(const std::string& workspaceUri) = 0;
  virtual void setKnowledgeOpUndone(int64_t seq, bool undone) = 0;
  /// Forgets the redo stack (entries undone and not redone).
  virtual void dropUndoneKnowledgeOps(const std::string& workspaceUri) = 0;

  virtual void putKnowledgeTurn(const KnowledgeTurnRow& turn) = 0;
  /// The newest `limit` turns of a workspace, oldest first.
  virtual std::vector<KnowledgeTurnRow> knowledgeTurns(const std::string& workspaceUri, size_t limit) = 0;
  /// The workspace's settings (nullopt: never configured, the defaults).
  virtual std::optional<KnowledgeSettings> knowledgeSettings(const std::string& workspaceUri) = 0;
  virtual void putKnowledgeSettings(const std::string& workspaceUri, const KnowledgeSettings& settings) = 0;
};

}  // namespace grove
