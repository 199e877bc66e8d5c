// Hostile or broken input that must not take the server down. These run
// against the real binary: a crash shows up as a dead child process and a
// failed test, not as the whole test run aborting.
#include <gtest/gtest.h>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

class Robustness : public ::testing::Test {
protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(dir_.file("grove.db"));
    rpc().initialize();
  }
  RpcClient& rpc() { return server_->client(); }
  /// The server is alive and still answering on the same connection.
  void expectStillServing() {
    json reply;
    try {
      reply = rpc().call("grove/project/list", json::object(), Millis(5000));
    } catch (const std::exception& e) {
      auto code = server_->waitExit(Millis(1000));
      FAIL() << "the server stopped serving (" << e.what() << "); exit status "
             << (code ? std::to_string(*code) : "none") << "; stderr:\n" << server_->stderrText();
    }
    EXPECT_TRUE(isResult(reply));
  }

  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(Robustness, AMethodThatIsNotAStringIsAnInvalidRequest) {
  rpc().writeRaw(frame(R"({"jsonrpc":"2.0","id":31,"method":5})"));
  json reply;
  try {
    reply = rpc().waitResponse(31, Millis(5000));
  } catch (const std::exception&) {
  }
  EXPECT_TRUE(isError(reply, -32600));
  expectStillServing();
}

TEST_F(Robustness, ANullMethodIsAnInvalidRequest) {
  rpc().writeRaw(frame(R"({"jsonrpc":"2.0","id":32,"method":null})"));
  json reply;
  try {
    reply = rpc().waitResponse(32, Millis(5000));
  } catch (const std::exception&) {
  }
  EXPECT_TRUE(isError(reply, -32600));
  expectStillServing();
}

TEST_F(Robustness, DeeplyNestedParamsAreRefusedWithoutCrashing) {
  // 200 KB, far below the message limit, nested 100,000 levels deep.
  constexpr int kDepth = 100000;
  std::string body = R"({"jsonrpc":"2.0","id":40,"method":"grove/project/create","params":{"title":)" +
                     std::string(kDepth, '[') + std::string(kDepth, ']') + "}}";
  rpc().writeRaw(frame(body));
  json reply;
  try {
    reply = rpc().waitResponse(40, Millis(5000));
  } catch (const std::exception&) {
    try {
      reply = rpc().waitNullIdResponse(Millis(100));  // a parse-level refusal is fine too
    } catch (const std::exception&) {
    }
  }
  EXPECT_TRUE(reply.is_object() && reply.contains("error")) << reply.dump();
  expectStillServing();
}

TEST_F(Robustness, ManyClientsWorthOfGarbageThenARealRequest) {
  // Every kind of refusal in one stream, then normal service.
  std::string garbage = frame("") + frame("null") + frame("\"str\"") + frame("{}") +
                        frame(R"({"jsonrpc":"2.0","id":1.5,"method":"grove/project/list"})") +
                        frame(R"({"jsonrpc":"2.0","id":[],"method":"grove/project/list"})") +
                        frame(R"({"jsonrpc":"2.0","result":{},"id":99})") +
                        frame(std::string("{\"a\":\"\xff\xfe\"}"));
  rpc().writeRaw(garbage);
  expectStillServing();
}

}  // namespace
}  // namespace grove::test
