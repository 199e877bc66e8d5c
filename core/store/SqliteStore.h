// SqliteStore: the Store port on SQLite (WAL, foreign keys, FTS5).
//
// Durability: WAL with synchronous=NORMAL makes every committed transaction
// survive a killed process; Options::fullSync (synchronous=FULL) adds
// survival of power loss at the cost of an fsync per commit.
#pragma once

#include <memory>
#include <string>

#include "ports/Store.h"

namespace grove {

namespace sqlite {
class Db;
}

class SqliteStore final : public Store {
public:
  struct Options {
    std::string path;       // ":memory:" for an in-memory store
    bool fullSync = false;  // synchronous=FULL instead of NORMAL
    /// Open for reading only (the file or its folder is not writable):
    /// reads work, every change fails with InvalidOperation "readOnlyStore".
    bool readOnly = false;
    /// Acknowledge carry-able commits (appends) once their statements are in
    /// the redo log beside the store, and commit them to SQLite in groups
    /// (see RedoLog). A store without it still runs a redo log left by one
    /// with it.
    bool carryCommits = false;
  };

  explicit SqliteStore(Options options);
  ~SqliteStore() override;

  void begin() override;
  void commit() override;
  void rollback() override;
  int depth() const override;
  void voteCarry(bool carryable) override;
  /// Commits what carried commits hold now (nothing when none are); the
  /// store also does it by itself (see RedoLog) and when it closes.
  void flushCarried();

  void putProject(const Project&) override;
  std::optional<Project> project(const std::string& id) override;
  std::vector<Project> projects(const std::optional<std::string>& workspaceUri,
                                bool includeDeleted) override;

  void insertUnit(const Unit&) override;
  void updateUnit(const Unit&) override;
  std::optional<Unit> unit(const std::string& id) override;
  std::vector<Unit> ancestry(const std::string& id, size_t limit = SIZE_MAX) override;
  std::vector<Unit> liveUnits(const std::string& projectId) override;
  void liveOutline(const std::string& projectId, int headChars,
                   const std::function<void(const OutlineRow&)>& each) override;
  std::vector<std::string> liveChildren(const std::string& parentId) override;
  std::optional<std::string> continuingChild(const std::string& parentId) override;
  std::optional<std::string> liveRoot(const std::string& projectId) override;
  std::vector<Unit> scopedUnits(const std::string& projectId) override;
  std::vector<Unit> codeUnits(const std::string& projectId) override;
  std::vector<Unit> unitsFromSeq(const std::string& projectId, int64_t fromSeq, size_t limit) override;

  void addRevision(const std::string& unitId, const Revision&) override;
  std::vector<Revision> revisions(const std::string& unitId) override;

  void putBranch(const BranchMeta&) override;
  void deleteBranch(const std::string& projectId, const std::string& headId) override;
  std::optional<BranchMeta> branch(const std::string& projectId,
                                   const std::string& headId) override;
  std::vector<BranchMeta> branches(const std::string& projectId) override;

  void appendOp(Operation&) override;
  std::optional<Operation> lastDoneOp(const std::string& projectId) override;
  std::optional<Operation> firstUndoneOp(const std::string& projectId) override;
  void setOpUndone(const std::string& projectId, int64_t seq, bool undone) override;
  void dropUndoneOps(const std::string& projectId) override;

  std::vector<SearchHit> search(const std::string& query,
                                const std::optional<std::string>& projectId, int limit) override;

  /// The schema version of the open store.
  int schemaVersion();

  // Suggestions (SuggestionRows.cpp).
  void putSuggestion(const Suggestion&) override;
  std::optional<Suggestion> suggestion(const std::string& id) override;
  std::vector<Suggestion> suggestions(const std::string& projectId,
                                      const std::optional<SuggestionState>& state) override;
  int countSuggestionsSince(const std::string& projectId, int64_t sinceMs) override;

  // Capsules (CapsuleRows.cpp).
  void putCapsule(const Capsule&) override;
  std::optional<Capsule> capsule(const std::string& id) override;
  std::vector<Capsule> capsules(const std::optional<std::string>& projectId) override;
  std::vector<Capsule> enabledCapsules(const std::string& projectId) override;
  void setCapsuleEnabled(const std::string& capsuleId, const std::string& projectId,
                         bool enabled) override;
  void deleteCapsule(const std::string& id) override;

  // Structure events, the user model's reset point, initiative (UserModelRows.cpp).
  void appendStructureEvent(StructureEvent&) override;
  std::vector<StructureEvent> structureEvents(int64_t afterId) override;
  int64_t userModelResetPoint() override;
  void setUserModelResetPoint(int64_t eventId) override;
  std::optional<InitiativePolicy> initiative(const std::string& projectId) override;
  void putInitiative(const std::string& projectId, const InitiativePolicy&) override;

  // Memolets (MemoletRows.cpp).
  std::optional<std::string> importedProject(const std::string& kind,
                                             const std::string& sourceId) override;
  void putImportedProject(const std::string& kind, const std::string& sourceId,
                          const std::string& projectId) override;
  std::vector<std::pair<std::string, std::string>> importedUnits(
      const std::string& projectId) override;
  void putImportedUnit(const std::string& projectId, const std::string& sourceId,
                       const std::string& unitId) override;

  MemoletStore& memolets() override;
  BoardStore& board() override;  // BoardRows.cpp
  KnowledgeStore& knowledge() override;
  KnowledgeDocumentStore& knowledgeDocuments() override;

public:
  /// Statements between rows now (store tests: reads close their cursors).
  size_t runningStatements();

private:
  /// The connection, for the row files that add tables to this store
  /// (their statements are prepared per call: they run a few times per turn).
  sqlite::Db& db();

  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<MemoletStore> memoletRows_;  // after impl_: destroyed before the connection
  std::unique_ptr<BoardStore> boardRows_;       // uses memoletRows_: destroyed first
  std::unique_ptr<KnowledgeStore> knowledgeRows_;  // likewise
  std::unique_ptr<KnowledgeDocumentStore> knowledgeDocumentRows_;  // likewise
};

}  // namespace grove
