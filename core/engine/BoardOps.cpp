// Engine: the board's reads, edit ops, undo and redo, and settings
// (DESIGN §11.2; behaviour in design/board-and-knowledge.md).
#include <algorithm>
#include <set>

#include "engine/BoardState.h"
#include "support/Ids.h"

namespace grove {

namespace {

/// Thrown inside a preview's mutation to roll it back after its result is known.
struct PreviewDone {};

void addEdited(std::vector<std::string>& edited, const std::string& field) {
  if (std::find(edited.begin(), edited.end(), field) == edited.end()) edited.push_back(field);
}

/// The ops of one call, in order, against the store (board/edit, accepted cards).
class OpRunner {
public:
  OpRunner(Engine::Impl& e, BoardTx& tx) : e_(e), tx_(tx) {}

  std::map<std::string, std::string> refs;

  void run(const BoardOp& op, int i) {
    field_ = "ops[" + std::to_string(i) + "]";
    switch (op.op) {
      case BoardOp::Kind::UpdateItem: return updateItem(op);
      case BoardOp::Kind::Move: return move(op);
      case BoardOp::Kind::Group: return group(op);
      case BoardOp::Kind::UpdateGroup: return updateGroup(op);
      case BoardOp::Kind::Ungroup: return ungroup(op);
      case BoardOp::Kind::Link: return link(op);
      case BoardOp::Kind::Unlink: return unlink(op);
    }
  }

private:
  Engine::Impl& e_;
  BoardTx& tx_;
  std::string field_;

  const std::string& ws() const { return tx_.workspaceUri; }

  /// "$a" is what op `ref: "a"` created earlier in the call.
  std::string resolve(const std::string& id, const char* key) const {
    if (id.empty() || id[0] != '$') return id;
    auto it = refs.find(id.substr(1));
    if (it == refs.end()) throw Error::invalidArg(field_ + "." + key, "unknown reference " + id);
    return it->second;
  }

  void remember(const std::optional<std::string>& ref, const std::string& id) {
    if (!ref) return;
    if (ref->empty() || refs.count(*ref)) throw Error::invalidArg(field_ + ".ref", "ref must be new and not empty");
    refs[*ref] = id;
  }

  void updateItem(const BoardOp& op) {
    BoardItem item = board::itemIn(e_, ws(), resolve(op.id, "id"));
    // An accepted card's fields are the core's proposal, not the user's
    // writing: they stay open to later evolution.
    bool byUser = tx_.kind != "accept";
    auto set = [&](const std::optional<std::string>& v, std::string& into, const char* name) {
      if (!v) return;
      into = *v;
      if (byUser) addEdited(item.userEdited, name);
    };
    if (op.content && item.kind == "chat")
      throw Error::invalidOp("notEditable", "a chat item's text follows its units", item.id());
    set(op.title, item.memolet.title, "title");
    set(op.summary, item.memolet.summary, "summary");
    set(op.context, item.context, "context");
    set(op.content, item.memolet.text, "content");
    set(op.memo, item.memo, "memo");
    if (op.memo && item.source) item.source->memo = *op.memo;
    if (op.tags) {
      item.tags = *op.tags;
      if (byUser) addEdited(item.userEdited, "tags");
    }
    if (op.hidden) item.hidden = *op.hidden;
    if (op.archived) item.archived = *op.archived;
    if (op.dismissBadges) item.badges.clear();
    item.memolet.updatedAt = e_.now();
    board::writeItem(e_, tx_, std::move(item));
  }

  /// True when `groupId` is `ancestor` or lies under it.
  bool within(std::optional<std::string> groupId, const std::string& ancestor) {
    std::set<std::string> seen;
    while (groupId) {
      if (*groupId == ancestor) return true;
      if (!seen.insert(*groupId).second) return true;  // a damaged cycle: refuse
      auto g = e_.store->board().group(*groupId);
      if (!g) return false;
      groupId = g->parentId;
    }
    return false;
  }

  void moveItem(const std::string& id, const std::optional<std::string>& to) {
    BoardItem item = board::itemIn(e_, ws(), id);
    auto from = item.groupId;
    item.groupId = to;
    addEdited(item.userEdited, "group");
    board::writeItem(e_, tx_, std::move(item));
    if (from != to) {
      if (from) board::membershipChanged(e_, tx_, *from);
      if (to) board::membershipChanged(e_, tx_, *to);
    }
  }

  void moveGroup(const std::string& id, const std::optional<std::string>& to) {
    BoardGroup g = board::groupIn(e_, ws(), id);
    if (to && within(to, id))
      throw Error::invalidOp("groupCycle", "a group cannot move into itself or its own subgroup", id);
    g.parentId = to;
    board::writeGroup(e_, tx_, g);
  }

  std::optional<std::string> target(const std::optional<std::string>& to, const char* key) {
    if (!to) return std::nullopt;
    std::string id = resolve(*to, key);
    board::groupIn(e_, ws(), id);
    return id;
  }

  void move(const BoardOp& op) {
    auto to = target(op.to, "to");
    for (const auto& id : op.itemIds) moveItem(resolve(id, "itemIds"), to);
    for (const auto& id : op.groupIds) moveGroup(resolve(id, "groupIds"), to);
  }

  void group(const BoardOp& op) {
    if (op.itemIds.empty() && op.groupIds.empty() && !op.title)
      throw Error::invalidArg(field_ + ".itemIds", "Group needs itemIds, groupIds or a title");
    std::vector<std::string> items, groups;
    std::vector<std::optional<std::string>> parents;
    std::vector<std::string> texts;
    for (const auto& raw : op.itemIds) {
      BoardItem item = board::itemIn(e_, ws(), resolve(raw, "itemIds"));
      parents.push_back(item.groupId);
      texts.push_back(boardItemText(item));
      items.push_back(item.id());
    }
    for (const auto& raw : op.groupIds) {
      BoardGroup g = board::groupIn(e_, ws(), resolve(raw, "groupIds"));
      parents.push_back(g.parentId);
      texts.push_back(g.title + ". " + g.summary);
      groups.push_back(g.id);
    }
    BoardGroup g;
    g.id = newId('g');
    g.workspaceUri = ws();
    g.origin = tx_.kind == "accept" ? "reorganize" : "user";
    g.createdAt = e_.now();
    // Default parent: the selection's common parent.
    if (op.parentId) {
      g.parentId = *op.parentId ? target(*op.parentId, "parentId") : std::nullopt;
    } else if (!parents.empty() &&
               std::all_of(parents.begin(), parents.end(), [&](const auto& p) { return p == parents[0]; })) {
      g.parentId = parents[0];
    }
    for (const auto& child : groups)
      if (g.parentId && within(g.parentId, child))
        throw Error::invalidOp("groupCycle", "a group cannot hold its own parent", child);
    auto [title, summary] = board::describe(e_, texts);
    g.title = op.title ? *op.title : title;
    g.summary = op.summary ? *op.summary : summary;
    if (op.title) g.userEdited.push_back("title");
    board::writeGroup(e_, tx_, g);
    remember(op.ref, g.id);
    for (const auto& id : items) moveItem(id, g.id);
    for (const auto& id : groups) moveGroup(id, g.id);
  }

  void updateGroup(const BoardOp& op) {
    BoardGroup g = board::groupIn(e_, ws(), resolve(op.id, "id"));
    if (op.title) {
      g.title = *op.title;
      addEdited(g.userEdited, "title");
    }
    if (op.summary) {
      g.summary = *op.summary;
      addEdited(g.userEdited, "summary");
    }
    board::writeGroup(e_, tx_, g);
  }

  void ungroup(const BoardOp& op) {
    BoardGroup g = board::groupIn(e_, ws(), resolve(op.id, "id"));
    // The members go to the group's parent.
    for (const auto& item : e_.store->board().items(ws(), true))
      if (item.groupId == g.id) {
        BoardItem moved = item;
        moved.groupId = g.parentId;
        board::writeItem(e_, tx_, std::move(moved));
      }
    for (auto child : e_.store->board().groups(ws()))
      if (child.parentId == g.id) {
        child.parentId = g.parentId;
        board::writeGroup(e_, tx_, child);
      }
    board::removeGroup(e_, tx_, g.id);
  }

  void link(const BoardOp& op) {
    std::string from = board::itemIn(e_, ws(), resolve(op.from, "from")).id();
    if (!op.to) throw Error::invalidArg(field_ + ".to", "to is required");
    std::string to = board::itemIn(e_, ws(), resolve(*op.to, "to")).id();
    if (from == to) throw Error::invalidArg(field_ + ".to", "an item cannot link to itself");
    std::optional<std::string> label = op.label ? *op.label : std::nullopt;
    // A pair that is already linked is relabelled.
    for (auto l : e_.store->board().links(ws()))
      if ((l.from == from && l.to == to) || (l.from == to && l.to == from)) {
        if (op.label) l.label = label;
        board::writeLink(e_, tx_, l);
        remember(op.ref, l.id);
        return;
      }
    BoardLink l{newId('l'), ws(), from, to, label, tx_.kind == "accept" ? "reorganize" : "user", e_.now()};
    board::writeLink(e_, tx_, l);
    remember(op.ref, l.id);
  }

  void unlink(const BoardOp& op) {
    board::removeLink(e_, tx_, board::linkIn(e_, ws(), resolve(op.id, "id")).id);
  }
};

}  // namespace

std::map<std::string, std::string> board::runOps(Engine::Impl& e, BoardTx& tx, const std::vector<BoardOp>& ops) {
  OpRunner runner(e, tx);
  for (size_t i = 0; i < ops.size(); ++i) {
    try {
      runner.run(ops[i], static_cast<int>(i));
    } catch (Error& err) {
      throw err.withOpIndex(static_cast<int>(i));
    }
  }
  return runner.refs;
}

namespace {

/// Writes an undo entry's images back (undo: before, redo: after).
void applyImages(Engine::Impl& e, BoardTx& tx, const BoardOperation& op, bool undo) {
  // Groups are restored first and removed last, so no item ever names a
  // group that is not there, even between two writes.
  for (const auto& im : op.groups) {
    const auto& image = undo ? im.before : im.after;
    if (image) board::writeGroup(e, tx, *image);
  }
  for (const auto& im : op.items) {
    const auto& image = undo ? im.before : im.after;
    if (image) board::writeItem(e, tx, *image);
    else board::removeItem(e, tx, im.id);
  }
  for (const auto& im : op.links) {
    const auto& image = undo ? im.before : im.after;
    if (image) board::writeLink(e, tx, *image);
    else board::removeLink(e, tx, im.id);
  }
  for (const auto& im : op.groups)
    if (!(undo ? im.before : im.after)) board::removeGroup(e, tx, im.id);
}

BoardChange replay(Engine::Impl& e, const std::string& workspaceUri, bool undo) {
  std::string ws = board::workspace(workspaceUri);
  return e.mutate([&] {
    BoardStore& store = e.store->board();
    auto op = undo ? store.lastDoneOp(ws) : store.firstUndoneOp(ws);
    if (!op)
      throw undo ? Error::invalidOp("nothingToUndo", "nothing to undo on this board", ws)
                 : Error::invalidOp("nothingToRedo", "nothing to redo on this board", ws);
    BoardTx tx{ws, op->kind, {}, {}, {}};
    applyImages(e, tx, *op, undo);
    store.setOpUndone(ws, op->seq, undo);
    // Not a new entry: bump the revision and announce, keep the log as it is.
    BoardInfo info = store.info(ws);
    info.revision += 1;
    info.understanding.updatedAt = e.now();
    store.putInfo(info);
    BoardChange change{ws, info.revision, {}, {}, {}, undo ? "undo" : "redo", e.actor};
    for (const auto& im : op->items) change.itemIds.push_back(im.id);
    for (const auto& im : op->groups) change.groupIds.push_back(im.id);
    for (const auto& im : op->links) change.linkIds.push_back(im.id);
    e.queue(change);
    return change;
  });
}

void checkSetting(bool ok, const char* field, const char* message) {
  if (!ok) throw Error::invalidArg(std::string("board.") + field, message);
}

}  // namespace

void Engine::setBoardListener(BoardListener listener) { impl_->boardListener = std::move(listener); }

BoardSnapshot Engine::board(const std::string& workspaceUri, bool archived) {
  std::string ws = board::workspace(workspaceUri);
  // A finished exchange is a chat item once indexed: a read catches up, as
  // memolet reads do, so it never shows a board older than the conversation.
  impl_->memoletsReadable();
  BoardStore& store = impl_->store->board();
  BoardSnapshot out;
  out.board = store.info(ws);
  out.items = store.items(ws, archived);
  out.links = store.links(ws);
  for (auto& g : store.groups(ws)) out.groups.push_back({std::move(g), {}, {}});
  std::map<std::string, size_t> at;
  for (size_t i = 0; i < out.groups.size(); ++i) at[out.groups[i].group.id] = i;
  for (const auto& item : out.items)
    if (item.groupId && at.count(*item.groupId)) out.groups[at[*item.groupId]].itemIds.push_back(item.id());
  for (const auto& g : out.groups)
    if (g.group.parentId && at.count(*g.group.parentId))
      out.groups[at[*g.group.parentId]].groupIds.push_back(g.group.id);
  // Native understanding: derived from what is read here (rewriting it on
  // every change would read the whole board per change).
  if (out.board.understanding.source == "native") {
    std::vector<BoardGroup> groups;
    for (const auto& g : out.groups) groups.push_back(g.group);
    std::vector<BoardItem> live;
    for (const auto& i : out.items)
      if (!i.archived) live.push_back(i);
    out.board.understanding.text = board::understanding(live, groups, out.links);
  }
  return out;
}

BoardItem Engine::boardItem(const std::string& workspaceUri, const std::string& itemId) {
  impl_->memoletsReadable();
  return board::itemIn(*impl_, board::workspace(workspaceUri), itemId);
}

BoardEditResult Engine::editBoard(const BoardEditRequest& r) {
  std::string ws = board::workspace(r.workspaceUri);
  if (r.ops.empty()) throw Error::invalidArg("ops", "ops must hold at least one op");
  std::optional<BoardEditResult> previewed;
  try {
    return impl_->mutate([&] {
      BoardStore& store = impl_->store->board();
      int64_t current = store.info(ws).revision;
      if (r.expectedRevision && *r.expectedRevision != current)
        throw Error::invalidOp("revisionConflict",
                               "the board changed since revision " + std::to_string(*r.expectedRevision) +
                                   " (now " + std::to_string(current) + "); reload and retry",
                               ws)
            .withRevision(current);
      BoardTx tx{ws, "edit", {}, {}, {}};
      BoardEditResult result;
      result.refs = board::runOps(*impl_, tx, r.ops);
      if (r.preview) {
        result.change = {ws, current, {}, {}, {}, "edit", impl_->actor};
        for (const auto& im : tx.items) result.change.itemIds.push_back(im.id);
        for (const auto& im : tx.groups) result.change.groupIds.push_back(im.id);
        for (const auto& im : tx.links) result.change.linkIds.push_back(im.id);
        previewed = result;
        throw PreviewDone{};  // roll everything back
      }
      result.change = board::finish(*impl_, tx, "edit");
      return result;
    });
  } catch (const PreviewDone&) {
    return *previewed;
  }
}

BoardChange Engine::undoBoard(const std::string& workspaceUri) { return replay(*impl_, workspaceUri, true); }
BoardChange Engine::redoBoard(const std::string& workspaceUri) { return replay(*impl_, workspaceUri, false); }

BoardSettings Engine::boardSettings(const std::string& workspaceUri) {
  return impl_->store->board().info(board::workspace(workspaceUri)).settings;
}

BoardSettings Engine::configureBoard(const std::string& workspaceUri, const BoardSettingsUpdate& u) {
  std::string ws = board::workspace(workspaceUri);
  auto unit = [](const std::optional<double>& v) { return !v || (*v >= 0 && *v <= 1); };
  checkSetting(!u.minGroupScore || *u.minGroupScore >= 0, "minGroupScore", "minGroupScore must be >= 0");
  checkSetting(unit(u.relatedFloor), "relatedFloor", "relatedFloor must be in [0, 1]");
  checkSetting(unit(u.linkScore), "linkScore", "linkScore must be in [0, 1]");
  checkSetting(unit(u.evolveScore), "evolveScore", "evolveScore must be in [0, 1]");
  checkSetting(!u.relatedK || (*u.relatedK >= 1 && *u.relatedK <= 50), "relatedK", "relatedK must be 1..50");
  checkSetting(!u.groupMentionSize || (*u.groupMentionSize >= 1 && *u.groupMentionSize <= 50),
               "groupMentionSize", "groupMentionSize must be 1..50");
  checkSetting(!u.evolution || *u.evolution == "auto" || *u.evolution == "cards" || *u.evolution == "off",
               "evolution", "evolution must be auto, cards or off");
  return impl_->mutate([&] {
    BoardStore& store = impl_->store->board();
    BoardInfo info = store.info(ws);
    BoardSettings& s = info.settings;
    if (u.minGroupScore) s.minGroupScore = *u.minGroupScore;
    if (u.relatedFloor) s.relatedFloor = *u.relatedFloor;
    if (u.linkScore) s.linkScore = *u.linkScore;
    if (u.evolveScore) s.evolveScore = *u.evolveScore;
    if (u.relatedK) s.relatedK = *u.relatedK;
    if (u.groupMentionSize) s.groupMentionSize = *u.groupMentionSize;
    if (u.evolution) s.evolution = *u.evolution;
    info.revision += 1;
    store.putInfo(info);
    impl_->dirty = true;
    impl_->queue(BoardChange{ws, info.revision, {}, {}, {}, "settings", impl_->actor});
    return s;
  });
}

}  // namespace grove
