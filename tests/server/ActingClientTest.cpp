// Every change is credited to the client that asked for it, even when a
// streamed answer finishes after another client's change: the session runs
// each continuation as the actor of the request that started it, instead of
// whichever client's batch ran last.
#include <gtest/gtest.h>

#include "InProcessServer.h"
#include "RpcAssertions.h"

namespace grove::test {
namespace {

bool isDidChange(const json& n) { return n.value("method", "") == "grove/project/didChange"; }

TEST(ActingClient, AStreamedAnswerAndAnInterleavedAppendAreEachCreditedToTheirClient) {
  // Deterministic: the answer streams only when the test runs the session's work.
  InProcessServer server({}, session::SessionOptions{.deterministic = true});
  RpcClient& a = server.client();
  RpcClient& b = server.connect();
  a.initialize("editor-a");
  b.initialize("editor-b");
  std::string pid = a.result("grove/project/create", {{"title", "two editors"}})["id"];

  // a asks; its message is stored (and announced) and the answer waits.
  json ask = a.send("grove/chat/send", {{"projectId", pid}, {"parentId", nullptr}, {"content", "What is RAII?"}});
  auto asked = b.waitForNotification([](const json& n) { return isDidChange(n) && n["params"]["op"] == "append"; });
  ASSERT_TRUE(asked) << "the asking client's message was never announced";
  EXPECT_EQ(asked->at("params").at("actor"), "editor-a");

  // b appends a note while the answer is still to come.
  json note = b.result("grove/unit/append", {{"projectId", pid},
                                             {"parentId", asked->at("params").at("unitIds").at(0)},
                                             {"role", "user"},
                                             {"content", "A note from b."}});
  auto noted = a.waitForNotification([&](const json& n) {
    return isDidChange(n) && n["params"]["unitIds"] == json::array({note["id"]});
  });
  ASSERT_TRUE(noted);
  EXPECT_EQ(noted->at("params").at("actor"), "editor-b");

  // Now the answer streams and is stored: the last batch was b's, the answer is a's.
  ASSERT_GT(server.session().runUntilIdle(), 0u);
  json reply = a.waitResponse(ask, Millis(10000));
  ASSERT_TRUE(isResult(reply)) << reply.dump();
  std::string answerId = reply["result"]["assistantUnit"]["id"];
  // (The streaming placeholder was announced before the note; the stored answer comes after it.)
  long long noteRevision = noted->at("params").at("revision");
  auto answered = b.waitForNotification([&](const json& n) {
    return isDidChange(n) && n["params"]["op"] == "append" && n["params"]["unitIds"] == json::array({answerId}) &&
           n["params"]["revision"].get<long long>() > noteRevision;
  });
  ASSERT_TRUE(answered) << "the stored answer was never announced";
  EXPECT_EQ(answered->at("params").at("actor"), "editor-a");
}

}  // namespace
}  // namespace grove::test
