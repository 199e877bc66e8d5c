// The LSP lifecycle: initialize, requests before it, shutdown and exit, and
// the exit codes serve() reports for each way a session can end.
#include <gtest/gtest.h>

#include "InProcessServer.h"
#include "RpcAssertions.h"

namespace grove::test {
namespace {

TEST(Lifecycle, InitializeReportsServerInfoProtocolVersionAndMethods) {
  InProcessServer srv;
  json res = srv.client().initialize("lifecycle-test");
  EXPECT_EQ(res["serverInfo"]["name"], "grove-server");
  EXPECT_TRUE(res["serverInfo"]["version"].is_string());
  EXPECT_EQ(res["capabilities"]["grove"]["protocolVersion"], 1);
  const json& methods = res["capabilities"]["grove"]["methods"];
  ASSERT_TRUE(methods.is_array());
  EXPECT_NE(std::find(methods.begin(), methods.end(), "grove/unit/append"), methods.end());
}

TEST(Lifecycle, RequestsBeforeInitializeAreRefusedWithServerNotInitialized) {
  InProcessServer srv;
  RpcClient& rpc = srv.client();
  EXPECT_TRUE(isError(rpc.call("grove/project/list"), -32002));
  EXPECT_TRUE(isError(rpc.call("grove/project/create", {{"title", "early"}}), -32002));
  // Even an unknown method: the lifecycle check comes first.
  EXPECT_TRUE(isError(rpc.call("grove/nope"), -32002));
  rpc.initialize();
  // The refused create really did nothing.
  json list = rpc.result("grove/project/list");
  EXPECT_TRUE(list["projects"].empty()) << list.dump();
}

TEST(Lifecycle, NotificationsBeforeInitializeGetNoReply) {
  InProcessServer srv;
  RpcClient& rpc = srv.client();
  rpc.notify("grove/project/create", {{"title", "early"}});
  json id = rpc.send("initialize", {{"capabilities", json::object()}});
  EXPECT_TRUE(isResult(rpc.waitResponse(id)));
  // The only response that arrived is the one to initialize.
  EXPECT_EQ(rpc.takeArrivalOrder(), std::vector<json>{id});
  EXPECT_TRUE(rpc.result("grove/project/list")["projects"].empty());
}

TEST(Lifecycle, SecondInitializeIsAnInvalidRequest) {
  InProcessServer srv;
  srv.client().initialize();
  EXPECT_TRUE(isError(srv.client().call("initialize", {{"capabilities", json::object()}}), -32600));
}

TEST(Lifecycle, ShutdownThenExitEndsTheSessionWithCodeZero) {
  InProcessServer srv;
  RpcClient& rpc = srv.client();
  rpc.initialize();
  json reply = rpc.call("shutdown");
  ASSERT_TRUE(isResult(reply));
  EXPECT_TRUE(reply["result"].is_null());
  // After shutdown only exit is accepted.
  EXPECT_TRUE(isError(rpc.call("grove/project/list"), -32600));
  rpc.notify("exit");
  EXPECT_TRUE(rpc.waitClosed());
  EXPECT_EQ(srv.waitServeReturned(), 0);
}

TEST(Lifecycle, ExitWithoutShutdownEndsWithCodeOne) {
  InProcessServer srv;
  srv.client().initialize();
  srv.client().notify("exit");
  EXPECT_TRUE(srv.client().waitClosed());
  EXPECT_EQ(srv.waitServeReturned(), 1);
}

TEST(Lifecycle, ExitBeforeInitializeEndsWithCodeOne) {
  InProcessServer srv;
  srv.client().notify("exit");
  EXPECT_TRUE(srv.client().waitClosed());
  EXPECT_EQ(srv.waitServeReturned(), 1);
}

TEST(Lifecycle, EndOfInputAfterShutdownEndsWithCodeZero) {
  InProcessServer srv;
  srv.client().initialize();
  ASSERT_TRUE(isResult(srv.client().call("shutdown")));
  srv.client().closeWrite();
  EXPECT_EQ(srv.waitServeReturned(), 0);
}

TEST(Lifecycle, EndOfInputWithoutShutdownEndsWithCodeOne) {
  InProcessServer srv;
  srv.client().initialize();
  srv.client().closeWrite();
  EXPECT_EQ(srv.waitServeReturned(), 1);
}

TEST(Lifecycle, StringRequestIdsAreEchoed) {
  InProcessServer srv;
  RpcClient& rpc = srv.client();
  rpc.initialize();
  json msg{{"jsonrpc", "2.0"}, {"id", "req-α"}, {"method", "grove/project/list"}};
  rpc.writeRaw(frame(msg.dump()));
  EXPECT_TRUE(isResult(rpc.waitResponse("req-α")));
}

}  // namespace
}  // namespace grove::test
