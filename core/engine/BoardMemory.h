// The board's part in a turn's memory (Contexty's context-augmented chat,
// DESIGN §11.2 "Memory in turns"): which board items a turn may retrieve,
// what an `@[Title](group:ID)` mention brings, and how a board item reads in
// the prompt. Private to core/engine; the ranking itself is MemoletSearch's.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "agents/MemoletPrompts.h"
#include "engine/EngineImpl.h"
#include "engine/MemoletApi.h"
#include "model/Board.h"

namespace grove::board {

/// The board a turn of one project sees: its workspace's (when the project
/// has one), as the cache knows it, without loading item texts.
struct TurnBoard {
  std::optional<std::string> workspaceUri;
  BoardSettings settings;
  std::string understanding;
  /// Non-archived items of the workspace that belong to no conversation
  /// (notes and snippets): the only board-only memolets a turn may retrieve.
  std::unordered_set<std::string> retrievable;
  /// Archived items of the workspace: never candidates, never mentioned.
  std::unordered_set<std::string> archived;
};

TurnBoard turnBoard(Engine::Impl& e, const std::optional<std::string>& projectWorkspace);

/// The ids the presets retrieve from (nullopt: `auto`, no restriction). Throws
/// InvalidArgument for an unknown preset or `group` without a groupId, and
/// NotFound boardGroupNotFound for a group of no board.
std::optional<std::unordered_set<std::string>> presetPool(Engine::Impl& e, const TurnBoard& board,
                                                          const std::string& preset,
                                                          const std::optional<std::string>& groupId);

/// The `groupMentionSize` newest non-archived items of a group's subtree,
/// newest first. Throws NotFound boardGroupNotFound.
std::vector<std::string> mentionedMembers(Engine::Impl& e, const std::string& groupId);

/// `@` completion of a workspace's groups: those whose title has a word
/// beginning with each of `words` (lower-cased), at most `limit`.
std::vector<MemoletCompletion> completeGroups(Engine::Impl& e, const std::optional<std::string>& workspaceUri,
                                              const std::vector<std::string>& words, size_t limit);

/// The board item behind a memolet id, if it is one.
std::optional<BoardItem> itemOf(Engine::Impl& e, const std::string& memoletId);

/// How a memolet reads in a turn's prompt: a board item with its kind,
/// context, summary and tags (a snippet's text as a fenced code block with
/// its File: and Memo: lines), a conversation's memolet as its text.
PromptContext promptContextOf(const Memolet& m, const std::optional<BoardItem>& item, bool mention);

/// The text Contexty's score reads: title, summary, context, memo, content,
/// tags, path and symbol.
std::string contextyText(const Memolet& m, const std::optional<BoardItem>& item);

/// A block of the turn's memory for `m` as `c` renders it (tokens counted).
MemoryBlock blockOf(const Memolet& m, const PromptContext& c, const std::optional<BoardItem>& item,
                    const char* why);

/// Whether the item's code changed (or vanished) since it was captured.
bool isStale(const std::optional<BoardItem>& item);

}  // namespace grove::board
