// Engine internals shared by the engine's .cpp files: the caches over the
// store, the mutation wrapper and the operation recorder. Private to core.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/Engine.h"
#include "model/Operation.h"
#include "support/Error.h"

namespace grove {

struct MemoletState;  // engine/MemoletState.h: the in-memory vector indexes
struct BoardState;    // engine/BoardState.h: the boards' vector caches

/// A cached unit. `parent` is resolved lazily; a unit's parent never
/// changes, so once resolved the pointer stays right (nodes are never freed
/// while the cache lives).
struct Node {
  Unit unit;
  Node* parent = nullptr;
  bool parentResolved = false;
};

struct ProjectState {
  Project project;
  bool scopedLoaded = false;
  std::map<int64_t, Node*> included;  // live units with scope `included`, by seq
};

/// One undoable mutation in progress: before images are taken as units are
/// first touched; after images are read from the cache when it finishes.
struct Change {
  ChangeOp kind = ChangeOp::Append;
  Marks marksBefore;
  std::vector<std::string> unitOrder;
  std::unordered_map<std::string, Unit> befores;
  std::unordered_map<std::string, bool> created;  // ids the change created
  std::vector<std::string> branchOrder;
  std::unordered_map<std::string, std::optional<BranchMeta>> branchBefores;
};

/// Thrown inside a mutation when another core changed a project since this
/// core cached it (found under the project's row lock, see findState):
/// mutate() rolls the attempt back, drops the caches and runs it again.
struct StaleCache {};

struct Engine::Impl {
  std::unique_ptr<Store> store;
  SystemClock systemClock;
  Clock* clock;
  ChangeListener listener;
  std::string actor;
  bool batchOpen = false;   // beginBatch() was called
  bool batchBegun = false;  // ...and its transaction has started
  bool dirty = false;  // the store was written since the last durable point
  std::vector<ChangeEvent> pending;
  SuggestionListener suggestionListener;
  std::vector<SuggestionEvent> suggestionPending;
  std::unordered_map<std::string, std::unique_ptr<Node>> nodes;
  std::unordered_map<std::string, std::unique_ptr<ProjectState>> projects;
  // Memolets: lazily built indexes (dropped with the other caches), the
  // tunables, and change events delivered like `pending`.
  std::shared_ptr<MemoletState> memo;
  MemoletConfig memoletConfig = MemoletConfig::fromEnvironment();
  /// Appends leave exchange indexing to indexMemolets() (a Session job) and
  /// to the first memolet read after them, instead of doing it inline.
  bool deferMemolets = false;
  MemoletListener memoletListener;
  std::vector<MemoletEvent> memoletPending;
  // Boards: per-workspace vector caches (dropped with the other caches) and
  // change events delivered like `pending`.
  std::shared_ptr<BoardState> boards;
  BoardListener boardListener;
  std::vector<BoardChange> boardPending;
  KnowledgeListener knowledgeListener;
  std::vector<KnowledgeChange> knowledgePending;
  // Other cores on the store (Store::sharedByCores): the projects whose rows
  // the open transaction has locked and checked against the cache.
  const bool sharedStore;
  std::unordered_set<std::string> lockedProjects;

  Impl(std::unique_ptr<Store> s, Clock* c)
      : store(std::move(s)), clock(c ? c : &systemClock), sharedStore(store->sharedByCores()) {}

  int64_t now() { return clock->nowMs(); }

  // Lookups (load from the store on a miss).
  ProjectState* findState(const std::string& projectId);
  /// A project that exists and is not in the trash.
  ProjectState& state(const std::string& projectId);
  Node* findNode(const std::string& unitId);
  /// Caches a row read from the store (or returns the cached node for it).
  Node* adopt(Unit&& row);
  /// A live unit of a project that is not in the trash.
  Node& liveNode(const std::string& unitId);
  /// A live unit that must belong to `projectId`.
  Node& liveNodeIn(const std::string& unitId, const std::string& projectId, const char* field);
  Node* parentOf(Node& node);
  /// The nearest live ancestor-or-self of a unit id, or nullopt.
  std::optional<std::string> nearestLive(const std::optional<std::string>& unitId);
  void loadScoped(ProjectState& ps);
  /// Loads a cursor's whole ancestry in one read when it is not cached.
  void prefetchPath(Node* cursor);
  /// path(c), root (or mainline start) first.
  std::vector<Node*> pathTo(ProjectState& ps, Node* cursor);

  // Writes (store first, then cache).
  void insertUnit(const Unit& unit);
  void writeUnit(const Unit& unit);
  void writeProject(ProjectState& ps);
  void putBranch(const BranchMeta& meta);
  void dropBranch(const std::string& projectId, const std::string& headId);

  // Recording.
  Change begin(ProjectState& ps, ChangeOp kind);
  void touch(Change& ch, const Unit& current);
  void touchNew(Change& ch, const Unit& created);
  void touchBranch(Change& ch, const std::string& projectId, const std::string& headId);
  /// Logs the operation (when it changed anything), bumps the revision and
  /// queues the change event. Returns false when nothing changed.
  bool finish(Change& ch, ProjectState& ps);
  /// A change that is not undoable: bumps the revision, queues the event.
  void bump(ProjectState& ps, ChangeOp op, std::vector<std::string> unitIds);
  void applyImages(ProjectState& ps, const Operation& op, bool undo);
  /// The body of append; `logged`: an undoable operation (else streaming).
  Unit appendUnit(const AppendRequest& request, bool logged);

  // Capsules (engine/CapsuleOps.cpp).
  /// Stores a new capsule made from `source` (the draft, else an extractive one).
  Capsule putNewCapsule(const std::string& projectId, const std::vector<Unit>& source, CapsuleType type,
                        const std::optional<CapsuleDraft>& draft, const std::string& name = {});

  // Memolets (engine/MemoletIndexing.cpp).
  MemoletState& memolets();
  BoardState& boardState();
  /// Called by bump(): indexes new exchanges, re-indexes memolets citing changed units.
  void memoletsOnUnits(ChangeOp op, const std::vector<std::string>& unitIds);
  /// Indexes the project's units appended since its progress mark (at most
  /// `limit` units, fewer when `yield` turns true), moving the mark. Returns
  /// how many units it looked at.
  size_t catchUpMemolets(const std::string& projectId, size_t limit, const std::function<bool()>& yield = nullptr);
  /// Before a memolet read in deferred mode: everything appended is indexed
  /// first, so a read always sees the exchanges acknowledged before it.
  void memoletsReadable();
  /// Queues a grove/memolet/didChange for these memolets.
  void memoletsChanged(const std::string& projectId, std::vector<std::string> memoletIds);

  /// Runs one mutation atomically (a transaction, or a savepoint in a batch).
  /// `carryable`: its commit may be acknowledged from the store's redo log
  /// and committed later with others (appends; Store::voteCarry).
  template <class F>
  auto mutate(F&& f, bool carryable = false) -> decltype(f());
  template <class F>
  auto mutateOnce(F& f, bool carryable) -> decltype(f());
  /// After the outermost transaction ends: its row locks are gone.
  void transactionEnded() {
    if (store->depth() == 0) lockedProjects.clear();
  }
  /// Queues a board's or a knowledge map's change event, and tells other
  /// cores on the store about it.
  void queue(BoardChange change);
  void queue(KnowledgeChange change);
  void deliver();
  void dropCaches();
};

template <class F>
auto Engine::Impl::mutate(F&& f, bool carryable) -> decltype(f()) {
  // Another core changed a project this one had cached: the attempt is
  // rolled back and runs again on what the database holds. Each attempt
  // holds the rows it checked, so only a core that keeps winning the race
  // for them can make this give up.
  constexpr int kAttempts = 8;
  for (int attempt = 1;; ++attempt) {
    try {
      return mutateOnce(f, carryable);
    } catch (const StaleCache&) {
      // A rolled-back savepoint gave its row locks back: lock them again.
      lockedProjects.clear();
      dropCaches();
      if (attempt == kAttempts)
        throw Error::invalidOp("conflict", "other cores kept changing this project; retry");
    }
  }
}

template <class F>
auto Engine::Impl::mutateOnce(F& f, bool carryable) -> decltype(f()) {
  if (batchOpen && !batchBegun) {
    store->begin();
    batchBegun = true;
  }
  store->begin();
  store->voteCarry(carryable);
  bool wasDirty = dirty;
  dirty = false;
  size_t pendingBefore = pending.size();
  size_t memoletPendingBefore = memoletPending.size();
  size_t suggestionPendingBefore = suggestionPending.size();
  size_t boardPendingBefore = boardPending.size();
  size_t knowledgePendingBefore = knowledgePending.size();
  try {
    if constexpr (std::is_void_v<decltype(f())>) {
      f();
      store->commit();
      transactionEnded();
      dirty = wasDirty || dirty;
      deliver();
    } else {
      auto result = f();
      store->commit();
      transactionEnded();
      dirty = wasDirty || dirty;
      deliver();
      return result;
    }
  } catch (...) {
    try {
      store->rollback();
    } catch (...) {
    }
    transactionEnded();
    pending.resize(std::min(pending.size(), pendingBefore));
    suggestionPending.resize(std::min(suggestionPending.size(), suggestionPendingBefore));
    memoletPending.resize(std::min(memoletPending.size(), memoletPendingBefore));
    boardPending.resize(std::min(boardPending.size(), boardPendingBefore));
    knowledgePending.resize(std::min(knowledgePending.size(), knowledgePendingBefore));
    // Anything this mutation wrote to the caches is now wrong: reload lazily.
    if (dirty) dropCaches();
    dirty = wasDirty;
    throw;
  }
}

}  // namespace grove
