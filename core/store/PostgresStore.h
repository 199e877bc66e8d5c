// PostgresStore: the Store port on a PostgreSQL database, for a team whose
// operations people run one (issue 19). The rows are SqlStore's, the same
// statements as SQLite's; this adds the connection, the schema, plain
// transactions (acknowledged means committed: no redo log) and search
// through PostgreSQL's own text search.
//
// Not yet here: memolets, boards and knowledge maps (their rows use SQLite's
// FTS5 and run on SQLite only, see docs/decisions.md).
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
    /// Hold the database (schema) for this store alone while it is open: a
    /// second one fails to open. The Engine caches what it reads, so until
    /// cores tell each other their changes (issue 19), two on one database
    /// would each serve what the other has overwritten.
    bool exclusive = false;
  };

  explicit PostgresStore(Options options);
  ~PostgresStore() override;

  void begin() override;
  void commit() override;
  void rollback() override;
  int depth() const override;

  std::vector<SearchHit> search(const std::string& query,
                                const std::optional<std::string>& projectId, int limit) override;

  int schemaVersion();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Whether `db` names a PostgreSQL database rather than a file.
bool isPostgresAddress(const std::string& db);

}  // namespace grove
