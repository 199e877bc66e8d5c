#include "engine/BoardMemory.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "engine/BoardState.h"
#include "memory/References.h"
#include "ops/PromptRenderer.h"
#include "ops/Tokens.h"
#include "ops/WorkspaceUri.h"

namespace grove::board {

namespace {

/// Every group of a workspace under `root` (root included).
std::unordered_set<std::string> subtree(Engine::Impl& e, const BoardGroup& root) {
  std::map<std::string, std::vector<std::string>> children;
  for (const auto& g : e.store->board().groups(root.workspaceUri))
    if (g.parentId) children[*g.parentId].push_back(g.id);
  std::unordered_set<std::string> out{root.id};
  std::vector<std::string> todo{root.id};
  while (!todo.empty()) {
    std::string id = std::move(todo.back());
    todo.pop_back();
    for (const auto& c : children[id])
      if (out.insert(c).second) todo.push_back(c);
  }
  return out;
}

BoardGroup requireGroup(Engine::Impl& e, const std::string& id) {
  auto g = e.store->board().group(id);
  if (!g) throw Error::notFound("boardGroupNotFound", id);
  return *g;
}

}  // namespace

TurnBoard turnBoard(Engine::Impl& e, const std::optional<std::string>& projectWorkspace) {
  TurnBoard out;
  if (!projectWorkspace) return out;
  auto ws = normalizeWorkspaceUri(*projectWorkspace);
  if (!ws) return out;
  out.workspaceUri = *ws;
  BoardStore& store = e.store->board();
  BoardInfo info = store.info(*ws);
  out.settings = info.settings;
  BoardIndex& idx = index(e, *ws);
  for (const auto& entry : idx.entries) {
    // Chat items are conversation memolets, candidates (or not: the turn's
    // own conversation) as memolets already; archived ones are never.
    if (entry.archived) out.archived.insert(entry.id);
    else if (entry.kind != "chat") out.retrievable.insert(entry.id);
  }
  if (info.understanding.source != "native") {
    out.understanding = info.understanding.text;
  } else if (!idx.entries.empty()) {
    // Derived as grove/board/get derives it, once per board revision.
    if (idx.understandingRevision != info.revision) {
      std::vector<BoardItem> live = store.items(*ws, false);
      idx.understanding = understanding(live, store.groups(*ws), store.links(*ws));
      idx.understandingRevision = info.revision;
    }
    out.understanding = idx.understanding;
  }
  return out;
}

std::optional<std::unordered_set<std::string>> presetPool(Engine::Impl& e, const TurnBoard& board,
                                                          const std::string& preset,
                                                          const std::optional<std::string>& groupId) {
  if (preset == "auto" || preset == "none") return std::nullopt;
  std::unordered_set<std::string> out;
  if (preset == "snippets") {
    if (!board.workspaceUri) return out;
    for (const auto& entry : index(e, *board.workspaceUri).entries)
      if (!entry.archived && entry.kind == "snippet") out.insert(entry.id);
    return out;
  }
  if (preset != "group")
    throw Error::invalidArg("memory.preset", "preset must be one of auto, group, snippets, none");
  if (!groupId) throw Error::invalidArg("memory.groupId", "the group preset needs memory.groupId");
  BoardGroup root = requireGroup(e, *groupId);
  auto groups = subtree(e, root);
  for (const auto& entry : index(e, root.workspaceUri).entries)
    if (!entry.archived && entry.groupId && groups.count(*entry.groupId)) out.insert(entry.id);
  return out;
}

std::vector<std::string> mentionedMembers(Engine::Impl& e, const std::string& groupId) {
  BoardGroup root = requireGroup(e, groupId);
  auto groups = subtree(e, root);
  int size = e.store->board().info(root.workspaceUri).settings.groupMentionSize;
  std::vector<const BoardEntry*> members;
  for (const auto& entry : index(e, root.workspaceUri).entries)
    if (!entry.archived && entry.groupId && groups.count(*entry.groupId)) members.push_back(&entry);
  // Newest first; captures within one millisecond keep their capture order
  // (entries are in store order), later ones first.
  std::reverse(members.begin(), members.end());
  std::stable_sort(members.begin(), members.end(),
                   [](const BoardEntry* a, const BoardEntry* b) { return a->createdAt > b->createdAt; });
  std::vector<std::string> out;
  for (size_t i = 0; i < members.size() && static_cast<int>(i) < size; ++i) out.push_back(members[i]->id);
  return out;
}

std::vector<MemoletCompletion> completeGroups(Engine::Impl& e, const std::optional<std::string>& workspaceUri,
                                              const std::vector<std::string>& words, size_t limit) {
  std::vector<MemoletCompletion> out;
  auto ws = workspaceUri ? normalizeWorkspaceUri(*workspaceUri) : std::nullopt;
  if (!ws) return out;
  for (const auto& g : e.store->board().groups(*ws)) {
    if (out.size() >= limit) break;
    std::vector<std::string> titleWords;
    std::string w;
    for (unsigned char c : g.title + " ") {
      if (std::isalnum(c) || c == '_' || c >= 0x80) {
        w += static_cast<char>(std::tolower(c));
      } else if (!w.empty()) {
        titleWords.push_back(std::move(w));
        w.clear();
      }
    }
    bool all = std::all_of(words.begin(), words.end(), [&](const std::string& word) {
      return std::any_of(titleWords.begin(), titleWords.end(),
                         [&](const std::string& t) { return t.rfind(word, 0) == 0; });
    });
    if (all)
      out.push_back({g.id, g.title, g.summary,
                     memory::formatReference(g.title, g.id, memory::Reference::Scheme::Group), "group"});
  }
  return out;
}

std::optional<BoardItem> itemOf(Engine::Impl& e, const std::string& memoletId) {
  return e.store->board().item(memoletId);
}

PromptContext promptContextOf(const Memolet& m, const std::optional<BoardItem>& item, bool mention) {
  PromptContext c;
  c.id = m.id;
  c.title = m.title;
  c.text = m.text;
  c.mention = mention;
  if (!item) {
    c.kind = "chat";
    return c;
  }
  c.kind = item->kind;
  c.context = item->context;
  c.summary = item->memolet.summary;
  c.tags = item->tags;
  if (item->kind == "snippet" && item->source) {
    // The same File:/Memo:/fence a code unit gets, stale mark included.
    Unit code;
    code.kind = Kind::Code;
    code.source = item->source;
    code.content = m.text;
    c.text = renderUnit(code);
  } else if (!item->memo.empty()) {
    c.text = "Memo: " + item->memo + "\n" + m.text;
  }
  return c;
}

std::string contextyText(const Memolet& m, const std::optional<BoardItem>& item) {
  std::string out = m.title + "\n" + m.summary + "\n" + m.text;
  if (!item) return out;
  out += "\n" + item->context + "\n" + item->memo;
  for (const auto& t : item->tags) out += "\n" + t;
  if (item->source) {
    out += "\n" + displayPath(item->source->uri);
    if (item->source->symbol) out += "\n" + *item->source->symbol;
  }
  return out;
}

MemoryBlock blockOf(const Memolet& m, const PromptContext& c, const std::optional<BoardItem>& item,
                    const char* why) {
  MemoryBlock b;
  b.memoletId = m.id;
  b.title = m.title;
  b.kind = c.kind;
  b.why = why;
  if (item) b.groupId = item->groupId;
  b.stale = isStale(item);
  b.tokens = estimateTokens(renderContextBlock(c));
  return b;
}

bool isStale(const std::optional<BoardItem>& item) {
  if (!item || !item->source) return false;
  AnchorState s = item->source->anchor.state;
  return s == AnchorState::Stale || s == AnchorState::Missing;
}

}  // namespace grove::board
