// A chat turn's streamed text goes only to the editor that asked; every
// editor on the core gets the didChange that stores the answer.
#include <gtest/gtest.h>

#include "SharedStore.h"

namespace grove::test {
namespace {

using StreamRouting = SharedStore;

TEST_F(StreamRouting, OnlyTheAskingEditorReceivesTheStreamAndEveryoneTheAnswer) {
  auto owner = editor("editor-a");
  auto joined = editor("editor-b");
  RpcClient& a = owner->client();
  RpcClient& b = joined->client();
  std::string pid = createProject(b, "chat")["id"];

  // b asks (through the relay); a only watches. The offline provider answers.
  json reply = b.call("grove/chat/send", {{"projectId", pid}, {"parentId", nullptr}, {"content", "hello?"}},
                      std::chrono::seconds(30));
  ASSERT_TRUE(isResult(reply)) << reply.dump();
  std::string answerId = reply["result"]["assistantUnit"]["id"];
  std::string answer = reply["result"]["assistantUnit"]["content"];
  ASSERT_FALSE(answer.empty());

  // The asker got the text as it came, in pieces that add up to the answer.
  std::string streamed;
  for (const auto& n : b.takeNotifications())
    if (n["method"] == "grove/chat/didStream" && n["params"]["unitId"] == answerId)
      streamed += n["params"]["text"].get<std::string>();
  EXPECT_EQ(streamed, answer);

  // The watcher hears the stored answer (the project's final revision) and,
  // up to then, not one piece of the stream.
  long long finalRevision =
      a.result("grove/project/get", {{"projectId", pid}})["project"]["revision"].get<long long>();
  bool sawStream = false;
  auto stored = a.waitForNotification([&](const json& m) {
    if (m["method"] == "grove/chat/didStream") sawStream = true;
    return m["method"] == "grove/project/didChange" && m["params"]["revision"] == finalRevision;
  });
  ASSERT_TRUE(stored) << "the watching editor never heard the answer being stored";
  EXPECT_FALSE(sawStream) << "the watching editor received the asker's stream";
  for (const auto& n : a.takeNotifications())
    EXPECT_NE(n["method"], "grove/chat/didStream") << n.dump();
  EXPECT_EQ(a.result("grove/unit/get", {{"unitId", answerId}})["content"], answer);
}

}  // namespace
}  // namespace grove::test
