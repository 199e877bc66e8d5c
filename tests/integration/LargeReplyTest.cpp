// One reply larger than --max-unsent-bytes (a whole large tree) reaches a
// client that reads: the limit is for replies piling up unread, not for the
// size of one answer. Before, the server closed stdio and exited instead.
#include <gtest/gtest.h>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

TEST(LargeReply, AReplyLargerThanTheUnsentLimitReachesAClientThatReads) {
  TempDir dir;
  ServerProcess srv(dir.file("grove.db"), {"--max-unsent-bytes", "65536"});
  RpcClient& rpc = srv.client();
  rpc.initialize();
  std::string pid = rpc.result("grove/project/create", {{"title", "big"}})["id"];
  json parent = nullptr;
  const std::string text(60000, 'x');
  for (int i = 0; i < 5; ++i)
    parent = rpc.result("grove/unit/append",
                        {{"projectId", pid}, {"parentId", parent}, {"role", "user"}, {"content", text}})["id"];
  json got = rpc.result("grove/project/get", {{"projectId", pid}});  // about 300 KB in one reply
  ASSERT_EQ(got["units"].size(), 5u);
  EXPECT_EQ(got["units"][4]["content"], text);
  // The connection stayed open and the server keeps serving it.
  EXPECT_TRUE(isResult(rpc.call("grove/project/list", json::object())));
  EXPECT_EQ(srv.stderrText().find("unread, above the limit"), std::string::npos) << srv.stderrText();
}

}  // namespace
}  // namespace grove::test
