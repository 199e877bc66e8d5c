// SqlStore: the Store port's rows, written once over store/Sql.h. SQLite
// (SqliteStore) and PostgreSQL (PostgresStore) derive from it and add what
// differs between them: opening and migrating, transactions (SQLite carries
// commits through its redo log) and full-text search over units.
#pragma once

#include <memory>
#include <string>

#include "ports/Store.h"

namespace grove {

namespace sql {
class Db;
}

class SqlStore : public Store {
public:
  ~SqlStore() override;

  /// The statement liveOutline runs on SQLite (?1 the project, ?2
  /// headChars): from unit_outline, in its key order, which a test checks.
  static const char* const kLiveOutlineSqlite;

  void putProject(const Project&) override;
  std::optional<Project> project(const std::string& id) override;
  std::vector<Project> projects(const std::optional<std::string>& workspaceUri,
                                bool includeDeleted) override;

  void insertUnit(const Unit&) override;
  void updateUnit(const Unit&) override;
  std::optional<Unit> unit(const std::string& id) override;
  std::vector<Unit> ancestry(const std::string& id, size_t limit = SIZE_MAX) override;
  std::vector<Unit> liveUnits(const std::string& projectId, int64_t fromSeq, size_t limit) override;
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

  // Import provenance (ImportRows.cpp).
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

  /// The connection, for tools that work on whole tables (StoreCopy).
  sql::Db& connection() { return db(); }

  /// The words of a search's free text (letters, digits, `_`, anything
  /// beyond ASCII), which each backend turns into its own query syntax.
  static std::vector<std::string> searchWords(const std::string& text);

protected:
  SqlStore();
  /// Prepares the rows' statements on `db`, whose schema is current. The
  /// connection must outlive them: the backend calls closeRows() first
  /// thing in its destructor.
  void openRows(sql::Db& db);
  void closeRows();
  /// The connection, for the row files that add tables to this store
  /// (their statements are prepared per call: they run a few times per turn).
  sql::Db& db();
  /// After each inserted unit row, in the caller's transaction (SQLite
  /// indexes new units for search in batches).
  virtual void unitInserted() {}

private:
  sql::Db* db_ = nullptr;
  struct Rows;
  std::unique_ptr<Rows> rows_;
  std::unique_ptr<MemoletStore> memoletRows_;
  std::unique_ptr<BoardStore> boardRows_;       // uses memoletRows_: destroyed first
  std::unique_ptr<KnowledgeStore> knowledgeRows_;
  std::unique_ptr<KnowledgeDocumentStore> knowledgeDocumentRows_;
};

}  // namespace grove
