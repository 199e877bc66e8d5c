// Store port: durable persistence of projects, units, revisions, branch
// metadata, the operation log and the search index.
//
// The Engine is the only caller and owns all caching; the store is the source
// of truth. Every method throws grove::Error(ErrorKind::Storage) on failure.
// Calls outside an explicit transaction are atomic on their own.
// Thread-safety: one thread at a time (the engine thread).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/Branch.h"
#include "ports/BoardStore.h"
#include "ports/KnowledgeStore.h"
#include "ports/KnowledgeDocumentStore.h"
#include "ports/MemoletStore.h"
#include "model/Capsule.h"
#include "model/Operation.h"
#include "model/Project.h"
#include "model/Prompt.h"
#include "model/Suggestion.h"
#include "model/Unit.h"
#include "model/UnitOutline.h"
#include "model/UserModel.h"

namespace grove {

class Store {
public:
  virtual ~Store() = default;

  /// Transactions nest: the outermost is a transaction, inner ones are
  /// savepoints. commit() and rollback() end the innermost level; only the
  /// outermost commit is durable.
  virtual void begin() = 0;
  virtual void commit() = 0;
  virtual void rollback() = 0;
  /// How many levels are open.
  virtual int depth() const = 0;
  /// Inside a transaction: whether the change running now may have its
  /// commit carried (acknowledged from a redo log, committed later in a
  /// group) or must be committed when its transaction ends. A transaction is
  /// carried only when every change in it said it may. Stores that commit
  /// every transaction ignore it.
  virtual void voteCarry(bool carryable) { (void)carryable; }

  // Several cores on one database (PostgreSQL, issue 19). A store that one
  // core owns alone (SQLite) keeps these defaults.
  /// Whether other cores may change this store while this one caches it.
  virtual bool sharedByCores() const { return false; }
  /// Inside a transaction: locks the project's row until the transaction
  /// ends and returns its revision as committed, so the core can tell
  /// whether another changed it since it was cached. nullopt: no such row.
  virtual std::optional<int64_t> lockProject(const std::string& projectId) {
    (void)projectId;
    return std::nullopt;
  }
  /// Tells the other cores that something changed: `kind` is "project",
  /// "board" or "knowledge", `id` the project or workspace, `ids` the units,
  /// items or nodes (empty: all of it). They hear it when this transaction
  /// commits, and not at all if it rolls back.
  virtual void announce(const std::string& kind, const std::string& id, int64_t revision,
                        const std::string& op, const std::vector<std::string>& ids) {
    (void)kind, (void)id, (void)revision, (void)op, (void)ids;
  }

  // Projects.
  virtual void putProject(const Project&) = 0;  // insert or replace
  virtual std::optional<Project> project(const std::string& id) = 0;
  virtual std::vector<Project> projects(const std::optional<std::string>& workspaceUri,
                                        bool includeDeleted) = 0;

  // Units (removed units stay as rows so undo can restore them).
  virtual void insertUnit(const Unit&) = 0;
  virtual void updateUnit(const Unit&) = 0;  // the whole row, by id
  virtual std::optional<Unit> unit(const std::string& id) = 0;
  /// A unit and its ancestors, the unit first, in one read: all of them, or
  /// the first `limit` (a caller that has the rest of the path loaded).
  virtual std::vector<Unit> ancestry(const std::string& id, size_t limit = SIZE_MAX) = 0;
  /// Every live unit of a project, ordered by seq: all of them, or a page
  /// (at most `limit`, from seq `fromSeq` on).
  virtual std::vector<Unit> liveUnits(const std::string& projectId, int64_t fromSeq = 0,
                                      size_t limit = SIZE_MAX) = 0;
  /// liveUnits without the text, visited row by row in seq order: `head`
  /// holds at most the first `headChars` characters (at most 100: the store
  /// may keep no more of each unit's text for it). What a map is drawn
  /// from; no Unit is made, so 100,000 rows cost a scan, not a copy.
  virtual void liveOutline(const std::string& projectId, int headChars,
                           const std::function<void(const OutlineRow&)>& each) = 0;
  /// Live children, ordered by seq.
  virtual std::vector<std::string> liveChildren(const std::string& parentId) = 0;
  /// The live child that continues the parent's path, if any.
  virtual std::optional<std::string> continuingChild(const std::string& parentId) = 0;
  virtual std::optional<std::string> liveRoot(const std::string& projectId) = 0;
  /// Live units of a project whose scope is not auto, ordered by seq.
  virtual std::vector<Unit> scopedUnits(const std::string& projectId) = 0;
  /// Live code units of a project (captured code, with a source), ordered by seq.
  virtual std::vector<Unit> codeUnits(const std::string& projectId) = 0;
  /// Units (removed ones too) with seq >= fromSeq, in seq order, at most `limit`.
  virtual std::vector<Unit> unitsFromSeq(const std::string& projectId, int64_t fromSeq,
                                         size_t limit) = 0;

  // Revisions: earlier texts of edited units.
  virtual void addRevision(const std::string& unitId, const Revision&) = 0;
  virtual std::vector<Revision> revisions(const std::string& unitId) = 0;

  // Branch metadata, keyed by head unit.
  virtual void putBranch(const BranchMeta&) = 0;
  virtual void deleteBranch(const std::string& projectId, const std::string& headId) = 0;
  virtual std::optional<BranchMeta> branch(const std::string& projectId,
                                           const std::string& headId) = 0;
  virtual std::vector<BranchMeta> branches(const std::string& projectId) = 0;

  // Operation log.
  /// Stores the entry and assigns its seq.
  virtual void appendOp(Operation&) = 0;
  virtual std::optional<Operation> lastDoneOp(const std::string& projectId) = 0;
  virtual std::optional<Operation> firstUndoneOp(const std::string& projectId) = 0;
  virtual void setOpUndone(const std::string& projectId, int64_t seq, bool undone) = 0;
  /// Forgets the redo stack (entries undone and not redone).
  virtual void dropUndoneOps(const std::string& projectId) = 0;

  // Search over unit content (live units of projects not in the trash).
  virtual std::vector<SearchHit> search(const std::string& query,
                                        const std::optional<std::string>& projectId,
                                        int limit) = 0;
  /// Memory search at the size of one message: the `limit` units whose
  /// content best matches `match` (an FTS5 expression, memory::ftsPrefixMatchTokens:
  /// any of the words, where search() needs all of them), by BM25, each with
  /// every memolet made from it and its place there. Live units of projects
  /// not in the trash; a unit no memolet cites yields no row.
  virtual std::vector<UnitMatch> unitMatches(const std::string& match,
                                             const std::optional<std::string>& projectId,
                                             int limit) = 0;
  /// Upkeep of the search indexes off the request path, one step of about
  /// `pages` pages written: SQLite's full-text indexes gain a small segment
  /// per commit and every query probes each segment. Returns whether more
  /// is left to do. Stores whose indexes keep themselves do nothing.
  virtual bool tidySearchIndexes(int pages) {
    (void)pages;
    return false;
  }

  // Structure suggestions (store/SuggestionRows.cpp).
  virtual void putSuggestion(const Suggestion&) = 0;  // insert or replace by id
  virtual std::optional<Suggestion> suggestion(const std::string& id) = 0;
  /// A project's suggestions, oldest first, optionally in one state.
  virtual std::vector<Suggestion> suggestions(const std::string& projectId,
                                              const std::optional<SuggestionState>& state) = 0;
  /// Non-delegated suggestions of a project created at or after `sinceMs`.
  virtual int countSuggestionsSince(const std::string& projectId, int64_t sinceMs) = 0;

  // Capsules and where they are enabled (store/CapsuleRows.cpp).
  virtual void putCapsule(const Capsule&) = 0;  // insert or replace by id; enabledIn ignored
  virtual std::optional<Capsule> capsule(const std::string& id) = 0;
  /// All capsules (nullopt), or those extracted from or enabled in a project.
  virtual std::vector<Capsule> capsules(const std::optional<std::string>& projectId) = 0;
  /// Capsules enabled in a project, oldest first.
  virtual std::vector<Capsule> enabledCapsules(const std::string& projectId) = 0;
  virtual void setCapsuleEnabled(const std::string& capsuleId, const std::string& projectId,
                                 bool enabled) = 0;
  virtual void deleteCapsule(const std::string& id) = 0;

  // The user model's evidence, and each project's initiative policy
  // (store/UserModelRows.cpp).
  /// Stores the event and assigns its id.
  virtual void appendStructureEvent(StructureEvent&) = 0;
  /// Events with an id above `afterId`, oldest first.
  virtual std::vector<StructureEvent> structureEvents(int64_t afterId) = 0;
  /// The last event id a reset of the user model forgot (0: never reset).
  virtual int64_t userModelResetPoint() = 0;
  virtual void setUserModelResetPoint(int64_t eventId) = 0;
  virtual std::optional<InitiativePolicy> initiative(const std::string& projectId) = 0;
  virtual void putInitiative(const std::string& projectId, const InitiativePolicy&) = 0;

  // Import provenance (store/ImportRows.cpp): which project a source session
  // became, and which unit each of its messages became.
  virtual std::optional<std::string> importedProject(const std::string& kind,
                                                     const std::string& sourceId) = 0;
  virtual void putImportedProject(const std::string& kind, const std::string& sourceId,
                                  const std::string& projectId) = 0;
  /// Every remembered (source message id, unit id) pair of a project.
  virtual std::vector<std::pair<std::string, std::string>> importedUnits(
      const std::string& projectId) = 0;
  virtual void putImportedUnit(const std::string& projectId, const std::string& sourceId,
                               const std::string& unitId) = 0;

  /// Memolets, their index, segmentation state and sandboxes, on this store's
  /// connection and transactions (store/MemoletRows.cpp).
  virtual MemoletStore& memolets() = 0;

  /// The workspaces' memory boards (store/BoardRows.cpp), likewise.
  virtual BoardStore& board() = 0;
  /// Knowledge maps, their log and turns, on this store's connection and
  /// transactions (store/KnowledgeRows.cpp).
  virtual KnowledgeStore& knowledge() = 0;
  /// The knowledge map's documents, chunks and summary tree
  /// (store/KnowledgeDocumentRows.cpp), likewise.
  virtual KnowledgeDocumentStore& knowledgeDocuments() = 0;
};

}  // namespace grove
