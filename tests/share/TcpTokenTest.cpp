// --listen serves TCP next to stdio, for teammates on other machines (here
// always on loopback). With GROVE_TOKEN set, a client must present it in
// initializationOptions.token: a missing or wrong token is refused (1004
// unauthorized) and the connection closed. A non-loopback address without a
// token is refused at start-up, before anything listens.
#include <gtest/gtest.h>

#include <map>

#include "RunWithEnv.h"
#include "SharedStore.h"
#include "SocketClient.h"

namespace grove::test {
namespace {

using TcpListen = SharedStore;

const std::string kToken = "s3cret-team-token-5b1f";

::testing::AssertionResult isUnauthorized(const json& reply) {
  auto r = isError(reply, 1004);
  if (!r) return r;
  if (reply["error"].contains("data") && reply["error"]["data"].value("kind", "") == "unauthorized")
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected data.kind unauthorized, got " << reply.dump();
}

TEST_F(TcpListen, WithATokenSetClientsWithoutTheRightOneAreRefusedAndDisconnected) {
  int port = freeLoopbackPort();
  auto owner = start("editor-a", {"--listen", "127.0.0.1:" + std::to_string(port)}, {{"GROVE_TOKEN", kToken}});
  owner->client().initialize("editor-a");

  auto missing = connectTcp(port);
  EXPECT_TRUE(isUnauthorized(initializeWith(*missing, "no-token", json::object())));
  EXPECT_TRUE(missing->waitClosed()) << "the server kept a connection that had no token";

  auto wrong = connectTcp(port);
  EXPECT_TRUE(isUnauthorized(initializeWith(*wrong, "wrong-token", {{"token", kToken + "x"}})));
  EXPECT_TRUE(wrong->waitClosed()) << "the server kept a connection with a wrong token";

  // Skipping initialize does not get around the token either.
  auto sneaky = connectTcp(port);
  json reply = sneaky->call("grove/project/list");
  EXPECT_TRUE(reply.contains("error")) << reply.dump();

  auto teammate = connectTcp(port);
  json ok = initializeWith(*teammate, "teammate", {{"token", kToken}});
  ASSERT_TRUE(isResult(ok)) << ok.dump();
  EXPECT_EQ(coreInfo(ok["result"])["role"], "remote") << ok.dump();

  // The teammate works on the same core as the local editor, and is listed.
  std::string pid = SharedStore::createProject(*teammate, "from a teammate")["id"];
  auto heard = owner->client().waitForNotification(
      [&](const json& m) { return m["params"]["projectId"] == pid; });
  EXPECT_TRUE(heard) << "the local editor did not hear the teammate's change";
  // Listed by clientInfo.name (a server may add where a TCP client came from: "name@host").
  json clients = owner->client().result("grove/server/clients")["clients"];
  std::map<std::string, json> byName;
  for (const auto& c : clients) {
    std::string name = c["name"];
    byName[name.substr(0, name.find('@'))] = c;
  }
  ASSERT_TRUE(byName.count("teammate")) << "grove/server/clients does not list the teammate: " << clients.dump();
  EXPECT_NE(byName["teammate"]["transport"], byName["editor-a"]["transport"])
      << "a TCP client is listed with the local editor's transport";
  EXPECT_FALSE(byName.count("no-token") || byName.count("wrong-token")) << "a refused client is listed";

  // The token is a secret: it never reaches the log.
  EXPECT_EQ(owner->stderrText().find(kToken), std::string::npos) << "the token is in the server's log";
}

TEST_F(TcpListen, OnLoopbackWithoutATokenNoneIsNeeded) {
  int port = freeLoopbackPort();
  auto owner = start("editor-a", {"--listen", "127.0.0.1:" + std::to_string(port)});
  owner->client().initialize("editor-a");
  auto local = connectTcp(port);
  json ok = initializeWith(*local, "local-tcp", json::object());
  ASSERT_TRUE(isResult(ok)) << ok.dump();
  EXPECT_EQ(coreInfo(ok["result"])["role"], "remote");
  EXPECT_TRUE(isResult(local->call("grove/project/list")));
}

TEST_F(TcpListen, ANonLoopbackAddressWithoutATokenIsRefusedAtStartUp) {
  int port = freeLoopbackPort();
  RunOutput r = runWithEnv(ServerProcess::binary(),
                           {"--db", db_, "--listen", "0.0.0.0:" + std::to_string(port)}, env());
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("GROVE_TOKEN"), std::string::npos) << "the refusal does not say what to set: " << r.err;
}

}  // namespace
}  // namespace grove::test
