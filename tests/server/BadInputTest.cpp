// Bad input on the wire: each case gets the documented error and, where the
// stream can be resynced, the server keeps serving the same connection.
#include <gtest/gtest.h>

#include "InProcessServer.h"
#include "RpcAssertions.h"
#include "ServerFixture.h"

namespace grove::test {
namespace {

using BadInput = ServerFixture;

std::string rawRequest(const json& id, const std::string& method, const json& params) {
  return frame(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
}

TEST_F(BadInput, InvalidJsonAnswersParseErrorWithNullIdAndKeepsServing) {
  rpc().writeRaw(frame("{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": "));
  json reply = rpc().waitNullIdResponse();
  EXPECT_TRUE(isError(reply, -32700));
  EXPECT_TRUE(reply["id"].is_null());
  EXPECT_TRUE(isResult(rpc().call("grove/project/list")));
}

TEST_F(BadInput, InvalidJsonInsideABurstDoesNotDisturbItsNeighbours) {
  json a, b;
  std::string burst = rpc().requestFrame("grove/project/create", {{"title", "before"}}, &a) +
                      frame("[1, 2,") +
                      rpc().requestFrame("grove/project/create", {{"title", "after"}}, &b);
  rpc().writeRaw(burst);
  EXPECT_TRUE(isResult(rpc().waitResponse(a)));
  EXPECT_TRUE(isError(rpc().waitNullIdResponse(), -32700));
  EXPECT_TRUE(isResult(rpc().waitResponse(b)));
  EXPECT_EQ(rpc().result("grove/project/list")["projects"].size(), 2u);
}

// A header the server cannot parse leaves it no way to find the next frame:
// it answers once with id null, then closes the connection cleanly.
void expectMalformedHeaderCloses(const std::string& bytes) {
  InProcessServer srv;
  RpcClient& rpc = srv.client();
  rpc.initialize();
  rpc.writeRaw(bytes);
  json reply = rpc.waitNullIdResponse();
  EXPECT_TRUE(reply["id"].is_null()) << reply.dump();
  EXPECT_TRUE(isError(reply, -32700));  // PROTOCOL.md: transport and bad input
  EXPECT_TRUE(rpc.waitClosed()) << "the server kept the connection open";
  EXPECT_EQ(srv.waitServeReturned(), 1);
}

TEST(BadInputHeaders, ContentLengthThatIsNotANumberClosesAfterANullIdReply) {
  expectMalformedHeaderCloses("Content-Length: twelve\r\n\r\n{\"id\":1}");
}

TEST(BadInputHeaders, HeaderLineWithoutColonClosesAfterANullIdReply) {
  expectMalformedHeaderCloses("Content-Length 12\r\n\r\n{\"id\":1}    ");
}

TEST(BadInputHeaders, HeaderWithoutContentLengthClosesAfterANullIdReply) {
  expectMalformedHeaderCloses("Content-Type: application/json\r\n\r\n{}");
}

TEST(BadInputHeaders, NegativeContentLengthClosesAfterANullIdReply) {
  expectMalformedHeaderCloses("Content-Length: -5\r\n\r\n{}");
}

TEST(BadInputHeaders, EndlessHeaderClosesAfterANullIdReply) {
  expectMalformedHeaderCloses(std::string(9000, 'x'));
}

TEST(BadInputHeaders, RequestsBeforeAMalformedHeaderAreStillAnswered) {
  InProcessServer srv;
  RpcClient& rpc = srv.client();
  rpc.initialize();
  json before;
  std::string bytes = rpc.requestFrame("grove/project/create", {{"title", "kept"}}, &before) +
                      "Content-Length: many\r\n\r\n{}";
  rpc.writeRaw(bytes);
  EXPECT_TRUE(isResult(rpc.waitResponse(before)));
  EXPECT_TRUE(rpc.waitNullIdResponse()["error"].is_object());
  EXPECT_TRUE(rpc.waitClosed());
}

TEST(BadInputHeaders, ExtraHeadersAndAnyCaseAreAccepted) {
  InProcessServer srv;
  RpcClient& rpc = srv.client();
  rpc.initialize();
  std::string body = json{{"jsonrpc", "2.0"}, {"id", 99}, {"method", "grove/project/list"}}.dump();
  rpc.writeRaw("content-length: " + std::to_string(body.size()) +
               "\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body);
  EXPECT_TRUE(isResult(rpc.waitResponse(99)));
}

TEST(BadInputLimits, ContentLengthAboveTheLimitIsRefusedAndItsBodySkipped) {
  server::Server::Options options;
  options.maxMessageBytes = 1024;
  InProcessServer srv(options);
  RpcClient& rpc = srv.client();
  rpc.initialize();

  // A valid request that would create a project, were it not too large. The
  // next request follows in the same write: the body must be skipped exactly.
  std::string big = rawRequest(1000, "grove/project/create", {{"title", std::string(3000, 'x')}});
  json next;
  std::string after = rpc.requestFrame("grove/project/create", {{"title", "small"}}, &next);
  rpc.writeRaw(big + after);

  json refused = rpc.waitNullIdResponse();
  EXPECT_TRUE(isError(refused, -32600));
  EXPECT_TRUE(refused["id"].is_null());
  EXPECT_TRUE(isResult(rpc.waitResponse(next)));
  json projects = rpc.result("grove/project/list")["projects"];
  ASSERT_EQ(projects.size(), 1u) << projects.dump();
  EXPECT_EQ(projects[0]["title"], "small");
  EXPECT_FALSE(rpc.closed());
}

TEST(BadInputLimits, ABodyAboveThePipeBufferIsSkippedToo) {
  server::Server::Options options;
  options.maxMessageBytes = 4096;
  InProcessServer srv(options);
  RpcClient& rpc = srv.client();
  rpc.initialize();
  // 300 KB: more than a pipe holds, so the server must skip it in pieces.
  rpc.writeRaw(rawRequest(1, "grove/project/create", {{"title", std::string(300000, 'y')}}));
  EXPECT_TRUE(isError(rpc.waitNullIdResponse(), -32600));
  EXPECT_TRUE(rpc.result("grove/project/list")["projects"].empty());
}

TEST(BadInputLimits, AnOversizedFrameIsRefusedBeforeItsBodyArrives) {
  // The reply comes first, then the body is skipped: a client that declared
  // a huge length learns at once why nothing happens, without having to
  // send (or the server to read) gigabytes first.
  server::Server::Options options;
  options.maxMessageBytes = 1024;
  InProcessServer srv(options);
  RpcClient& rpc = srv.client();
  rpc.initialize();
  rpc.writeRaw("Content-Length: 5000000000\r\n\r\n{\"jsonrpc\":\"2.0\"");
  json reply;
  ASSERT_NO_THROW(reply = rpc.waitNullIdResponse(Millis(3000)))
      << "no reply until the declared 5 GB body has been read";
  EXPECT_TRUE(isError(reply, -32600));
}

TEST(BadInputLimits, ABodyAtTheLimitIsServed) {
  server::Server::Options options;
  options.maxMessageBytes = 1024;
  InProcessServer srv(options);
  RpcClient& rpc = srv.client();
  rpc.initialize();
  json probe{{"jsonrpc", "2.0"}, {"id", 5}, {"method", "grove/project/create"},
             {"params", {{"title", ""}}}};
  std::string title(1024 - probe.dump().size(), 't');
  probe["params"]["title"] = title;
  ASSERT_EQ(probe.dump().size(), 1024u);
  rpc.writeRaw(frame(probe.dump()));
  json reply = rpc.waitResponse(5);
  ASSERT_TRUE(isResult(reply));
  EXPECT_EQ(reply["result"]["title"], title);
}

TEST_F(BadInput, UnknownMethodIsMethodNotFoundWithTheRequestId) {
  json reply = rpc().call("grove/unit/frobnicate", {{"unitId", "u1"}});
  EXPECT_TRUE(isError(reply, -32601));
  EXPECT_TRUE(reply["id"].is_number_integer());
}

TEST_F(BadInput, UnknownNotificationIsIgnoredSilently) {
  rpc().takeArrivalOrder();
  rpc().notify("grove/unit/frobnicate", {{"x", 1}});
  rpc().notify("$/setTrace", {{"value", "off"}});
  json id = rpc().send("grove/project/list");
  EXPECT_TRUE(isResult(rpc().waitResponse(id)));
  EXPECT_EQ(rpc().takeArrivalOrder(), std::vector<json>{id});
}

TEST_F(BadInput, AMessageThatIsNotAnObjectIsAnInvalidRequest) {
  rpc().writeRaw(frame("42"));
  EXPECT_TRUE(isError(rpc().waitNullIdResponse(), -32600));
  rpc().writeRaw(frame("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"grove/project/list\"}]"));
  EXPECT_TRUE(isError(rpc().waitNullIdResponse(), -32600));
  EXPECT_TRUE(isResult(rpc().call("grove/project/list")));
}

TEST_F(BadInput, AnIdThatIsNeitherStringNorIntegerIsAnInvalidRequest) {
  rpc().writeRaw(frame(R"({"jsonrpc":"2.0","id":{"a":1},"method":"grove/project/list"})"));
  EXPECT_TRUE(isError(rpc().waitNullIdResponse(), -32600));
  EXPECT_TRUE(isResult(rpc().call("grove/project/list")));
}

TEST_F(BadInput, EmptyArrayParamsAreAcceptedAsAnEmptyObject) {
  // Neovim 0.7 encodes {} as [].
  json list = rpc().call("grove/project/list", json::array());
  EXPECT_TRUE(isResult(list));
  EXPECT_TRUE(isResult(rpc().call("grove/server/methods", json::array())));
  // An empty object still lacks required fields, and says which.
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/get", json::array()), "projectId"));
  // Absent params are empty too.
  rpc().writeRaw(frame(R"({"jsonrpc":"2.0","id":"noparams","method":"grove/project/list"})"));
  EXPECT_TRUE(isResult(rpc().waitResponse("noparams")));
}

TEST_F(BadInput, ParamsThatAreNotAnObjectAreInvalidParams) {
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/list", "hello"), "params"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/get", json::array({"p1"})), "params"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/list", 3), "params"));
}

TEST_F(BadInput, EmptyArrayForANestedObjectIsAcceptedAsEmpty) {
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "root");
  // `branch: []` is Neovim 0.7's `branch: {}`: an untitled branch.
  json u = append(p["id"], root["id"], "assistant", "a branch", {{"branch", json::array()}});
  EXPECT_TRUE(u["startsBranch"].get<bool>());
}

}  // namespace
}  // namespace grove::test
