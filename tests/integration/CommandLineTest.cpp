// grove-server's command line and environment: --version, --help, bad
// flags, --log-file, --max-message-bytes, GROVE_DB and the exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CommandLine, VersionPrintsTheVersionAndProtocol) {
  auto r = ServerProcess::run({"--version"});
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_EQ(r.out.rfind("grove-server ", 0), 0u) << r.out;
  EXPECT_TRUE(contains(r.out, "protocol 1")) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(CommandLine, HelpDescribesEveryFlag) {
  auto r = ServerProcess::run({"--help"});
  EXPECT_EQ(r.exitCode, 0);
  for (const char* flag : {"usage: grove-server", "--db", "--log-file", "--sync",
                           "--max-message-bytes", "--acp", "--version", "--help", "GROVE_DB"})
    EXPECT_TRUE(contains(r.out, flag)) << flag << " missing from:\n" << r.out;
  EXPECT_EQ(ServerProcess::run({"-h"}).out, r.out);
}

TEST(CommandLine, AnUnknownFlagExitsTwoWithAMessage) {
  auto r = ServerProcess::run({"--frobnicate"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_TRUE(contains(r.err, "--frobnicate")) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(CommandLine, BadFlagValuesExitTwoWithAMessage) {
  struct Case {
    std::vector<std::string> args;
    std::string mentions;
  };
  for (const Case& c : {Case{{"--sync", "sometimes"}, "--sync"},
                        Case{{"--max-message-bytes", "10"}, "--max-message-bytes"},
                        Case{{"--max-message-bytes=lots"}, "--max-message-bytes"},
                        Case{{"--db"}, "--db"},
                        Case{{"--acp", "--no-stdio"}, "--acp"}}) {
    auto r = ServerProcess::run(c.args);
    EXPECT_EQ(r.exitCode, 2) << c.args[0];
    EXPECT_TRUE(contains(r.err, c.mentions)) << r.err;
  }
}

TEST(CommandLine, ShutdownThenExitExitsZero) {
  TempDir dir;
  ServerProcess srv(dir.file("grove.db"));
  srv.client().initialize();
  ASSERT_TRUE(isResult(srv.client().call("shutdown")));
  srv.client().notify("exit");
  EXPECT_EQ(srv.waitExit(), 0);
}

TEST(CommandLine, ExitWithoutShutdownExitsOne) {
  TempDir dir;
  ServerProcess srv(dir.file("grove.db"));
  srv.client().initialize();
  srv.client().notify("exit");
  EXPECT_EQ(srv.waitExit(), 1);
}

TEST(CommandLine, ClosedStdinWithoutShutdownExitsOne) {
  TempDir dir;
  ServerProcess srv(dir.file("grove.db"));
  srv.client().initialize();
  srv.client().closeWrite();
  EXPECT_EQ(srv.waitExit(), 1);
}

TEST(CommandLine, LogFileTakesTheLogInsteadOfStderr) {
  TempDir dir;
  std::string log = dir.file("logs/grove.log");
  std::filesystem::create_directories(dir.path() / "logs");
  {
    ServerProcess srv(dir.file("grove.db"), {"--log-file", log});
    srv.client().initialize();
    srv.client().result("grove/project/create", {{"title", "logged"}});
    srv.client().writeRaw(frame("{oops"));  // a warning-worthy event
    EXPECT_TRUE(isError(srv.client().waitNullIdResponse(), -32700));
    ASSERT_TRUE(isResult(srv.client().call("shutdown")));
    srv.client().notify("exit");
    ASSERT_EQ(srv.waitExit(), 0);
    EXPECT_EQ(srv.stderrText(), "");
  }
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(contains(text.str(), "grove-server")) << text.str();
}

TEST(CommandLine, MaxMessageBytesLimitsFrames) {
  TempDir dir;
  ServerProcess srv(dir.file("grove.db"), {"--max-message-bytes", "300"});
  RpcClient& rpc = srv.client();
  rpc.initialize();
  json big{{"jsonrpc", "2.0"}, {"id", 1000}, {"method", "grove/project/create"},
           {"params", {{"title", std::string(400, 'z')}}}};
  rpc.writeRaw(frame(big.dump()));
  EXPECT_TRUE(isError(rpc.waitNullIdResponse(), -32600));
  EXPECT_TRUE(rpc.result("grove/project/list")["projects"].empty());
}

TEST(CommandLine, ADbInADirectoryThatDoesNotExistYetIsCreated) {
  // What the default path ($XDG_DATA_HOME/grove/grove.db) is on a fresh machine.
  TempDir dir;
  std::string db = dir.file("not/yet/there/grove.db");
  ServerProcess::Options o;
  o.dbPath = db;
  o.stderrPath = dir.file("stderr");
  ServerProcess srv(o);
  ASSERT_NO_THROW(srv.client().initialize("fresh", Millis(5000))) << "stderr:\n" << srv.stderrText();
  EXPECT_TRUE(isResult(srv.client().call("grove/project/create", {{"title", "fresh"}})));
  EXPECT_TRUE(std::filesystem::exists(db));
}

TEST(CommandLine, GroveDbEnvironmentChoosesTheStoreWhenNoFlagIsGiven) {
  TempDir dir;
  std::string db = dir.file("from-env/grove.db");
  {
    ServerProcess::Options o;
    o.stderrPath = dir.file("stderr");
    o.env = {{"GROVE_DB", db}};
    ServerProcess srv(o);
    ASSERT_NO_THROW(srv.client().initialize("env", Millis(5000))) << "stderr:\n" << srv.stderrText();
    srv.client().result("grove/project/create", {{"title", "env store"}});
  }
  EXPECT_TRUE(std::filesystem::exists(db));
  ServerProcess again(db);
  again.client().initialize();
  json list = again.client().result("grove/project/list");
  ASSERT_EQ(list["projects"].size(), 1u);
  EXPECT_EQ(list["projects"][0]["title"], "env store");
}

TEST(CommandLine, XdgDataHomeIsTheDefaultStoreLocation) {
  TempDir dir;
  {
    ServerProcess::Options o;
    o.stderrPath = dir.file("stderr");
    o.env = {{"GROVE_DB", ""}, {"XDG_DATA_HOME", dir.path().string()}};
    ServerProcess srv(o);
    ASSERT_NO_THROW(srv.client().initialize("env", Millis(5000))) << "stderr:\n" << srv.stderrText();
    srv.client().result("grove/project/create", {{"title", "xdg"}});
  }
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "grove" / "grove.db"));
}

}  // namespace
}  // namespace grove::test
