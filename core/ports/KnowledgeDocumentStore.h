// KnowledgeDocumentStore: the document half of a workspace's knowledge map
// (DESIGN §11.3): ingested documents, their chunks with file ranges (level 0,
// the leaves) and the summary tree above them (levels 1..n), with BM25 over
// every chunk. Per workspace; on the Store's connection and transactions
// (store/KnowledgeDocumentRows.cpp). Not history: nothing here is undoable.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grove {

/// A chunk of a document (level 0) or a summary node (level >= 1).
struct KnowledgeChunkRow {
  std::string id;
  std::string workspaceUri;
  std::string uri;  // the document's file URI; empty for a summary
  int level = 0;
  int ordinal = 0;  // position in its document (leaves) or level (summaries)
  int startLine = 0, startChar = 0, endLine = 0, endChar = 0;  // 0-based, LSP Range
  std::string title;  // heading path of a leaf, keywords of a summary
  std::string text;
  std::string terms;  // memory::ftsDocument(title + text), what BM25 sees
  std::vector<std::string> children;  // a summary's nodes one level below
};

struct KnowledgeDocumentRow {
  std::string workspaceUri;
  std::string uri;
  std::string title;
  std::string contentHash;
  int chunks = 0;
  int64_t ingestedAt = 0;  // ms since the epoch
};

/// What a workspace's last ingest left: when, the tree's node counts per
/// level (leaves first) and the starter questions.
struct KnowledgeStateRow {
  std::string workspaceUri;
  std::optional<int64_t> ingestedAt;
  std::vector<int> levels;
  std::vector<std::string> starters;
};

struct KnowledgeChunkRank {
  std::string id;
  double score = 0.0;  // -bm25: higher is better
};

class KnowledgeDocumentStore {
public:
  virtual ~KnowledgeDocumentStore() = default;

  virtual std::vector<KnowledgeDocumentRow> knowledgeDocuments(const std::string& workspaceUri) = 0;
  /// Inserts or replaces a document and all its leaves.
  virtual void putKnowledgeDocument(const KnowledgeDocumentRow& document,
                                    const std::vector<KnowledgeChunkRow>& leaves) = 0;
  /// Removes a document and its leaves; true when it was there.
  virtual bool removeKnowledgeDocument(const std::string& workspaceUri, const std::string& uri) = 0;

  /// Chunks of a workspace: one level (or all when absent), optionally of one document.
  virtual std::vector<KnowledgeChunkRow> knowledgeChunks(const std::string& workspaceUri,
                                                         std::optional<int> level,
                                                         const std::optional<std::string>& uri) = 0;
  virtual std::optional<KnowledgeChunkRow> knowledgeChunk(const std::string& id) = 0;
  virtual size_t knowledgeChunkCount(const std::string& workspaceUri, int level) = 0;
  /// Replaces every summary node (level >= 1) of the workspace.
  virtual void replaceKnowledgeSummaries(const std::string& workspaceUri,
                                         const std::vector<KnowledgeChunkRow>& summaries) = 0;
  /// Inserts or replaces one summary node.
  virtual void putKnowledgeSummary(const KnowledgeChunkRow& summary) = 0;

  /// BM25 over the chunks of the workspace (`match`: memory::ftsMatchQuery),
  /// leaves only or summaries only, best first.
  virtual std::vector<KnowledgeChunkRank> knowledgeBm25(const std::string& workspaceUri,
                                                        const std::string& match, bool summaries,
                                                        size_t limit) = 0;

  virtual KnowledgeStateRow knowledgeState(const std::string& workspaceUri) = 0;
  virtual void putKnowledgeState(const KnowledgeStateRow& state) = 0;
};

}  // namespace grove
