// A provider whose config carries a `command`: grove-server starts the local
// model server itself (here the fake provider binary on a port chosen
// beforehand), waits until it answers, restarts it after it is killed, and
// stops it on shutdown.
#include <gtest/gtest.h>

#include <signal.h>

#include "ChatFixture.h"
#include "ChildProcesses.h"
#include "Eventually.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

class LocalModelServer : public ChatFixture {
protected:
  json localProvider() {
    const json listed = rpc().result("grove/provider/list");  // kept alive: the loop walks into it
    for (const auto& p : listed["providers"])
      if (p["name"] == "local") return p;
    return nullptr;
  }
  std::vector<pid_t> localServers() { return childrenRunning(server_->pid(), "grove-fake-provider"); }
};

TEST_F(LocalModelServer, StartedFromCommandAndRestartedAfterSigkill) {
  const int port = unusedLoopbackPort();
  const std::string scriptPath = path("local-model-script.json");
  writeScriptFile(scriptPath, json::array({{{"chunks", {"local ", "model ", "answer"}}}}));
  writeConfig({{"provider", "local"},
               {"providers",
                {{{"name", "local"},
                  {"kind", "openai"},
                  {"baseUrl", "http://127.0.0.1:" + std::to_string(port)},
                  {"model", "local-model"},
                  {"command", {FakeProviderProcess::binary(), "--port", std::to_string(port), "--script", scriptPath}},
                  {"timeouts", {{"connectMs", 2000}, {"idleMs", 5000}, {"startMs", 10000}}}}}}});
  startServer();

  json listed = localProvider();
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(listed["active"], true);
  EXPECT_NE(listed["state"], "failed") << listed.dump();

  // The first turn starts the server and waits until it answers.
  Turn first = say("", "hello");
  ASSERT_TRUE(first.reply.contains("result")) << first.reply.dump();
  EXPECT_EQ(first.result()["assistantUnit"]["content"], "local model answer");
  EXPECT_EQ(localProvider()["state"], "ready");
  std::vector<pid_t> before = localServers();
  ASSERT_EQ(before.size(), 1u) << "grove-server should run exactly one local model server";
  EXPECT_EQ(httpExchange(port, "GET", "/").status, 200);

  // Kill it hard and ask again at once: the turn waits for the restart
  // instead of failing.
  ASSERT_EQ(::kill(before[0], SIGKILL), 0);
  Turn second = say(first.result()["assistantUnit"]["id"], "still there?", Millis(20000));
  ASSERT_TRUE(second.reply.contains("result")) << second.reply.dump();
  EXPECT_EQ(second.result()["assistantUnit"]["content"], "local model answer");
  EXPECT_EQ(second.result()["assistantUnit"]["status"], "complete");

  std::vector<pid_t> after;
  ASSERT_TRUE(eventually([&] {
    after = localServers();
    return after.size() == 1 && after[0] != before[0];
  })) << "no restarted local model server";
  EXPECT_FALSE(isRunning(before[0]));
  EXPECT_TRUE(eventually([&] { return localProvider()["state"] == "ready"; })) << localProvider().dump();

  // Shutting grove-server down stops the server it started.
  rpc().closeWrite();
  ASSERT_TRUE(server_->waitExit(Millis(10000)).has_value()) << "grove-server did not exit";
  EXPECT_TRUE(eventually([&] { return !isRunning(after[0]); }, Millis(5000)))
      << "the local model server outlived grove-server";
}

}  // namespace
}  // namespace grove::chat_test
