// The owner's lifetime follows its clients, not the editor that started it:
// it keeps serving while anyone is connected, and when the last client leaves
// it exits and releases the store for the next grove-server to own.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <thread>

#include "SharedStore.h"

namespace grove::test {
namespace {

using Lifetime = SharedStore;

// Polls grove/server/clients until exactly `names` are connected.
bool waitForClients(RpcClient& c, std::multiset<std::string> names) {
  auto deadline = std::chrono::steady_clock::now() + RpcClient::kDefaultTimeout;
  for (;;) {
    std::multiset<std::string> now;
    json clients = c.result("grove/server/clients")["clients"];
    for (const auto& entry : clients)
      now.insert(entry["name"].get<std::string>());
    if (now == names) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

TEST_F(Lifetime, TheFirstEditorQuitsAndTheSecondKeepsWorking) {
  auto owner = editor("editor-a");
  auto joined = editor("editor-b");
  RpcClient& b = joined->client();
  std::string pid = createProject(b, "outlives editor a")["id"];
  json root = append(b, pid, nullptr, "before a quit");

  owner->client().closeWrite();  // editor a quits (its grove-server sees end of input)
  ASSERT_TRUE(waitForClients(b, {"editor-b"})) << "the owner still lists editor a, or lost editor b";
  // The owner noticed a leave, and is still running: b is served by it.
  EXPECT_FALSE(owner->waitExit(std::chrono::milliseconds(0))) << "the owner exited with a client connected";

  json next = append(b, pid, root["id"], "after a quit");
  next.erase("revision");  // the append's result also names the revision it made
  next.erase("cursorId");  // and where the cursor went
  json units = SharedStore::units(b, pid);
  ASSERT_EQ(units.size(), 2u);
  EXPECT_EQ(units[1], next);

  // A newcomer still joins the same core and sees b's work.
  json init;
  auto third = editor("editor-c", &init);
  EXPECT_EQ(coreInfo(init)["role"], "joined") << init.dump();
  EXPECT_EQ(SharedStore::units(third->client(), pid), units);
}

TEST_F(Lifetime, WhenTheLastClientLeavesTheOwnerExitsAndTheNextServerOwnsTheStore) {
  std::string socket = socketPath();
  auto owner = editor("editor-a");
  auto joined = editor("editor-b");
  std::string pid = createProject(joined->client(), "kept in the store")["id"];

  owner->client().closeWrite();
  ASSERT_TRUE(waitForClients(joined->client(), {"editor-b"}));
  joined->client().closeWrite();  // the last client leaves
  EXPECT_TRUE(joined->waitExit()) << "the relay did not exit when its editor left";
  EXPECT_TRUE(owner->waitExit()) << "the owner kept running with no client";

  EXPECT_FALSE(std::filesystem::exists(std::filesystem::symlink_status(socket)))
      << "the owner left its socket behind: " << socket;
  EXPECT_TRUE(lockIsFree()) << "the store is still locked after the owner exited";

  json init;
  auto next = editor("editor-c", &init);
  EXPECT_EQ(coreInfo(init)["role"], "owner") << init.dump();
  EXPECT_EQ(coreInfo(init)["clients"], 1);
  json project = next->client().result("grove/project/get", {{"projectId", pid}});
  EXPECT_EQ(project["project"]["title"], "kept in the store");
}

TEST_F(Lifetime, AnOwnerAloneExitsWhenItsEditorQuits) {
  std::string socket = socketPath();
  auto owner = editor("editor-a");
  EXPECT_TRUE(std::filesystem::exists(socket));
  ASSERT_TRUE(isResult(owner->client().call("shutdown")));
  owner->client().notify("exit");
  auto code = owner->waitExit();
  ASSERT_TRUE(code) << "the owner did not exit";
  EXPECT_EQ(*code, 0) << "shutdown then exit is a clean exit (LSP)";
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::symlink_status(socket)));
  EXPECT_TRUE(lockIsFree());
}

}  // namespace
}  // namespace grove::test
