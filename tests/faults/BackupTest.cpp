// grove-server --backup and --restore against a running core: a backup taken
// while a client appends holds a consistent prefix of the acknowledged
// appends and is private (0600); a restore is refused while a core runs,
// refuses a damaged backup, and otherwise brings the store back to the
// backup, keeping the replaced store beside it.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> unitIdsIn(const std::string& db, const std::string& projectId) {
  ServerProcess server(db);
  server.client().initialize();
  json project = server.client().result("grove/project/get", {{"projectId", projectId}});
  std::vector<std::string> ids;
  for (const auto& u : project["units"]) ids.push_back(u["id"]);
  return ids;
}

class Backup : public ::testing::Test {
protected:
  TempDir dir_;
  std::string db_ = dir_.file("grove.db");
  std::string backup_ = dir_.file("backup.db");
};

TEST_F(Backup, TakenWhileAClientAppendsItHoldsAConsistentPrefixAndRestores) {
  std::vector<std::string> acked;
  std::string projectId;
  size_t ackedBeforeBackup = 0;
  {
    ServerProcess owner(db_);
    RpcClient& rpc = owner.client();
    rpc.initialize();
    projectId = rpc.result("grove/project/create", {{"title", "backed up"}})["id"];
    json parent = nullptr;
    auto appendOne = [&] {
      json unit = rpc.result("grove/unit/append", {{"projectId", projectId}, {"parentId", parent},
                                                   {"role", "user"}, {"content", "note " + std::to_string(acked.size())}});
      acked.push_back(unit["id"]);
      parent = acked.back();
    };
    for (int i = 0; i < 20; ++i) appendOne();
    ackedBeforeBackup = acked.size();

    // The backup runs in another process while this client keeps appending.
    auto backup = std::async(std::launch::async, [&] {
      return ServerProcess::run({"--db", db_, "--backup", backup_}, Millis(60000));
    });
    while (backup.wait_for(Millis(0)) != std::future_status::ready) appendOne();
    for (int i = 0; i < 5; ++i) appendOne();  // and after it
    ServerProcess::RunResult r = backup.get();
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("verified"), std::string::npos) << r.out;

    struct stat st {};
    ASSERT_EQ(::stat(backup_.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    EXPECT_FALSE(fs::exists(backup_ + "-wal"));  // one self-contained file

    // A restore is refused while the core runs, and changes nothing.
    ServerProcess::RunResult refused = ServerProcess::run({"--db", db_, "--restore", backup_});
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_NE(refused.err.find("is using"), std::string::npos) << refused.err;
    EXPECT_EQ(rpc.result("grove/project/get", {{"projectId", projectId}})["units"].size(), acked.size());

    rpc.closeWrite();
    ASSERT_TRUE(owner.waitExit().has_value());
  }

  // The backup holds a prefix of the acknowledged appends: everything
  // acknowledged before it started, nothing that was never acknowledged,
  // and no gap.
  fs::copy_file(backup_, dir_.file("inspect.db"));
  std::vector<std::string> inBackup = unitIdsIn(dir_.file("inspect.db"), projectId);
  ASSERT_GE(inBackup.size(), ackedBeforeBackup);
  ASSERT_LE(inBackup.size(), acked.size());
  EXPECT_EQ(inBackup, std::vector<std::string>(acked.begin(), acked.begin() + inBackup.size()));

  // Restore with no core running: the store becomes the backup, and what
  // it replaced is kept beside it.
  ServerProcess::RunResult restored = ServerProcess::run({"--db", db_, "--restore", backup_});
  ASSERT_EQ(restored.exitCode, 0) << restored.err;
  EXPECT_EQ(unitIdsIn(db_, projectId), inBackup);
  EXPECT_EQ(unitIdsIn(db_ + ".before-restore", projectId), acked);
}

TEST_F(Backup, ADamagedBackupIsNotRestored) {
  {
    ServerProcess owner(db_);
    owner.client().initialize();
    owner.client().result("grove/project/create", {{"title", "keep me"}});
    ASSERT_EQ(ServerProcess::run({"--db", db_, "--backup", backup_}).exitCode, 0);
    owner.client().closeWrite();
    ASSERT_TRUE(owner.waitExit().has_value());
  }
  // Overwrite the middle of the backup's pages with garbage.
  {
    std::fstream f(backup_, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096 + 100);
    std::string junk(3 * 4096, '\x5a');
    f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }
  ServerProcess::RunResult r = ServerProcess::run({"--db", db_, "--restore", backup_});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("restore failed"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(db_ + ".before-restore"));
  ServerProcess server(db_);
  server.client().initialize();
  EXPECT_EQ(server.client().result("grove/project/list")["projects"].size(), 1u);
}

TEST_F(Backup, BackingUpAStoreThatDoesNotExistFailsClearly) {
  ServerProcess::RunResult r = ServerProcess::run({"--db", dir_.file("missing.db"), "--backup", backup_});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("no store at"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(backup_));
}

}  // namespace
}  // namespace grove::test
