// The write-ahead log is checkpointed while the server runs: after thousands
// of appends it stays a few megabytes and the database file holds the data.
// Before, a statement left on a row pinned the connection's snapshot, no
// checkpoint could pass it, and the -wal file grew with every append.
#include <gtest/gtest.h>

#include <filesystem>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

TEST(WalCheckpoint, TheLogStaysSmallWhileTheServerRuns) {
  TempDir dir;
  const std::string db = dir.file("grove.db");
  ServerProcess srv(db);
  RpcClient& rpc = srv.client();
  rpc.initialize();
  std::string pid = rpc.result("grove/project/create", {{"title", "wal"}})["id"];
  json parent = nullptr;
  const std::string text(400, 'w');
  for (int i = 0; i < 2000; ++i) {
    json r = rpc.call("grove/unit/append", {{"projectId", pid}, {"parentId", parent},
                                            {"role", i % 2 ? "assistant" : "user"}, {"content", text}});
    ASSERT_TRUE(isResult(r)) << r.dump();
    parent = r["result"]["id"];
    // Reads between the writes, as editors make them.
    if (i % 100 == 0) rpc.result("grove/memolet/list", {{"projectId", pid}});
  }
  namespace fs = std::filesystem;
  auto wal = fs::file_size(db + "-wal");
  auto main = fs::file_size(db);
  // SQLite checkpoints at 1,000 pages (4 MB); pinned, 2,000 appends make ~70 MB.
  EXPECT_LT(wal, 16u << 20) << "the -wal file is " << wal << " bytes";
  EXPECT_GT(main, 1u << 20) << "nothing was checkpointed into the database file";
}

}  // namespace
}  // namespace grove::test
