// Memolet indexing after a write the disk had no room for (a size-limited
// tmpfs the test mounts; skipped with a message where mounting is not
// permitted, i.e. not root). Indexing writes too (each memolet copies its
// exchanges' text), so it waits for the user's next write to succeed: space
// given back goes to that write first, and indexing follows it.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "SmallDisk.h"
#include "TempDir.h"
#include "session/Session.h"
#include "store/SqliteStore.h"

namespace grove::session {
namespace {

namespace fs = std::filesystem;

// Memolets in the store, read with a connection of the test's own: a read
// through the engine would index what is pending first.
int64_t memoletsIn(const std::string& db) {
  sqlite3* c = nullptr;
  int64_t n = -1;
  if (sqlite3_open_v2(db.c_str(), &c, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(c, "SELECT count(*) FROM memolets", -1, &st, nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
  }
  sqlite3_close(c);
  return n;
}

TEST(IndexingAfterAFullDisk, WaitsForTheUsersNextWriteBeforeTakingTheSpaceGivenBack) {
  test::TempDir dir;
  test::SmallDisk disk(dir.path() / "disk", "3m");
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here (needs root): test skipped";
  const fs::path ballast = disk.ballast(1 << 20);
  ASSERT_FALSE(ballast.empty());
  const std::string db = (dir.path() / "disk" / "grove.db").string();
  Engine engine(std::make_unique<SqliteStore>(SqliteStore::Options{db}));
  // Deterministic: indexing batches run only when the test runs the executor.
  Session session(engine, SessionOptions{.deterministic = true, .deferIndexing = true});
  std::string projectId;
  session.runBatch("tester", [&](Engine& e) { projectId = e.createProject("full disk", std::nullopt).id; },
                   [](const std::optional<Error>& failed) { ASSERT_FALSE(failed); });

  // Exchanges until a write finds the disk full.
  std::optional<std::string> parent;
  auto append = [&](int n) {
    bool ok = false;
    try {
      std::string id;
      session.runBatch(
          "tester",
          [&](Engine& e) {
            AppendRequest r;
            r.projectId = projectId;
            r.parentId = parent;
            r.role = n % 2 ? Role::Assistant : Role::User;
            r.content = "exchange " + std::to_string(n / 2) + " about retries " + std::string(4096, 'a' + n % 26);
            id = e.append(r).id;
          },
          [&](const std::optional<Error>& failed) { ok = !failed; });
      if (ok) parent = id;
    } catch (const Error&) {
      ok = false;
    }
    return ok;
  };
  int n = 0;
  while (n < 2000 && append(n)) ++n;
  ASSERT_LT(n, 2000) << "2,000 appends of 4 KiB fitted on a 3 MiB disk";
  ASSERT_GT(n, 4);

  // Space returns. The batch the appends scheduled does not take it.
  fs::remove(ballast);
  session.runUntilIdle();
  EXPECT_EQ(memoletsIn(db), 0);

  // The user's write succeeds, and indexing follows it.
  ASSERT_TRUE(append(n));
  session.runUntilIdle();
  EXPECT_GT(memoletsIn(db), 0);
}

}  // namespace
}  // namespace grove::session
