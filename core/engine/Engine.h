// Engine: the core's facade, and the only thing the server calls.
//
// It owns the in-memory caches over the store and carries out every
// operation of DESIGN §4-5: projects, units, scope, mainline, branches,
// history (undo/redo), preview and search. Its API is typed and knows nothing
// about JSON-RPC. Errors are grove::Error.
//
// Thread-safety: none. One thread (the server's engine thread) calls it.
//
// Durability: each mutating call is one store transaction, committed before
// it returns, unless a batch is open (beginBatch), in which case it is a
// savepoint and everything becomes durable at commitBatch(). Change events
// go to the listener only once their writes are durable.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/Branch.h"
#include "model/Project.h"
#include "model/Prompt.h"
#include "agents/ConversationAgent.h"
#include "model/Unit.h"
#include "ops/ScopeResolver.h"
#include "ports/Clock.h"
#include "ports/Store.h"
#include "support/Field.h"

namespace grove {

/// Announced after every durable change (grove/project/didChange).
struct ChangeEvent {
  std::string projectId;
  int64_t revision = 0;
  std::string op;
  std::vector<std::string> unitIds;
};

struct ProjectSnapshot {
  Project project;
  std::vector<Unit> units;  // live units, ordered by seq
  std::vector<Branch> branches;
};

struct AppendRequest {
  std::string projectId;
  std::optional<std::string> parentId;  // nullopt: append the root
  Role role = Role::User;
  Kind kind = Kind::Message;
  std::string content;
  std::optional<Source> source;
  Status status = Status::Complete;
  /// Present: open a branch with this unit (with optional title and intent).
  struct BranchInfo {
    std::optional<std::string> title;
    std::optional<std::string> intent;
  };
  std::optional<BranchInfo> branch;
};

enum class ScopeChange { Auto, Included, Excluded, Toggle };

struct DeleteResult {
  std::vector<std::string> removed;
  std::vector<std::string> placeholders;
};

struct BranchUpdate {
  std::optional<std::optional<std::string>> title;   // absent / null / value
  std::optional<std::optional<std::string>> intent;
  std::optional<BranchStatus> status;
  std::optional<std::optional<std::string>> summary;
};

class Engine {
public:
  struct Options {
    Clock* clock = nullptr;  // defaults to the system clock
  };

  Engine(std::unique_ptr<Store> store, Options options);
  explicit Engine(std::unique_ptr<Store> store) : Engine(std::move(store), Options{}) {}
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  using ChangeListener = std::function<void(const ChangeEvent&)>;
  void setChangeListener(ChangeListener listener);
  /// Who the following changes are attributed to (a client name).
  void setActor(std::string actor);

  /// Groups the following mutations into one durable commit.
  void beginBatch();
  /// Commits the batch and delivers its change events. On failure the whole
  /// batch is rolled back, caches are dropped and the Storage error thrown.
  void commitBatch();
  /// Abandons the batch (rolls back, drops caches and pending events).
  void abortBatch();

  // Projects.
  Project createProject(const std::string& title, const std::optional<std::string>& workspaceUri);
  std::vector<Project> listProjects(const std::optional<std::string>& workspaceUri,
                                    bool includeDeleted = false);
  Project project(const std::string& projectId);
  ProjectSnapshot getProject(const std::string& projectId);
  Project renameProject(const std::string& projectId, const std::string& title);
  void deleteProject(const std::string& projectId);
  Project restoreProject(const std::string& projectId);
  /// Records where the user is working; not undoable.
  Project setCursor(const std::string& projectId, const std::optional<std::string>& cursorId);

  // Units.
  Unit append(const AppendRequest& request);
  Unit unit(const std::string& unitId);
  std::vector<Unit> units(const std::vector<std::string>& unitIds);
  std::vector<Revision> revisions(const std::string& unitId);
  Unit edit(const std::string& unitId, const std::string& content);
  std::vector<Unit> setScope(const std::vector<std::string>& unitIds, ScopeChange change,
                             const Field<std::string>& cursorId);
  DeleteResult deleteUnits(const std::vector<std::string>& unitIds, bool subtree, bool preview);

  // Structure.
  Project setMainline(const std::string& projectId, const Field<std::string>& startId,
                      const Field<std::string>& endId);
  Branch updateBranch(const std::string& projectId, const std::string& headId,
                      const BranchUpdate& update);
  /// The branch a unit belongs to (derived from the tree).
  Branch branchOf(const std::string& unitId);
  /// The same without `unitIds`: cheap (a walk up the cached path), for
  /// callers that only need the head, anchor and metadata.
  Branch branchHeadOf(const std::string& unitId);

  // Scope.
  ResolvedScope resolveScope(const std::string& projectId,
                             const std::optional<std::string>& cursorId);
  ScopePreview preview(const std::string& projectId, const std::optional<std::string>& cursorId,
                       const std::optional<std::string>& prompt,
                       const std::optional<int>& budgetTokens, const std::string& system = {});
  void resetScope(const std::string& projectId);

  // History.
  Project undo(const std::string& projectId);
  Project redo(const std::string& projectId);

  // Chat support.
  /// Which form the conversation agent's system prompt takes at a cursor.
  ConversationMode conversationMode(const std::string& projectId,
                                    const std::optional<std::string>& cursorId);
  /// Appends a unit whose text will stream in (status `streaming`). It is not
  /// history until endStream keeps it.
  Unit beginStream(const std::string& projectId, const std::string& parentId, Role role);
  /// Writes the final text and status. `keep`: the unit becomes history (an
  /// undoable append); otherwise it is dropped (nothing was said).
  Unit endStream(const std::string& unitId, const std::string& content, Status status, bool keep);
  /// Stores an agent-written summary on a branch (not undoable: not the user's change).
  void setBranchSummary(const std::string& projectId, const std::string& headId,
                        const std::string& summary);
  /// The live units of a branch, head first.
  std::vector<Unit> branchUnits(const std::string& headId);

  // Search.
  std::vector<SearchHit> search(const std::string& query,
                                const std::optional<std::string>& projectId, int limit);

  /// Drops every cache; the next call reloads from the store.
  void dropCaches();

  struct Impl;  // opaque; defined in engine/EngineImpl.h

private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace grove
