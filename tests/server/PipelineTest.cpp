// Pipelined requests (many written with one write()) and $/cancelRequest.
#include <gtest/gtest.h>

#include "ServerFixture.h"

namespace grove::test {
namespace {

using Pipeline = ServerFixture;

TEST_F(Pipeline, ABurstIsAnsweredCompletelyAndInOrder) {
  std::string pid = createProject()["id"];
  json root = append(pid, nullptr, "user", "root");
  rpc().takeArrivalOrder();
  rpc().takeNotifications();

  // 600 requests (more than the server's 256 per batch): appends under one
  // parent with reads interleaved, larger than a pipe holds.
  constexpr int kAppends = 400;
  std::string burst;
  std::vector<json> ids;
  for (int i = 0; i < kAppends; ++i) {
    json id;
    burst += rpc().requestFrame("grove/unit/append",
                                {{"projectId", pid}, {"parentId", root["id"]}, {"role", i % 2 ? "assistant" : "user"},
                                 {"content", "burst unit " + std::to_string(i)}},
                                &id);
    ids.push_back(id);
    if (i % 2 == 0) {
      burst += rpc().requestFrame("grove/project/get", {{"projectId", pid}}, &id);
      ids.push_back(id);
    }
  }
  ASSERT_GT(burst.size(), 65536u) << "the burst should be larger than a pipe";
  rpc().writeRaw(burst);

  std::vector<int64_t> seqs;
  for (const auto& id : ids) {
    json reply = rpc().waitResponse(id);
    ASSERT_TRUE(isResult(reply)) << reply.dump();
    if (reply["result"].contains("seq")) seqs.push_back(reply["result"]["seq"]);
  }
  EXPECT_EQ(rpc().takeArrivalOrder(), ids);
  ASSERT_EQ(seqs.size(), static_cast<size_t>(kAppends));
  EXPECT_TRUE(std::is_sorted(seqs.begin(), seqs.end()));
  EXPECT_EQ(std::adjacent_find(seqs.begin(), seqs.end()), seqs.end());

  // One didChange per append, revisions strictly increasing by one.
  std::vector<json> changes;
  while (changes.size() < static_cast<size_t>(kAppends)) {
    // The answers also make memolets, announced by their own notification.
    auto n = rpc().waitForNotification(
        [](const json& m) { return m.value("method", "") == "grove/project/didChange"; });
    ASSERT_TRUE(n) << "only " << changes.size() << " notifications";
    changes.push_back((*n)["params"]);
  }
  for (size_t i = 0; i < changes.size(); ++i) {
    EXPECT_EQ(changes[i]["op"], "append");
    if (i > 0) {
      EXPECT_EQ(changes[i]["revision"].get<int64_t>(), changes[i - 1]["revision"].get<int64_t>() + 1);
    }
  }
  EXPECT_EQ(getProject(pid)["units"].size(), static_cast<size_t>(kAppends + 1));
}

TEST_F(Pipeline, ABurstWithAFailingRequestFailsOnlyThatRequest) {
  std::string pid = createProject()["id"];
  json root = append(pid, nullptr, "user", "root");
  json ok1, bad, ok2;
  std::string burst =
      rpc().requestFrame("grove/unit/append",
                         {{"projectId", pid}, {"parentId", root["id"]}, {"role", "user"}, {"content", "one"}}, &ok1) +
      rpc().requestFrame("grove/unit/append",
                         {{"projectId", pid}, {"parentId", "u-missing"}, {"role", "user"}, {"content", "x"}}, &bad) +
      rpc().requestFrame("grove/unit/append",
                         {{"projectId", pid}, {"parentId", root["id"]}, {"role", "user"}, {"content", "two"}}, &ok2);
  rpc().writeRaw(burst);
  EXPECT_TRUE(isResult(rpc().waitResponse(ok1)));
  EXPECT_TRUE(isNotFound(rpc().waitResponse(bad), "unitNotFound", "u-missing"));
  EXPECT_TRUE(isResult(rpc().waitResponse(ok2)));
  EXPECT_EQ(getProject(pid)["units"].size(), 3u);
}

TEST_F(Pipeline, CancellingAQueuedRequestAnswersRequestCancelledAndSkipsIt) {
  std::string pid = createProject()["id"];
  json root = append(pid, nullptr, "user", "root");
  json before, target, after;
  // Cancel in the same write as the request: it is queued when the cancel
  // is read, so it must not run.
  std::string burst =
      rpc().requestFrame("grove/project/get", {{"projectId", pid}}, &before) +
      rpc().requestFrame("grove/unit/append",
                         {{"projectId", pid}, {"parentId", root["id"]}, {"role", "assistant"}, {"content", "cancelled"}},
                         &target);
  burst += frame(json{{"jsonrpc", "2.0"}, {"method", "$/cancelRequest"}, {"params", {{"id", target}}}}.dump());
  burst += rpc().requestFrame("grove/project/list", json::object(), &after);
  ASSERT_LT(burst.size(), 4096u);  // one atomic pipe write
  rpc().writeRaw(burst);
  EXPECT_TRUE(isResult(rpc().waitResponse(before)));
  json reply = rpc().waitResponse(target);
  EXPECT_TRUE(isError(reply, -32800));
  EXPECT_EQ(reply["id"], target);
  EXPECT_TRUE(isResult(rpc().waitResponse(after)));
  EXPECT_EQ(getProject(pid)["units"].size(), 1u);
}

TEST_F(Pipeline, CancellingAnAnsweredOrUnknownRequestIsHarmless) {
  std::string pid = createProject()["id"];
  json id = rpc().send("grove/project/get", {{"projectId", pid}});
  EXPECT_TRUE(isResult(rpc().waitResponse(id)));
  rpc().notify("$/cancelRequest", {{"id", id}});
  rpc().notify("$/cancelRequest", {{"id", "never-sent"}});
  rpc().notify("$/cancelRequest", json::array());
  EXPECT_TRUE(isResult(rpc().call("grove/project/get", {{"projectId", pid}})));
  rpc().takeArrivalOrder();
  EXPECT_TRUE(isResult(rpc().call("grove/project/list")));
  EXPECT_EQ(rpc().takeArrivalOrder().size(), 1u);  // cancels are never answered
}

TEST_F(Pipeline, StringIdsCanBeCancelled) {
  std::string pid = createProject()["id"];
  std::string burst =
      frame(json{{"jsonrpc", "2.0"}, {"id", "req-7"}, {"method", "grove/project/rename"},
                 {"params", {{"projectId", pid}, {"title", "never"}}}}.dump()) +
      frame(json{{"jsonrpc", "2.0"}, {"method", "$/cancelRequest"}, {"params", {{"id", "req-7"}}}}.dump());
  rpc().writeRaw(burst);
  EXPECT_TRUE(isError(rpc().waitResponse("req-7"), -32800));
  EXPECT_NE(getProject(pid)["project"]["title"], "never");
}

}  // namespace
}  // namespace grove::test
