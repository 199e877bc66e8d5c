// PostgresStore: the Store port on a PostgreSQL database, for a team whose
// operations people run one (issue 19). The rows are SqlStore's, the same
// statements as SQLite's; this adds the connection, the schema, plain
// transactions (acknowledged means committed: no redo log) and search
// through PostgreSQL's own text search.
//
// Several cores may serve one database: each mutation locks the rows of
// the projects it touches and checks them against the core's cache
// (Store::lockProject), and tells the others what changed through
// LISTEN/NOTIFY (Store::announce, heard by PostgresChangeFeed).
#pragma once

#include <memory>
#include <string>

#include "store/SqlStore.h"

namespace grove {

class PostgresStore final : public SqlStore {
public:
  struct Options {
    std::string conninfo;  // postgresql://... or key=value pairs
    /// The schema the tables live in; empty: the connection's default
    /// (public). Several stores can share a database in their own schemas.
    std::string schema;
  };

  explicit PostgresStore(Options options);
  ~PostgresStore() override;

  void begin() override;
  void commit() override;
  void rollback() override;
  int depth() const override;

  std::vector<SearchHit> search(const std::string& query,
                                const std::optional<std::string>& projectId, int limit) override;
  std::vector<UnitMatch> unitMatches(const std::string& match, const std::optional<std::string>& projectId,
                                     int limit) override;

  int schemaVersion();

  bool sharedByCores() const override { return true; }
  std::optional<int64_t> lockProject(const std::string& projectId) override;
  void announce(const std::string& kind, const std::string& id, int64_t revision, const std::string& op,
                const std::vector<std::string>& ids) override;
  /// Who this store is in its announcements (a core skips its own).
  const std::string& instanceId() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The NOTIFY channel of the cores on one schema.
std::string changeChannel(const std::string& schema);

/// Whether `db` names a PostgreSQL database rather than a file.
bool isPostgresAddress(const std::string& db);

}  // namespace grove
