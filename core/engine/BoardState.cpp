// Engine: the board's recorder, caches and lookups (engine/BoardState.h).
#include "engine/BoardState.h"

#include <algorithm>

#include "engine/MemoletState.h"
#include "memory/Summary.h"
#include "ops/WorkspaceUri.h"
#include "text/Tokenizer.h"

namespace grove {

void BoardIndex::put(BoardEntry e) {
  if (e.archived || e.vector.empty())
    vectors.remove(e.id);
  else
    vectors.upsert(e.id, e.vector.values());
  auto it = at.find(e.id);
  if (it != at.end()) {
    entries[it->second] = std::move(e);
    return;
  }
  at.emplace(e.id, entries.size());
  entries.push_back(std::move(e));
}

void BoardIndex::erase(const std::string& id) {
  vectors.remove(id);
  auto it = at.find(id);
  if (it == at.end()) return;
  size_t i = it->second;
  at.erase(it);
  if (i + 1 != entries.size()) {
    entries[i] = std::move(entries.back());
    at[entries[i].id] = i;
  }
  entries.pop_back();
}

std::string boardItemText(const BoardItem& item) {
  std::string out = item.memolet.title + "\n" + item.memolet.summary + "\n";
  for (const auto& t : item.tags) out += t + " ";
  out += "\n" + item.memo + "\n" + item.context + "\n" + item.memolet.text;
  return out;
}

BoardState& Engine::Impl::boardState() {
  if (!boards) boards = std::make_shared<BoardState>();
  return *boards;
}

namespace board {

namespace {

constexpr size_t kDescribeMembers = 12;

BoardEntry entryOf(const BoardItem& item) {
  return BoardEntry{item.id(),
                    item.kind,
                    item.groupId,
                    text::HashedVector::fromBlob(item.memolet.vector),
                    item.memolet.createdAt,
                    item.archived,
                    item.kind == "snippet" && item.source ? item.source->uri : std::string()};
}

template <class T, class Read>
BoardImage<T>& touch(std::vector<BoardImage<T>>& images, const std::string& id, Read read) {
  for (auto& im : images)
    if (im.id == id) return im;
  BoardImage<T> im;
  im.id = id;
  im.before = read();
  im.after = im.before;
  images.push_back(std::move(im));
  return images.back();
}

}  // namespace

void refreshEntry(Engine::Impl& e, const BoardItem& item) { index(e, item.workspaceUri).put(entryOf(item)); }

BoardIndex& index(Engine::Impl& e, const std::string& ws) {
  auto& all = e.boardState().workspaces;
  auto it = all.find(ws);
  if (it != all.end()) return it->second;
  BoardIndex& idx = all[ws];
  for (const auto& item : e.store->board().items(ws, true)) idx.put(entryOf(item));
  return idx;
}

void writeItem(Engine::Impl& e, BoardTx& tx, BoardItem item) {
  auto& im = touch(tx.items, item.id(), [&] { return e.store->board().item(item.id()); });
  if (item.kind == "chat") {
    // A chat item's text, vector and units follow its conversation: an image
    // written back (undo) or an edit must not bring back older text. Only the
    // card's own fields are the board's.
    if (auto current = e.store->memolets().memolet(item.id())) {
      std::string title = item.memolet.title, summary = item.memolet.summary;
      item.memolet = std::move(*current);
      item.memolet.title = std::move(title);
      item.memolet.summary = std::move(summary);
    }
  } else {
    item.memolet.vector = text::HashedVector::fromText(boardItemText(item)).toCompactBlob();
  }
  item.memolet.keywords = item.tags;
  e.store->board().putItem(item);
  e.dirty = true;
  // The item is a memolet: retrieval and search see it at once, and an
  // archived one no more.
  if (item.archived)
    memolets::dropIndexed(e, item.id());
  else
    memolets::keepIndexed(e, item.memolet);
  index(e, tx.workspaceUri).put(entryOf(item));
  im.after = std::move(item);
}

void removeItem(Engine::Impl& e, BoardTx& tx, const std::string& id) {
  auto& im = touch(tx.items, id, [&] { return e.store->board().item(id); });
  if (auto current = e.store->board().item(id); current && current->kind == "chat") {
    // A chat item stays while its conversation does: undoing its capture
    // only takes it out of its group.
    current->groupId.reset();
    current->placement.reset();
    writeItem(e, tx, std::move(*current));
    return;
  }
  e.store->board().deleteItem(id);
  e.dirty = true;
  memolets::dropIndexed(e, id);
  index(e, tx.workspaceUri).erase(id);
  im.after.reset();
}

void writeGroup(Engine::Impl& e, BoardTx& tx, const BoardGroup& g) {
  auto& im = touch(tx.groups, g.id, [&] { return e.store->board().group(g.id); });
  e.store->board().putGroup(g);
  e.dirty = true;
  im.after = g;
}

void removeGroup(Engine::Impl& e, BoardTx& tx, const std::string& id) {
  auto& im = touch(tx.groups, id, [&] { return e.store->board().group(id); });
  e.store->board().deleteGroup(id);
  e.dirty = true;
  im.after.reset();
}

void writeLink(Engine::Impl& e, BoardTx& tx, const BoardLink& l) {
  auto& im = touch(tx.links, l.id, [&] { return e.store->board().link(l.id); });
  e.store->board().putLink(l);
  e.dirty = true;
  im.after = l;
}

void removeLink(Engine::Impl& e, BoardTx& tx, const std::string& id) {
  auto& im = touch(tx.links, id, [&] { return e.store->board().link(id); });
  e.store->board().deleteLink(id);
  e.dirty = true;
  im.after.reset();
}

namespace {

template <class T>
std::vector<std::string> changedIds(const std::vector<BoardImage<T>>& images) {
  std::vector<std::string> ids;
  for (const auto& im : images) ids.push_back(im.id);
  return ids;
}

}  // namespace

BoardChange finish(Engine::Impl& e, BoardTx& tx, const std::string& op) {
  BoardStore& store = e.store->board();
  BoardInfo info = store.info(tx.workspaceUri);
  BoardChange change;
  change.workspaceUri = tx.workspaceUri;
  change.op = op;
  change.actor = e.actor;
  change.itemIds = changedIds(tx.items);
  change.groupIds = changedIds(tx.groups);
  change.linkIds = changedIds(tx.links);
  if (tx.items.empty() && tx.groups.empty() && tx.links.empty()) {
    change.revision = info.revision;
    return change;
  }
  BoardOperation log;
  log.workspaceUri = tx.workspaceUri;
  log.kind = tx.kind;
  log.items = tx.items;
  log.groups = tx.groups;
  log.links = tx.links;
  log.createdAt = e.now();
  log.author = e.actor;
  store.dropUndoneOps(tx.workspaceUri);
  store.appendOp(log);
  info = store.info(tx.workspaceUri);  // appendOp may have made the header
  info.revision += 1;
  info.understanding.updatedAt = e.now();  // the native text is derived when the board is read
  store.putInfo(info);
  e.dirty = true;
  change.revision = info.revision;
  e.queue(change);
  return change;
}

void announceUnlogged(Engine::Impl& e, const std::string& ws, const std::vector<std::string>& itemIds,
                      const std::string& op) {
  BoardStore& store = e.store->board();
  BoardInfo info = store.info(ws);
  info.revision += 1;
  store.putInfo(info);
  e.dirty = true;
  e.queue(BoardChange{ws, info.revision, itemIds, {}, {}, op, e.actor});
}

std::string workspace(const std::string& uri) {
  auto ws = normalizeWorkspaceUri(uri);
  if (!ws) throw Error::invalidArg("workspaceUri", "workspaceUri must be a URI (file:///path/to/folder)");
  return *ws;
}

BoardItem itemIn(Engine::Impl& e, const std::string& ws, const std::string& id) {
  auto item = e.store->board().item(id);
  if (!item || item->workspaceUri != ws) throw Error::notFound("boardItemNotFound", id);
  return *item;
}

BoardGroup groupIn(Engine::Impl& e, const std::string& ws, const std::string& id) {
  auto g = e.store->board().group(id);
  if (!g || g->workspaceUri != ws) throw Error::notFound("boardGroupNotFound", id);
  return *g;
}

BoardLink linkIn(Engine::Impl& e, const std::string& ws, const std::string& id) {
  auto l = e.store->board().link(id);
  if (!l || l->workspaceUri != ws) throw Error::notFound("boardLinkNotFound", id);
  return *l;
}

std::pair<std::string, std::string> describe(Engine::Impl& e, const std::vector<std::string>& texts) {
  std::string all;
  for (const auto& t : texts) all += t + "\n\n";
  auto terms = memolets::keywords(e, text::tokenize(all), 3);
  std::string title;
  for (const auto& t : terms) title += (title.empty() ? "" : " ") + t;
  if (title.empty()) title = "Untitled";
  return {title, memory::extractiveSummary(all, 2)};
}

std::vector<BoardItem> newestMembers(Engine::Impl& e, const std::string& ws, const std::string& groupId) {
  // From the cache's entries, then read: a group can hold thousands.
  std::vector<std::pair<int64_t, std::string>> members;
  for (const auto& entry : index(e, ws).entries)
    if (entry.groupId == groupId) members.push_back({entry.createdAt, entry.id});
  size_t keep = std::min(members.size(), kDescribeMembers);
  std::partial_sort(members.begin(), members.begin() + static_cast<long>(keep), members.end(),
                    [](const auto& a, const auto& b) { return a > b; });
  std::vector<BoardItem> out;
  for (size_t i = 0; i < keep; ++i)  // the store already holds the open transaction's writes
    if (auto item = e.store->board().item(members[i].second)) out.push_back(std::move(*item));
  return out;
}

bool membershipChanged(Engine::Impl& e, BoardTx& tx, const std::string& groupId) {
  auto g = e.store->board().group(groupId);
  if (!g) return false;
  g->membershipChanges += 1;
  bool titleMine = std::find(g->userEdited.begin(), g->userEdited.end(), "title") != g->userEdited.end();
  bool summaryMine = std::find(g->userEdited.begin(), g->userEdited.end(), "summary") != g->userEdited.end();
  bool rewrite = g->membershipChanges >= 3 && !(titleMine && summaryMine);
  if (rewrite) {
    std::vector<std::string> texts;
    for (const auto& item : newestMembers(e, tx.workspaceUri, groupId)) texts.push_back(boardItemText(item));
    auto [title, summary] = describe(e, texts);
    if (!titleMine) g->title = title;
    if (!summaryMine) g->summary = summary;
    g->membershipChanges = 0;
  }
  writeGroup(e, tx, *g);
  return rewrite;
}

BoardCard cardOf(const BoardItem& i) {
  BoardCard c{i.id(), i.kind, i.memolet.title, i.memolet.summary, i.context, i.tags, ""};
  if (i.source) c.path = relativePath(i.source->uri, i.workspaceUri);
  return c;
}

std::string relativePath(const std::string& uri, const std::string& ws) {
  if (uri.rfind(ws + "/", 0) == 0) return uri.substr(ws.size() + 1);
  if (uri.rfind("file://", 0) == 0) return uri.substr(7);
  return uri;
}

}  // namespace board
}  // namespace grove
