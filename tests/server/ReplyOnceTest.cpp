// Exactly one reply per request: whatever a handler does with its Reply
// (answers, forgets, throws now, hands it to a continuation that throws or
// answers twice), the client gets one answer and is never left waiting.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

#include "InProcessServer.h"
#include "RpcAssertions.h"
#include "jsonrpc/ErrorCodes.h"

namespace grove::test {
namespace {

using server::kRead;
using server::kSlowRead;
using server::MethodTable;
using server::Reply;
using server::RequestContext;

// A table of test methods, each misusing its Reply in one way.
MethodTable oddMethods() {
  MethodTable t;
  t.addWithReply("test/forgets", kRead, [](RequestContext&, const proto::Params&, Reply) {});
  t.addWithReply("test/throwsNow", kRead, [](RequestContext&, const proto::Params&, Reply) {
    throw Error::invalidOp("refused", "refused before answering");
  });
  t.addWithReply("test/throwsLater", kSlowRead, [](RequestContext& c, const proto::Params&, Reply reply) {
    auto shared = std::make_shared<Reply>(std::move(reply));
    c.session.post([shared] { throw std::runtime_error("the continuation failed"); });
  });
  t.addWithReply("test/throwsInLockedContinuation", kSlowRead,
                 [](RequestContext& c, const proto::Params&, Reply reply) {
                   auto shared = std::make_shared<Reply>(std::move(reply));
                   session::Session& s = c.session;
                   s.post([&s, shared] {
                     s.runLocked("test", [shared](Engine&) { throw std::runtime_error("failed on the engine thread"); });
                   });
                 });
  t.addWithReply("test/answersTwice", kSlowRead, [](RequestContext& c, const proto::Params&, Reply reply) {
    auto shared = std::make_shared<Reply>(std::move(reply));
    c.session.post([shared] {
      (*shared)(json{{"first", true}});
      (*shared)(json{{"second", true}});
    });
  });
  t.addWithReply("test/answersLater", kSlowRead, [](RequestContext& c, const proto::Params&, Reply reply) {
    auto shared = std::make_shared<Reply>(std::move(reply));
    c.session.post([shared] { (*shared)(json{{"late", true}}); });
  });
  return t;
}

class ReplyOnce : public ::testing::Test {
protected:
  ReplyOnce() : server_({}, session::SessionOptions{.workers = 2}, oddMethods()) { rpc().initialize(); }
  RpcClient& rpc() { return server_.client(); }

  // Every reply that arrives for `id` within a short bound after the first.
  std::vector<json> repliesTo(const json& id) {
    std::vector<json> out{rpc().waitResponse(id, Millis(10000))};
    // A second reply would follow the first at once; the answer to a later
    // request proves the stream moved on without one.
    json ping = rpc().call("test/ping");
    EXPECT_TRUE(isError(ping, rpc::MethodNotFound)) << ping.dump();
    while (auto again = rpc().takeResponse(id)) out.push_back(*again);
    return out;
  }

  InProcessServer server_;
};

TEST_F(ReplyOnce, AHandlerThatForgetsToReplyAnswersWithAnInternalError) {
  json reply = rpc().call("test/forgets", json::object(), Millis(10000));
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], rpc::InternalError);
  EXPECT_NE(reply["error"]["message"].get<std::string>().find("test/forgets"), std::string::npos);
}

TEST_F(ReplyOnce, AHandlerThatThrowsIsAnsweredWithItsError) {
  json reply = rpc().call("test/throwsNow");
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], rpc::InvalidOperation);
  EXPECT_EQ(reply["error"]["data"]["kind"], "refused");
}

TEST_F(ReplyOnce, AContinuationThatThrowsOnAWorkerIsAnswered) {
  json id = rpc().send("test/throwsLater");
  auto replies = repliesTo(id);
  ASSERT_EQ(replies.size(), 1u);
  ASSERT_TRUE(replies[0].contains("error")) << replies[0].dump();
  EXPECT_EQ(replies[0]["error"]["code"], rpc::InternalError);
}

TEST_F(ReplyOnce, AContinuationThatThrowsOnTheEngineThreadIsAnswered) {
  json id = rpc().send("test/throwsInLockedContinuation");
  auto replies = repliesTo(id);
  ASSERT_EQ(replies.size(), 1u);
  ASSERT_TRUE(replies[0].contains("error")) << replies[0].dump();
  EXPECT_EQ(replies[0]["error"]["code"], rpc::InternalError);
}

TEST_F(ReplyOnce, ASecondAnswerIsNeverSent) {
  json id = rpc().send("test/answersTwice");
  auto replies = repliesTo(id);
  ASSERT_EQ(replies.size(), 1u);
  EXPECT_EQ(replies[0]["result"], (json{{"first", true}}));
}

TEST_F(ReplyOnce, AContinuationAnswersTheRequestItWasGiven) {
  json first = rpc().send("test/answersLater");
  json second = rpc().send("test/answersLater");
  EXPECT_EQ(rpc().waitResponse(second, Millis(10000))["result"], (json{{"late", true}}));
  EXPECT_EQ(rpc().waitResponse(first, Millis(10000))["result"], (json{{"late", true}}));
}

}  // namespace
}  // namespace grove::test
