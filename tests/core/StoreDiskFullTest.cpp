// The disk fills inside a batch (an import, an indexing burst): a nested
// transaction, on top of appends already acknowledged and carried in the
// redo log. SQLite then rolls back its whole transaction, savepoints and the
// carried appends included. The failing write gets a clear storage error;
// the store keeps its footing: every acknowledged unit is still readable on
// the same connection and after a reopen, and appends work again.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "EngineFixture.h"
#include "SmallDisk.h"
#include "TempDir.h"
#include "engine/Engine.h"
#include "store/SqliteStore.h"
#include "support/Error.h"

namespace grove::test {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<Engine> openEngine(const std::string& db) {
  SqliteStore::Options o;
  o.path = db;
  o.carryCommits = true;
  return std::make_unique<Engine>(std::make_unique<SqliteStore>(o));
}

// How the batch's caller ends it after the failure.
enum class End { Abort, Commit };

void fillTheDiskInABatch(End end) {
  TempDir dir;
  SmallDisk disk(dir.path() / "disk", "4m");
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here (needs root): disk-full test skipped";
  const std::string db = (dir.path() / "disk" / "grove.db").string();
  // Ballast the test removes later to give the space back.
  const fs::path ballast = disk.ballast(1 << 20);
  ASSERT_FALSE(ballast.empty());

  std::vector<std::string> acked;
  std::string project;
  {
    auto engine = openEngine(db);
    project = engine->createProject("full disk in a batch", std::nullopt).id;
    // Acknowledged appends, carried: in the redo log, not yet committed to SQLite.
    std::optional<std::string> tip;
    for (int i = 0; i < 5; ++i) acked.push_back(*(tip = appendTo(*engine, project, tip, Role::User, "acknowledged " + std::to_string(i))));

    // A batch of large appends until the disk is full.
    std::string failure;
    engine->beginBatch();
    std::optional<std::string> at = tip;
    for (int i = 0; i < 400 && failure.empty(); ++i) {
      try {
        at = appendTo(*engine, project, at, Role::User, "batched " + std::to_string(i) + " " + std::string(128 * 1024, 'a' + i % 26));
      } catch (const Error& e) {
        failure = e.what();
      }
    }
    ASSERT_FALSE(failure.empty()) << "400 appends of 128 KiB fitted on a 4 MiB disk";
    EXPECT_NE(failure.find("full"), std::string::npos) << failure;
    if (end == End::Abort) {
      engine->abortBatch();
    } else {
      // A caller that carries on and commits what it thinks is left: the
      // batch's earlier appends are gone too, so the commit must fail.
      EXPECT_THROW(appendTo(*engine, project, tip, Role::User, "one more in the batch"), Error);
      EXPECT_THROW(engine->commitBatch(), Error);
    }

    // The same connection still holds every acknowledged append...
    for (const auto& id : acked) EXPECT_EQ(engine->unit(id).id, id);
    // ...and takes new ones once there is room again.
    fs::remove(ballast);
    std::string again;
    ASSERT_NO_THROW(again = appendTo(*engine, project, tip, Role::User, "after the space came back"));
    acked.push_back(again);
    EXPECT_EQ(engine->getProject(project).units.size(), acked.size());
  }
  // After a reopen: every acknowledged unit, and nothing of the batch.
  auto engine = openEngine(db);
  std::vector<std::string> stored;
  for (const auto& u : engine->getProject(project).units) stored.push_back(u.id);
  EXPECT_EQ(stored, acked);
}

TEST(StoreDiskFull, AFullDiskInsideABatchKeepsEveryAcknowledgedAppendAndTheStoreUsable) {
  fillTheDiskInABatch(End::Abort);
}

TEST(StoreDiskFull, ABatchCommittedAfterTheDiskFilledFailsAndTheStoreStaysUsable) {
  fillTheDiskInABatch(End::Commit);
}

}  // namespace
}  // namespace grove::test
