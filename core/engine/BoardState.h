// Board internals shared by engine/Board*.cpp: the per-workspace caches that
// keep placement fast (each item's vector and group, so one placement among
// 10,000 items scans memory, not the store) and the recorder that turns a
// mutation into one undo entry of before and after images.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "agents/BoardCaptureAgent.h"
#include "engine/EngineImpl.h"
#include "memory/VectorIndex.h"
#include "model/Board.h"
#include "text/HashedVector.h"

namespace grove {

struct BoardEntry {
  std::string id;
  std::string kind;  // chat | snippet | note
  std::optional<std::string> groupId;
  text::HashedVector vector;
  int64_t createdAt = 0;
  bool archived = false;
  /// A snippet's file: turns re-check the files a board's snippets came
  /// from without reading every item.
  std::string sourceUri;
};

/// One workspace's cache, loaded on first use.
struct BoardIndex {
  std::vector<BoardEntry> entries;
  std::unordered_map<std::string, size_t> at;  // id -> index in entries
  /// The non-archived entries' vectors, for placement's prefilter (an 8-bit
  /// first pass keeps a scan of 10,000 items well under a millisecond).
  memory::VectorIndex vectors{text::HashedVector::kDefaultDims};
  /// The native understanding as of one board revision (turns read it;
  /// deriving it reads the whole board).
  int64_t understandingRevision = -1;
  std::string understanding;
  void put(BoardEntry e);
  void erase(const std::string& id);
};

struct BoardState {
  std::unordered_map<std::string, BoardIndex> workspaces;
};

/// A board mutation in progress: the first image of each row it touches, the
/// last one written, in touch order.
struct BoardTx {
  std::string workspaceUri;
  std::string kind;  // capture | evolve | edit | accept
  std::vector<BoardImage<BoardItem>> items;
  std::vector<BoardImage<BoardGroup>> groups;
  std::vector<BoardImage<BoardLink>> links;
};

/// What the board's vector and BM25 document hold: the fields a person
/// reads on the card, code-aware tokenised.
std::string boardItemText(const BoardItem& item);

namespace board {

/// The engine's board writes, recorded in `tx` (store first, then the cache).
void writeItem(Engine::Impl& e, BoardTx& tx, BoardItem item);
void removeItem(Engine::Impl& e, BoardTx& tx, const std::string& id);
void writeGroup(Engine::Impl& e, BoardTx& tx, const BoardGroup& group);
void removeGroup(Engine::Impl& e, BoardTx& tx, const std::string& id);
void writeLink(Engine::Impl& e, BoardTx& tx, const BoardLink& link);
void removeLink(Engine::Impl& e, BoardTx& tx, const std::string& id);
/// Logs the entry (when it touched anything), bumps the revision and queues
/// the change. `op` names the change.
BoardChange finish(Engine::Impl& e, BoardTx& tx, const std::string& op);
/// Writes made straight to the store (not undo entries: anchors, a card's
/// badge): bumps the revision and announces `op` for the items.
void announceUnlogged(Engine::Impl& e, const std::string& workspaceUri, const std::vector<std::string>& itemIds,
                      const std::string& op);
/// Runs the ops of one call in order into `tx` (errors carry opIndex);
/// returns the refs the creating ops made (engine/BoardOps.cpp).
std::map<std::string, std::string> runOps(Engine::Impl& e, BoardTx& tx, const std::vector<BoardOp>& ops);
/// Stores a pending workspace card and announces it (engine/BoardCards.cpp):
/// a board card with `ops`, or a map card with `knowledge`.
Suggestion proposeCard(Engine::Impl& e, const std::string& workspaceUri, SuggestionKind kind,
                       std::vector<std::string> itemIds, std::string title, std::string reason,
                       std::vector<BoardOp> ops, SuggestionSource source = SuggestionSource::Native,
                       std::shared_ptr<const knowledge::KnowledgeCard> knowledge = nullptr);
/// Accepts (one `accept` undo entry; a vanished target is 1002 cannotApply
/// with opIndex), rejects or defers a pending card (engine/BoardCards.cpp).
Resolution resolveCard(Engine::Impl& e, const Suggestion& card, Decision decision);
/// The same for a knowledge-map card: accepting applies its KnowledgeOps as
/// one `accept` entry of the map (engine/KnowledgeCards.cpp).
Resolution resolveKnowledgeCard(Engine& engine, Engine::Impl& e, const Suggestion& card, Decision decision);
/// The cache entry of an item whose vector changed outside a board write
/// (a chat item's conversation grew).
void refreshEntry(Engine::Impl& e, const BoardItem& item);
/// Analysed item `m` (not yet written) is placed by Contexty's formula and
/// written (one `capture` entry), then evolves its related items (an
/// `evolve` entry). Fills placement and evolution (engine/BoardCapture.cpp).
/// With `modelSigma` the model's relatedness places it (method "model");
/// without `evolve` evolution is left to Engine::evolveCapture.
void placeAndEvolve(Engine::Impl& e, BoardItem& m, const BoardSettings& s, BoardPlacement& placement,
                    std::optional<BoardEvolution>& evolution,
                    const std::optional<std::vector<ScoredId>>& modelSigma = std::nullopt, bool evolve = true);
/// The conversation memolets `ids` of a workspace project become chat items
/// of its board, placed as captures are; ones already there follow their
/// text (engine/BoardChat.cpp).
void followChat(Engine::Impl& e, const std::string& projectId, const std::vector<std::string>& ids);
/// The workspace's cache (loads it on first use).
BoardIndex& index(Engine::Impl& e, const std::string& workspaceUri);

/// Lookups that fail as the contract says (1001 with the id).
BoardItem itemIn(Engine::Impl& e, const std::string& workspaceUri, const std::string& id);
BoardGroup groupIn(Engine::Impl& e, const std::string& workspaceUri, const std::string& id);
BoardLink linkIn(Engine::Impl& e, const std::string& workspaceUri, const std::string& id);
/// A valid, normalised workspace URI (-32602 workspaceUri otherwise).
std::string workspace(const std::string& uri);

/// A generated group title (top 3 keywords) and extractive summary of texts.
std::pair<std::string, std::string> describe(Engine::Impl& e, const std::vector<std::string>& texts);
/// Counts one membership change of a group; after 3, rewrites its title and
/// summary from its members unless the user edited them (then true).
bool membershipChanged(Engine::Impl& e, BoardTx& tx, const std::string& groupId);
/// A group's newest members (at most the number a description reads), newest first.
std::vector<BoardItem> newestMembers(Engine::Impl& e, const std::string& workspaceUri, const std::string& groupId);
/// An item as the model prompts show it (agents/BoardCaptureAgent).
BoardCard cardOf(const BoardItem& item);
/// A source URI as the board shows it: relative to the workspace when
/// under it, else the path of a file URI, else the URI.
std::string relativePath(const std::string& uri, const std::string& workspaceUri);
/// The native understanding of a board (synchronous; DESIGN "Understanding offline").
std::string understanding(const std::vector<BoardItem>& items, const std::vector<BoardGroup>& groups,
                          const std::vector<BoardLink>& links);

}  // namespace board
}  // namespace grove
