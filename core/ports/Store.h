// Store port: durable persistence of projects, units, revisions, branch
// metadata, the operation log and the search index.
//
// The Engine is the only caller and owns all caching; the store is the source
// of truth. Every method throws grove::Error(ErrorKind::Storage) on failure.
// Calls outside an explicit transaction are atomic on their own.
// Thread-safety: one thread at a time (the engine thread).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Branch.h"
#include "model/Operation.h"
#include "model/Project.h"
#include "model/Prompt.h"
#include "model/Unit.h"

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

  // Projects.
  virtual void putProject(const Project&) = 0;  // insert or replace
  virtual std::optional<Project> project(const std::string& id) = 0;
  virtual std::vector<Project> projects(const std::optional<std::string>& workspaceUri,
                                        bool includeDeleted) = 0;

  // Units (removed units stay as rows so undo can restore them).
  virtual void insertUnit(const Unit&) = 0;
  virtual void updateUnit(const Unit&) = 0;  // the whole row, by id
  virtual std::optional<Unit> unit(const std::string& id) = 0;
  /// A unit and all its ancestors, the unit first, in one read.
  virtual std::vector<Unit> ancestry(const std::string& id) = 0;
  /// Every live unit of a project, ordered by seq.
  virtual std::vector<Unit> liveUnits(const std::string& projectId) = 0;
  /// Live children, ordered by seq.
  virtual std::vector<std::string> liveChildren(const std::string& parentId) = 0;
  /// The live child that continues the parent's path, if any.
  virtual std::optional<std::string> continuingChild(const std::string& parentId) = 0;
  virtual std::optional<std::string> liveRoot(const std::string& projectId) = 0;
  /// Live units of a project whose scope is not auto, ordered by seq.
  virtual std::vector<Unit> scopedUnits(const std::string& projectId) = 0;

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
};

}  // namespace grove
