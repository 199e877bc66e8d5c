// The disk fills during a burst of appends (a size-limited tmpfs the test
// mounts; skipped with a message where mounting is not permitted, i.e. not
// root or no tmpfs). The append that finds the disk full fails with a clear
// storage error, reads keep working, every acknowledged unit is still there
// (also after a restart), nothing refused was stored, and appends work again
// once space returns (memolet indexing waits for that append: IndexingJobs).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "SmallDisk.h"
#include "TempDir.h"

namespace grove::test {
namespace {

namespace fs = std::filesystem;

std::string appendParams(const std::string& projectId, const json& parentId, int n) {
  return json{{"projectId", projectId}, {"parentId", parentId}, {"role", "user"},
              {"content", "unit " + std::to_string(n) + " " + std::string(48 * 1024, 'a' + n % 26)}}
      .dump();
}

TEST(DiskFull, ABurstThatFillsTheDiskFailsClearlyAndLosesNothingAcknowledged) {
  TempDir dir;
  SmallDisk disk(dir.path() / "disk", "3m");  // room for the store, then full after a few dozen appends
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here (needs root): disk-full test skipped";
  const std::string db = (dir.path() / "disk" / "grove.db").string();
  // Ballast the test removes later to give the space back.
  const fs::path ballast = disk.ballast(1 << 20);
  ASSERT_FALSE(ballast.empty());

  std::vector<std::string> acked;  // ids, in order
  std::string projectId;
  {
    ServerProcess::Options options;
    options.dbPath = db;
    options.stderrPath = dir.file("server.stderr");  // logs off the small disk
    ServerProcess server(options);
    RpcClient& rpc = server.client();
    rpc.initialize();
    projectId = rpc.result("grove/project/create", {{"title", "full disk"}})["id"];

    json failure;
    json parent = nullptr;
    for (int n = 0; n < 200 && failure.is_null(); ++n) {
      json reply = rpc.call("grove/unit/append", json::parse(appendParams(projectId, parent, n)));
      if (reply.contains("result")) {
        acked.push_back(reply["result"]["id"]);
        parent = acked.back();
      } else {
        failure = reply;
      }
    }
    ASSERT_FALSE(failure.is_null()) << "200 appends of 48 KiB fitted on a 3 MiB disk";
    ASSERT_FALSE(acked.empty());
    EXPECT_TRUE(isError(failure, -32603));
    EXPECT_EQ(failure["error"]["data"].value("kind", ""), "storageFailure") << failure.dump();
    std::string message = failure["error"].value("message", "");
    EXPECT_NE(message.find("disk holding the store is full"), std::string::npos) << message;

    // Reads still work, and hold exactly what was acknowledged.
    json project = rpc.result("grove/project/get", {{"projectId", projectId}});
    std::vector<std::string> stored;
    for (const auto& u : project["units"]) stored.push_back(u["id"]);
    EXPECT_EQ(stored, acked);
    json last = rpc.result("grove/unit/get", {{"unitId", acked.back()}});
    const std::string prefix = "unit " + std::to_string(acked.size() - 1) + " ";
    EXPECT_EQ(last["content"].get<std::string>().rfind(prefix, 0), 0u) << "the last acknowledged unit's text";
    // Still full: a second attempt is refused the same way, not half-kept.
    EXPECT_TRUE(isError(rpc.call("grove/unit/append", json::parse(appendParams(projectId, acked.back(), 999))),
                        -32603));

    // Space returns: writes resume on the same connection.
    fs::remove(ballast);
    json again = rpc.call("grove/unit/append", json::parse(appendParams(projectId, acked.back(), 1000)));
    ASSERT_TRUE(isResult(again));
    acked.push_back(again["result"]["id"]);
    rpc.closeWrite();
    ASSERT_TRUE(server.waitExit().has_value());
  }

  // After a restart: every acknowledged unit, and nothing else.
  ServerProcess::Options options;
  options.dbPath = db;
  options.stderrPath = dir.file("server2.stderr");
  ServerProcess server(options);
  server.client().initialize();
  json project = server.client().result("grove/project/get", {{"projectId", projectId}});
  std::vector<std::string> stored;
  for (const auto& u : project["units"]) stored.push_back(u["id"]);
  EXPECT_EQ(stored, acked);
}

}  // namespace
}  // namespace grove::test
