// SqliteStore: the Store port on SQLite (WAL, foreign keys, FTS5); the rows
// themselves are SqlStore's.
//
// Durability: WAL with synchronous=NORMAL makes every committed transaction
// survive a killed process; Options::fullSync (synchronous=FULL) adds
// survival of power loss at the cost of an fsync per commit.
#pragma once

#include <memory>
#include <string>

#include "store/SqlStore.h"

namespace grove {

class SqliteStore final : public SqlStore {
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

  std::vector<SearchHit> search(const std::string& query,
                                const std::optional<std::string>& projectId, int limit) override;
  std::vector<UnitMatch> unitMatches(const std::string& match, const std::optional<std::string>& projectId,
                                     int limit) override;
  /// Indexes the units appended since the unit index last caught up, then
  /// FTS5's incremental merge on each full-text index (units, memolets):
  /// with `usermerge` 2 (migration 16) it leaves at most one segment per
  /// level where automerge leaves three.
  bool tidySearchIndexes(int pages) override;

  /// Indexes units appended since the search index last caught up.
  void searchable();

  /// The schema version of the open store.
  int schemaVersion();
  /// Statements between rows now (store tests: reads close their cursors).
  size_t runningStatements();

private:
  void unitInserted() override;

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grove
