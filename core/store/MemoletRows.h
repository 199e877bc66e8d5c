// MemoletRows: the MemoletStore port on the store's connection (same
// transactions). Statements are prepared once: indexing an exchange and
// searching run on every turn and must stay within milliseconds.
#pragma once

#include <memory>

#include "ports/MemoletStore.h"
#include "store/Sql.h"

namespace grove {

namespace store {
/// A memolet's source unit ids, space-separated in order, as a column of a
/// SELECT over `memolets m` (board items read them too).
std::string memoletSourcesColumn(sql::Dialect dialect);
/// PostgreSQL's score of a memolet's `searchColumn` (its weighted tsvector)
/// against the tsquery `q` of the statement; its scores are not BM25's.
std::string memoletRank(const std::string& searchColumn);
}  // namespace store

class MemoletRows final : public MemoletStore {
public:
  explicit MemoletRows(sql::Db& db);
  ~MemoletRows() override;

  void putMemolet(const Memolet&) override;
  std::optional<Memolet> memolet(const std::string& id) override;
  std::vector<Memolet> memolets(const std::optional<std::string>& projectId) override;
  std::vector<MemoletVectorRow> vectorRows() override;
  std::vector<MemoletVectorRow> vectorRows(const std::string& projectId) override;
  std::vector<std::string> citing(const std::string& unitId) override;
  std::optional<std::string> openAt(const std::string& tailUnitId) override;
  void putPlacement(const std::string& id, double x, double y, int cluster) override;
  void putEmbedding(const std::string& id, const std::string& model,
                    const std::string& blob) override;

  std::vector<MemoletRank> bm25(const std::string& match,
                                const std::optional<std::string>& projectId,
                                size_t limit) override;
  std::vector<std::string> trashedProjects() override;
  size_t documentFrequency(std::string_view term) override;
  size_t documentCount() override;

  int64_t indexedUpTo(const std::string& projectId) override;
  void putIndexedUpTo(const std::string& projectId, int64_t nextSeq) override;
  std::vector<std::string> projectsBehind() override;

  std::vector<double> segmentHistory(const std::string& projectId) override;
  void putSegmentHistory(const std::string& projectId, const std::vector<double>&) override;

  std::vector<std::string> sandboxIds(const std::string& projectId) override;
  bool inSandbox(const std::string& projectId, const std::string& memoletId) override;
  void addToSandbox(const std::string& projectId, const std::string& memoletId,
                    int64_t at) override;
  void removeFromSandbox(const std::string& projectId, const std::string& memoletId) override;
  std::vector<MemoletGroup> groups(const std::string& projectId) override;
  void putGroup(const MemoletGroup&) override;
  void deleteGroup(const std::string& groupId) override;

private:
  std::vector<MemoletVectorRow> readVectorRows(sql::Stmt& st);
  struct Statements;
  std::unique_ptr<Statements> st_;
};

}  // namespace grove
