// MemoletStore port: durable memolets, their full-text index, the
// per-conversation segmentation state and the per-project sandbox.
//
// It shares the Store's connection and transactions (Store::memolets()), so a
// unit write and the memolet re-indexing it causes commit or roll back
// together. Errors are grove::Error(ErrorKind::Storage).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/Memolet.h"

namespace grove {

/// What the in-memory vector indexes are loaded from (no text: cheap at 100k).
struct MemoletVectorRow {
  std::string id;
  std::string projectId;
  std::string vector;
  std::string embedding;
  std::string embeddingModel;
};

struct MemoletRank {
  std::string id;
  double score = 0;  // higher is better
};

class MemoletStore {
public:
  virtual ~MemoletStore() = default;

  /// Insert or replace, sources included.
  virtual void putMemolet(const Memolet&) = 0;
  virtual std::optional<Memolet> memolet(const std::string& id) = 0;
  /// Memolets with text (empty ones are hidden) of live projects; one project
  /// or all, oldest first.
  virtual std::vector<Memolet> memolets(const std::optional<std::string>& projectId) = 0;
  /// Vectors of every memolet with text in a live project.
  virtual std::vector<MemoletVectorRow> vectorRows() = 0;
  /// The same for one project's memolets.
  virtual std::vector<MemoletVectorRow> vectorRows(const std::string& projectId) = 0;
  /// Ids of memolets made from `unitId`.
  virtual std::vector<std::string> citing(const std::string& unitId) = 0;
  /// The open segmented memolet whose last exchange ends at `tailUnitId`.
  virtual std::optional<std::string> openAt(const std::string& tailUnitId) = 0;
  /// Stores a memory-map placement (no other column changes, no re-indexing).
  virtual void putPlacement(const std::string& id, double x, double y, int cluster) = 0;
  /// Stores a provider embedding (no other column changes).
  virtual void putEmbedding(const std::string& id, const std::string& model,
                            const std::string& blob) = 0;

  /// BM25 over title, keywords and text tokens; `match` is an FTS5 expression
  /// (memory::ftsMatchQuery). Live projects, memolets with text, best first.
  virtual std::vector<MemoletRank> bm25(const std::string& match,
                                        const std::optional<std::string>& projectId,
                                        size_t limit) = 0;
  /// Ids of the projects in the trash (their memolets behave as not found).
  virtual std::vector<std::string> trashedProjects() = 0;
  /// Memolets whose index holds `term` (TF-IDF keywords).
  virtual size_t documentFrequency(std::string_view term) = 0;
  /// An upper bound of how many memolets exist (for IDF).
  virtual size_t documentCount() = 0;

  /// Indexing progress: the first unit seq of the project not yet looked at
  /// (0 when none was). Written in the transaction that indexes up to it, so
  /// a restart resumes exactly where the last commit left off.
  virtual int64_t indexedUpTo(const std::string& projectId) = 0;
  virtual void putIndexedUpTo(const std::string& projectId, int64_t nextSeq) = 0;
  /// Live projects with units appended past their indexing progress.
  virtual std::vector<std::string> projectsBehind() = 0;

  /// Similarities between consecutive exchanges of one conversation so far.
  virtual std::vector<double> segmentHistory(const std::string& projectId) = 0;
  virtual void putSegmentHistory(const std::string& projectId, const std::vector<double>&) = 0;

  // Sandbox: members in the order they were added, groups by creation.
  virtual std::vector<std::string> sandboxIds(const std::string& projectId) = 0;
  virtual bool inSandbox(const std::string& projectId, const std::string& memoletId) = 0;
  virtual void addToSandbox(const std::string& projectId, const std::string& memoletId,
                            int64_t at) = 0;
  virtual void removeFromSandbox(const std::string& projectId, const std::string& memoletId) = 0;
  virtual std::vector<MemoletGroup> groups(const std::string& projectId) = 0;
  /// Insert or replace, members included.
  virtual void putGroup(const MemoletGroup&) = 0;
  virtual void deleteGroup(const std::string& groupId) = 0;
};

}  // namespace grove
