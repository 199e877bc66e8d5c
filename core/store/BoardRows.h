// BoardRows: the BoardStore port on the store's connection (same
// transactions). An item's memolet row goes through MemoletRows (one writer
// of memolets and their search entries); its board row, the groups, links,
// headers and the undo log are here. Structured columns are JSON.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "ports/BoardStore.h"
#include "ports/MemoletStore.h"
#include "store/Sql.h"

namespace grove {

class BoardRows final : public BoardStore {
public:
  BoardRows(sql::Db& db, MemoletStore& memolets);
  ~BoardRows() override;

  BoardInfo info(const std::string& workspaceUri) override;
  void putInfo(const BoardInfo&) override;
  void putItem(const BoardItem&) override;
  void deleteItem(const std::string& id) override;
  std::optional<BoardItem> item(const std::string& id) override;
  std::vector<BoardItem> items(const std::string& workspaceUri, bool archived) override;
  std::vector<BoardRank> bm25(const std::string& workspaceUri, const std::string& match,
                              size_t limit) override;
  void putGroup(const BoardGroup&) override;
  void deleteGroup(const std::string& id) override;
  std::optional<BoardGroup> group(const std::string& id) override;
  std::vector<BoardGroup> groups(const std::string& workspaceUri) override;
  void putLink(const BoardLink&) override;
  void deleteLink(const std::string& id) override;
  std::optional<BoardLink> link(const std::string& id) override;
  std::vector<BoardLink> links(const std::string& workspaceUri) override;
  void appendOp(BoardOperation&) override;
  std::optional<BoardOperation> lastDoneOp(const std::string& workspaceUri) override;
  std::optional<BoardOperation> firstUndoneOp(const std::string& workspaceUri) override;
  void setOpUndone(const std::string& workspaceUri, int64_t seq, bool undone) override;
  void dropUndoneOps(const std::string& workspaceUri) override;
  void putCard(const Suggestion&) override;
  std::optional<Suggestion> card(const std::string& id) override;
  std::vector<Suggestion> cards(const std::string& workspaceUri, const std::optional<SuggestionKind>& kind,
                                const std::optional<SuggestionState>& state) override;

private:
  /// The statement for `sql`, prepared on first use, reset.
  sql::Stmt& prepared(const std::string& sql);

  sql::Db& db_;
  MemoletStore& memolets_;
  std::unordered_map<std::string, std::unique_ptr<sql::Stmt>> statements_;
};

}  // namespace grove
