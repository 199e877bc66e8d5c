// API keys never leave memory: not in the log file, not in any reply or
// notification (even when the provider's error body echoes the key, as some
// real providers do), not in the provider listing, not in the store.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "ChatFixture.h"
#include "Eventually.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

const std::string kKey = "sk-test-SECRET123456";
// Any recognisable part of it counts as a leak.
const std::string kSecretPart = "SECRET123456";

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class KeyHygiene : public ChatFixture {
protected:
  /// Runs a turn and keeps everything the client received.
  Turn turn(const std::string& parent, const std::string& content) {
    Turn t = say(parent, content);
    seen_ += t.reply.dump() + "\n";
    for (const auto& s : t.streams) seen_ += s.dump() + "\n";
    return t;
  }
  std::string seen_;
};

TEST_F(KeyHygiene, KeyNeverAppearsInLogRepliesNotificationsOrStore) {
  FakeProviderProcess fake(json::array({{{"chunks", {"All ", "good."}}, {"requireKey", kKey}}}));
  const std::string logPath = path("server.log");
  startServer(openAiEnv(fake.baseUrl(), kKey), {"--log-file", logPath});

  // A good turn: the key was really sent (the fake requires it).
  Turn ok = turn("", "hello");
  ASSERT_TRUE(ok.reply.contains("result")) << ok.reply.dump();
  EXPECT_EQ(fake.requests().at(0)["auth"], "bearer");
  std::string parent = ok.result()["assistantUnit"]["id"];

  // 401 whose body quotes the presented key.
  fake.setScript(json::array({{{"status", 401}, {"echoKey", true}, {"errorMessage", "Incorrect API key"}}}));
  Turn auth = turn(parent, "again");
  ASSERT_TRUE(auth.reply.contains("error")) << auth.reply.dump();
  EXPECT_EQ(auth.reply["error"]["data"]["kind"], "auth");

  // 400 whose message is quoted back to the user, with the key in it.
  fake.setScript(json::array({{{"status", 400}, {"echoKey", true}, {"errorMessage", "unsupported parameter"}}}));
  Turn rejected = turn(parent, "and again");
  ASSERT_TRUE(rejected.reply.contains("error")) << rejected.reply.dump();
  EXPECT_EQ(rejected.reply["error"]["data"]["kind"], "badResponse");
  // The provider's message does reach the user (so the scrubbing ran on a
  // body that really held the key).
  EXPECT_NE(rejected.reply["error"].dump().find("unsupported parameter"), std::string::npos)
      << rejected.reply.dump();

  // A summary by the utility model on a path switch, and the listing.
  fake.setScript(json::array({{{"chunks", {"A short summary."}}}}));
  std::string side = append(parent, "user", "side question", json{{"title", "side"}});
  rpc().result("grove/project/setCursor", {{"projectId", projectId_}, {"cursorId", parent}});
  ASSERT_TRUE(eventually([&] { return branch(side).value("summary", json()) == "A short summary."; }));
  json providers = rpc().result("grove/provider/list");
  seen_ += providers.dump() + "\n";
  bool listedWithKey = false;
  for (const auto& p : providers["providers"]) listedWithKey = listedWithKey || p.value("hasKey", false);
  EXPECT_TRUE(listedWithKey) << providers.dump();
  for (const auto& n : rpc().takeNotifications()) seen_ += n.dump() + "\n";
  seen_ += project().dump();

  EXPECT_EQ(seen_.find(kSecretPart), std::string::npos) << "the key reached the client:\n" << seen_;

  // Shut down cleanly so every log line and store page is on disk.
  rpc().closeWrite();
  ASSERT_TRUE(server_->waitExit(Millis(10000)).has_value());
  const std::string log = readFile(logPath);
  EXPECT_FALSE(log.empty()) << "--log-file got nothing: nothing was checked";
  EXPECT_NE(log.find("auth"), std::string::npos) << "the failures were not logged:\n" << log;
  EXPECT_EQ(log.find(kSecretPart), std::string::npos) << "the key is in the log:\n" << log;
  EXPECT_EQ(server_->stderrText().find(kSecretPart), std::string::npos) << "the key is on stderr";
  for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) {
    if (entry.path().filename().string().rfind("grove.db", 0) != 0) continue;
    EXPECT_EQ(readFile(entry.path()).find(kSecretPart), std::string::npos)
        << "the key is in " << entry.path().filename();
  }
}

}  // namespace
}  // namespace grove::chat_test
