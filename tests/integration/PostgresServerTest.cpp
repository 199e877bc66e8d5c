// The real grove-server on a PostgreSQL store (issue 19): what it keeps
// across a restart, that a second core on the same database is refused (the
// Engine caches what it reads, and cores do not tell each other their
// changes yet), that the password never reaches the log, and which flags a
// database refuses. Runs only as pg.PostgresServer.* (tests/CMakeLists.txt),
// on the server tests/support/postgres-server starts.
#include <gtest/gtest.h>

#include "../support/TestStore.h"
#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

class PostgresServer : public ::testing::Test {
protected:
  TempDir dir;
  std::string url = testPostgres();
  // A schema per test, so tests never see each other's rows.
  std::string schema = std::string("srv_") + ::testing::UnitTest::GetInstance()->current_test_info()->name();

  ServerProcess::Options options(const std::string& log, std::vector<std::string> extra = {}) {
    ServerProcess::Options o;
    o.dbPath = url;
    o.extraArgs = {"--db-schema", schema};
    o.extraArgs.insert(o.extraArgs.end(), extra.begin(), extra.end());
    o.stderrPath = dir.file(log);
    return o;
  }
  void SetUp() override { ASSERT_FALSE(url.empty()) << "GROVE_TEST_PG_FILE names no PostgreSQL server"; }
};

void stop(ServerProcess& srv) {
  ASSERT_TRUE(isResult(srv.client().call("shutdown")));
  srv.client().notify("exit");
  ASSERT_EQ(srv.waitExit(), 0);
}

TEST_F(PostgresServer, ATreeAndItsHistorySurviveARestartByteForByte) {
  using namespace std::string_literals;
  const std::string tricky = "nul\0inside, émoji 🌳, quote \" and \\ backslash"s;
  std::string pid;
  json before, q, a;
  {
    ServerProcess srv(options("first.log"));
    RpcClient& rpc = srv.client();
    rpc.initialize();
    pid = rpc.result("grove/project/create", {{"title", "🌳 on postgres"}})["id"];
    q = rpc.result("grove/unit/append",
                   {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", tricky}});
    a = rpc.result("grove/unit/append",
                   {{"projectId", pid}, {"parentId", q["id"]}, {"role", "assistant"}, {"content", "v1"}});
    rpc.result("grove/unit/edit", {{"unitId", a["id"]}, {"content", "v2"}});
    before = rpc.result("grove/project/get", {{"projectId", pid}});
    stop(srv);
  }
  ServerProcess srv(options("second.log"));
  RpcClient& rpc = srv.client();
  rpc.initialize();
  EXPECT_EQ(rpc.result("grove/project/get", {{"projectId", pid}}), before);
  EXPECT_EQ(rpc.result("grove/unit/get", {{"unitId", q["id"]}})["content"], tricky);
  EXPECT_EQ(rpc.result("grove/unit/revisions", {{"unitId", a["id"]}})["revisions"][0]["content"], "v1");
  json hits = rpc.result("grove/search", {{"query", "émoji"}});
  ASSERT_EQ(hits["hits"].size(), 1u) << hits.dump();
  EXPECT_EQ(hits["hits"][0]["unitId"], q["id"]);
  // Undo walks back across the restart.
  rpc.result("grove/history/undo", {{"projectId", pid}});
  EXPECT_EQ(rpc.result("grove/unit/get", {{"unitId", a["id"]}})["content"], "v1");
  stop(srv);
}

TEST_F(PostgresServer, ASecondCoreOnTheSameDatabaseIsRefusedWithWhy) {
  ServerProcess first(options("first.log"));
  first.client().initialize();
  auto second = ServerProcess::run({"--db", url, "--db-schema", schema, "--no-stdio"});
  EXPECT_EQ(second.exitCode, 1);
  EXPECT_NE(second.err.find("another grove-server already serves"), std::string::npos) << second.err;
  // The first one is untouched.
  EXPECT_TRUE(isResult(first.client().call("grove/project/list", json::object())));
  stop(first);
  // Once it is gone, the database is free again.
  ServerProcess third(options("third.log"));
  third.client().initialize();
  stop(third);
}

TEST_F(PostgresServer, ThePasswordNeverReachesTheLogOrAnError) {
  // The test server trusts local connections, so any password is accepted.
  std::string withPassword = url;
  withPassword.insert(withPassword.find("grove@") + 5, ":hunter2secret");
  ServerProcess::Options o = options("pw.log");
  o.dbPath = withPassword;
  {
    ServerProcess srv(o);
    srv.client().initialize();
    stop(srv);
    EXPECT_NE(srv.stderrText().find("owning store postgresql://grove@"), std::string::npos) << srv.stderrText();
    EXPECT_EQ(srv.stderrText().find("hunter2secret"), std::string::npos);
  }
  // A database that does not exist: the error names it, without the password.
  std::string missing = withPassword;
  missing.replace(missing.find("/postgres?"), 10, "/no_such_db?");
  auto r = ServerProcess::run({"--db", missing, "--no-stdio"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("no_such_db"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("hunter2secret"), std::string::npos) << r.err;
}

TEST_F(PostgresServer, FlagsThatNeedAFileAreRefusedWithWhatToDoInstead) {
  auto backup = ServerProcess::run({"--db", url, "--backup", dir.file("b.db")});
  EXPECT_EQ(backup.exitCode, 2);
  EXPECT_NE(backup.err.find("pg_dump"), std::string::npos) << backup.err;
  auto sync = ServerProcess::run({"--db", url, "--sync", "full"});
  EXPECT_EQ(sync.exitCode, 2);
  EXPECT_NE(sync.err.find("synchronous_commit"), std::string::npos) << sync.err;
  auto schemaAlone = ServerProcess::run({"--db", dir.file("x.db"), "--db-schema", "s"});
  EXPECT_EQ(schemaAlone.exitCode, 2);
  EXPECT_NE(schemaAlone.err.find("--db-schema goes with a PostgreSQL --db"), std::string::npos) << schemaAlone.err;
  auto tokens = ServerProcess::run({"--db", url, "--token-add", "ana"});
  EXPECT_EQ(tokens.exitCode, 2);
  EXPECT_NE(tokens.err.find("--token-file"), std::string::npos) << tokens.err;
}

}  // namespace
}  // namespace grove::test
