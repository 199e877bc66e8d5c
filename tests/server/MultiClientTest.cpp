// Two editors on one core: changes made by one are announced to the other,
// which then reads the same state (DESIGN §2: clients are views).
#include <gtest/gtest.h>

#include <set>

#include "ServerFixture.h"

namespace grove::test {
namespace {

using MultiClient = ServerFixture;

TEST_F(MultiClient, ChangesFromOneClientAreAnnouncedToTheOther) {
  RpcClient& other = server_.connect();
  other.initialize("second-editor");
  std::string pid = createProject()["id"];
  json root = append(pid, nullptr, "user", "from the first editor");

  auto n = other.waitForNotification([&](const json& m) {
    return m["params"]["op"] == "append" && m["params"]["projectId"] == pid;
  });
  ASSERT_TRUE(n) << "the second client heard nothing";
  EXPECT_EQ((*n)["params"]["unitIds"], json::array({root["id"]}));
  EXPECT_EQ(other.result("grove/unit/get", {{"unitId", root["id"]}})["content"], "from the first editor");

  // And the other way round.
  json edited = other.result("grove/unit/edit", {{"unitId", root["id"]}, {"content", "edited by the second"}});
  auto back = rpc().waitForNotification([&](const json& m) { return m["params"]["op"] == "edit"; });
  ASSERT_TRUE(back);
  EXPECT_EQ((*back)["params"]["revision"], getProject(pid)["project"]["revision"]);
  edited.erase("revision");  // a change's result also names the revision it made
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", root["id"]}}), edited);
}

TEST_F(MultiClient, ServerClientsListsEveryConnection) {
  RpcClient& other = server_.connect();
  other.initialize("second-editor");
  json clients = rpc().result("grove/server/clients")["clients"];
  std::set<std::string> names;
  for (const auto& c : clients) names.insert(c["name"].get<std::string>());
  EXPECT_EQ(names, (std::set<std::string>{"grove-tests", "second-editor"}));
}

TEST_F(MultiClient, AClientThatHasNotInitializedHearsNothingAndCanStillInitialize) {
  RpcClient& late = server_.connect();
  std::string pid = createProject()["id"];
  append(pid, nullptr, "user", "while the late client was silent");
  late.initialize("late");
  // Its first notification is for a change made after it initialized.
  rpc().result("grove/project/rename", {{"projectId", pid}, {"title", "after"}});
  auto n = late.waitForNotification([](const json&) { return true; });
  ASSERT_TRUE(n);
  EXPECT_EQ((*n)["params"]["op"], "rename");
}

TEST_F(MultiClient, OneClientLeavingDoesNotDisturbTheOther) {
  RpcClient& other = server_.connect();
  other.initialize("leaving");
  ASSERT_TRUE(isResult(other.call("shutdown")));
  other.notify("exit");
  EXPECT_TRUE(other.waitClosed());
  std::string pid = createProject()["id"];
  EXPECT_TRUE(isResult(rpc().call("grove/project/get", {{"projectId", pid}})));
  EXPECT_EQ(rpc().result("grove/server/clients")["clients"].size(), 1u);
}

TEST_F(MultiClient, AClientThatStopsReadingDoesNotStallTheOthers) {
  // A frozen editor: connected and initialized, then it never reads again.
  RpcClient& frozen = server_.connect();
  frozen.initialize("frozen-editor");
  std::string pid = createProject()["id"];
  json root = append(pid, nullptr, "user", "root");
  // Far more notifications than a pipe holds (64 KB is about 500 of them).
  std::string text(200, 'x');
  for (int i = 0; i < 2000; ++i) {
    json reply = rpc().call("grove/unit/append",
                            {{"projectId", pid}, {"parentId", root["id"]}, {"role", "user"}, {"content", text}},
                            std::chrono::milliseconds(5000));
    ASSERT_TRUE(reply.contains("result")) << "append " << i << " stalled: " << reply.dump();
    rpc().takeNotifications();
  }
}

}  // namespace
}  // namespace grove::test
