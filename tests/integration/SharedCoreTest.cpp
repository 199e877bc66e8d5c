// One core per store (PROTOCOL.md, transport): a second grove-server on the
// same store relays to the first, both editors see one state, and when the
// owner is killed the relay takes over without losing acknowledged changes.
#include <gtest/gtest.h>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

ServerProcess::Options on(const TempDir& dir, const std::string& name) {
  ServerProcess::Options o;
  o.dbPath = dir.file("grove.db");
  o.stderrPath = dir.file(name + ".stderr");
  return o;
}

TEST(SharedCore, ASecondServerOnTheSameStoreJoinsTheFirst) {
  TempDir dir;
  ServerProcess owner(on(dir, "owner"));
  json a = owner.client().initialize("editor-a");
  EXPECT_EQ(a["capabilities"]["grove"]["core"]["role"], "owner");
  ServerProcess relay(on(dir, "relay"));
  json b = relay.client().initialize("editor-b");
  EXPECT_EQ(b["capabilities"]["grove"]["core"]["role"], "joined");

  std::string pid = owner.client().result("grove/project/create", {{"title", "shared"}})["id"];
  auto heard = relay.client().waitForNotification(
      [&](const json& n) { return n["params"]["projectId"] == pid; });
  ASSERT_TRUE(heard) << "the joined editor heard nothing";
  EXPECT_EQ(relay.client().result("grove/project/get", {{"projectId", pid}})["project"]["title"], "shared");
  json clients = owner.client().result("grove/server/clients")["clients"];
  EXPECT_EQ(clients.size(), 2u) << clients.dump();
}

TEST(SharedCore, WhenTheOwnerIsKilledTheRelayTakesOverWithEveryAcknowledgedChange) {
  TempDir dir;
  auto owner = std::make_unique<ServerProcess>(on(dir, "owner"));
  owner->client().initialize("editor-a");
  ServerProcess relay(on(dir, "relay"));
  relay.client().initialize("editor-b");
  RpcClient& rpc = relay.client();
  std::string pid = rpc.result("grove/project/create", {{"title", "survives"}})["id"];
  json root = rpc.result("grove/unit/append",
                         {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", "kept"}});

  owner->kill();
  // In-flight requests may be refused with coreRestarted while the relay
  // takes ownership; poll with a bounded deadline until it answers.
  json got;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    json reply = rpc.call("grove/unit/get", {{"unitId", root["id"]}});
    if (reply.contains("result")) {
      got = reply["result"];
      break;
    }
    ASSERT_TRUE(isError(reply, -32603)) << reply.dump();
    EXPECT_EQ(reply["error"]["data"]["kind"], "coreRestarted");
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the relay never took over";
  }
  EXPECT_EQ(got["content"], "kept");
  EXPECT_TRUE(isResult(rpc.call("grove/unit/append", {{"projectId", pid}, {"parentId", root["id"]},
                                                      {"role", "assistant"}, {"content", "after"}})));
}

}  // namespace
}  // namespace grove::test
