// BoardStore port: the memory boards (DESIGN §11.2) on the Store's connection
// and transactions (Store::board()). An item is a row of `memolets` (project
// null for a capture that belongs to the workspace alone) plus its board row.
// Errors are grove::Error(ErrorKind::Storage).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Board.h"
#include "model/Suggestion.h"

namespace grove {

struct BoardRank {
  std::string id;
  double score = 0;  // higher is better
};

class BoardStore {
public:
  virtual ~BoardStore() = default;

  /// The board's header; a workspace never seen has revision 0 and defaults.
  virtual BoardInfo info(const std::string& workspaceUri) = 0;
  virtual void putInfo(const BoardInfo&) = 0;

  /// Insert or replace the memolet row (with its search entry) and the board row.
  virtual void putItem(const BoardItem&) = 0;
  /// Deletes an item the board owns (a note or snippet: its memolet too).
  virtual void deleteItem(const std::string& id) = 0;
  virtual std::optional<BoardItem> item(const std::string& id) = 0;
  /// A workspace's items, oldest first; archived ones only when asked.
  virtual std::vector<BoardItem> items(const std::string& workspaceUri, bool archived) = 0;
  /// BM25 over the items' title, keywords (tags) and text tokens; `match`
  /// is an FTS5 expression (memory::ftsMatchQuery). Non-archived, best first.
  virtual std::vector<BoardRank> bm25(const std::string& workspaceUri, const std::string& match,
                                      size_t limit) = 0;

  virtual void putGroup(const BoardGroup&) = 0;
  virtual void deleteGroup(const std::string& id) = 0;
  virtual std::optional<BoardGroup> group(const std::string& id) = 0;
  virtual std::vector<BoardGroup> groups(const std::string& workspaceUri) = 0;  // by creation

  virtual void putLink(const BoardLink&) = 0;
  virtual void deleteLink(const std::string& id) = 0;
  virtual std::optional<BoardLink> link(const std::string& id) = 0;
  virtual std::vector<BoardLink> links(const std::string& workspaceUri) = 0;  // by creation

  // The operation log, as the project log: stores the entry and assigns its seq.
  virtual void appendOp(BoardOperation&) = 0;
  virtual std::optional<BoardOperation> lastDoneOp(const std::string& workspaceUri) = 0;
  virtual std::optional<BoardOperation> firstUndoneOp(const std::string& workspaceUri) = 0;
  virtual void setOpUndone(const std::string& workspaceUri, int64_t seq, bool undone) = 0;
  virtual void dropUndoneOps(const std::string& workspaceUri) = 0;

  // Board cards: suggestions with a workspace and ops (store/BoardCardRows.cpp).
  virtual void putCard(const Suggestion&) = 0;
  virtual std::optional<Suggestion> card(const std::string& id) = 0;
  /// A workspace's cards, oldest first, optionally of one kind and state.
  virtual std::vector<Suggestion> cards(const std::string& workspaceUri, const std::optional<SuggestionKind>& kind,
                                        const std::optional<SuggestionState>& state) = 0;
};

}  // namespace grove
