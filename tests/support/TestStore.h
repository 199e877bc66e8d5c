// The store a test's Engine runs on: SQLite in memory, or, when
// GROVE_TEST_PG_FILE names a file holding a conninfo (written by
// tests/support/postgres-server for the `pg.` tests), a schema of its own
// on that PostgreSQL server. The same tests then check both stores.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

#include "store/PostgresStore.h"
#include "store/SqliteStore.h"

namespace grove::test {

/// The test PostgreSQL server's conninfo, or empty when the tests run on SQLite.
inline std::string testPostgres() {
  const char* file = std::getenv("GROVE_TEST_PG_FILE");
  if (!file || !*file) return {};
  std::ifstream in(file);
  std::string conninfo;
  std::getline(in, conninfo);
  if (conninfo.empty()) throw std::runtime_error(std::string("no PostgreSQL conninfo in ") + file);
  return conninfo;
}

/// A new, empty store of the kind this run tests: SQLite at `sqlitePath`
/// (in memory by default), or a new schema on the test PostgreSQL server.
inline std::unique_ptr<Store> makeTestStore(const std::string& sqlitePath = ":memory:") {
  std::string pg = testPostgres();
  if (pg.empty()) return std::make_unique<SqliteStore>(SqliteStore::Options{sqlitePath, false});
  static std::atomic<int> n{0};
  std::string schema = "t" + std::to_string(::getpid()) + "_" + std::to_string(++n);
  return std::make_unique<PostgresStore>(PostgresStore::Options{pg, schema});
}

/// Writes a project `projectId` to `s` and in it a memolet `id` holding
/// `text`, titled and keyed as given; returns the memolet.
inline Memolet putMemoletInNewProject(Store& s, const std::string& projectId, const std::string& id,
                                      const std::string& title, const std::string& keyword, const std::string& text) {
  Project p;
  p.id = projectId;
  p.title = "title of " + projectId;
  s.putProject(p);
  Memolet m;
  m.id = id;
  m.projectId = projectId;
  m.title = title;
  m.keywords = {keyword};
  m.text = text;
  s.memolets().putMemolet(m);
  return m;
}

}  // namespace grove::test
