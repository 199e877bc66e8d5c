// The real grove-server on a PostgreSQL store (issue 19): what it keeps
// across a restart, two cores on one database acting as one (every append
// stored once, one revision order, every client hearing every change, a
// core killed mid-burst losing nothing it acknowledged), that the password
// never reaches the log, and which flags a database refuses. Runs only as pg.PostgresServer.* (tests/CMakeLists.txt),
// on the server tests/support/postgres-server starts.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "../share/SocketClient.h"
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

// One client's pipelined appends under `parent`, `window` in flight; what
// was acknowledged (content -> the Unit in the reply). Stops at the first
// failure (a core that went away).
std::map<std::string, json> appendMany(RpcClient& c, const std::string& pid, const std::string& parent,
                                       const std::string& tag, int count, size_t window,
                                       std::vector<json>& heard) {
  std::map<std::string, json> acknowledged;
  std::deque<std::pair<json, std::string>> inFlight;
  auto settle = [&] {
    auto [id, content] = inFlight.front();
    inFlight.pop_front();
    json reply = c.waitResponse(id, std::chrono::seconds(60));
    if (reply.contains("result")) acknowledged.emplace(content, reply["result"]);
  };
  try {
    for (int i = 0; i < count; ++i) {
      std::string content = tag + "#" + std::to_string(i);
      inFlight.emplace_back(c.send("grove/unit/append", {{"projectId", pid}, {"parentId", parent},
                                                        {"role", "user"}, {"content", content}}),
                            content);
      if (inFlight.size() >= window) settle();
    }
    while (!inFlight.empty()) settle();
  } catch (const std::exception&) {
    // The core went away: what was acknowledged before stands.
  }
  for (auto& n : c.takeNotifications()) heard.push_back(std::move(n));
  return acknowledged;
}

// The revisions of the project's didChange notifications among `heard`.
std::set<int64_t> revisionsHeard(const std::vector<json>& heard, const std::string& pid) {
  std::set<int64_t> out;
  for (const auto& n : heard)
    if (n.value("method", "") == "grove/project/didChange" && n["params"]["projectId"] == pid)
      out.insert(n["params"]["revision"].get<int64_t>());
  return out;
}

TEST_F(PostgresServer, TwoCoresOnOneDatabaseStoreEveryAppendOnceInOneOrderAndTellEachOther) {
  ServerProcess a(options("a.log")), b(options("b.log"));
  a.client().initialize();
  b.client().initialize();
  std::string pid = a.client().result("grove/project/create", {{"title", "two cores"}})["id"];
  json root = a.client().result("grove/unit/append",
                                {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", "root"}});
  const int64_t start = a.client().result("grove/project/get", {{"projectId", pid}})["project"]["revision"];
  // B never saw the project: it reads it from the database.
  EXPECT_EQ(b.client().result("grove/project/get", {{"projectId", pid}})["units"].size(), 1u);

  constexpr int kEach = 300;
  std::vector<json> heardA, heardB;
  std::map<std::string, json> ackA, ackB;
  std::thread ta([&] { ackA = appendMany(a.client(), pid, root["id"], "a", kEach, 16, heardA); });
  std::thread tb([&] { ackB = appendMany(b.client(), pid, root["id"], "b", kEach, 16, heardB); });
  ta.join();
  tb.join();
  ASSERT_EQ(ackA.size(), size_t(kEach));
  ASSERT_EQ(ackB.size(), size_t(kEach));

  // One revision per append, in one order, and each client hears all of
  // them: its own core's and, through the database, the other's. A core
  // may still be taking in the other's last notices when the appends are
  // acknowledged, and hears them after its own later ones: wait until
  // every revision was heard (or 10 s) before reading.
  const int64_t end = start + 2 * kEach;
  const size_t all = size_t(end - start);
  for (auto* side : {&a, &b}) {
    std::vector<json>& heard = side == &a ? heardA : heardB;
    auto complete = [&] {
      std::set<int64_t> revisions = revisionsHeard(heard, pid);
      return size_t(std::distance(revisions.upper_bound(start), revisions.upper_bound(end))) == all;
    };
    // The wait drops what it passes over: the predicate keeps a copy.
    if (!complete())
      side->client().waitForNotification(
          [&](const json& n) {
            heard.push_back(n);
            return complete();
          },
          std::chrono::seconds(10));
    std::set<int64_t> revisions = revisionsHeard(heard, pid);
    for (int64_t r = start + 1; r <= end; ++r)
      if (!revisions.count(r)) {
        ADD_FAILURE() << (side == &a ? "A" : "B") << "'s client never heard revision " << r << " (heard "
                      << revisions.size() << " of " << end - start << ", first "
                      << (revisions.empty() ? -1 : *revisions.begin()) << ")";
        break;
      }
  }

  // Both cores serve the same project: every acknowledged unit once, as
  // acknowledged, with seq unique and gap-free.
  json fromA = a.client().result("grove/project/get", {{"projectId", pid}});
  json fromB = b.client().result("grove/project/get", {{"projectId", pid}});
  EXPECT_EQ(fromA, fromB);
  EXPECT_EQ(fromA["project"]["revision"], end);
  std::map<std::string, json> stored;
  std::vector<int64_t> seqs;
  for (const auto& u : fromA["units"]) {
    EXPECT_TRUE(stored.emplace(u["content"].get<std::string>(), u).second) << u["content"] << " is stored twice";
    seqs.push_back(u["seq"]);
  }
  EXPECT_EQ(stored.size(), size_t(2 * kEach + 1));
  for (const auto* ack : {&ackA, &ackB})
    for (const auto& [content, unit] : *ack) {
      ASSERT_TRUE(stored.count(content)) << content << " was acknowledged and is not stored";
      EXPECT_EQ(stored[content]["id"], unit["id"]);
      EXPECT_EQ(stored[content]["seq"], unit["seq"]);
    }
  std::sort(seqs.begin(), seqs.end());
  for (size_t i = 1; i < seqs.size(); ++i) ASSERT_EQ(seqs[i], seqs[i - 1] + 1) << "seq has a gap or a twin";

  stop(a);
  stop(b);
}

TEST_F(PostgresServer, ACoreKilledMidBurstLosesNothingAcknowledgedAndTheOtherGoesOn) {
  ServerProcess a(options("a.log"));
  auto b = std::make_unique<ServerProcess>(options("b.log"));
  a.client().initialize();
  b->client().initialize();
  std::string pid = a.client().result("grove/project/create", {{"title", "kill"}})["id"];
  json root = a.client().result("grove/unit/append",
                                {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", "root"}});
  std::vector<json> heard;
  std::map<std::string, json> acknowledged;
  std::thread burst([&] { acknowledged = appendMany(b->client(), pid, root["id"], "b", 2000, 32, heard); });
  // Kill B once it has acknowledged some, while more are in flight.
  a.client().waitForNotification(
      [&](const json& n) { return n.value("method", "") == "grove/project/didChange" && n["params"]["revision"] >= 60; },
      std::chrono::seconds(30));
  b->kill();
  burst.join();
  ASSERT_GE(acknowledged.size(), 1u);
  ASSERT_LT(acknowledged.size(), 2000u) << "the kill came after the burst";
  json units = a.client().result("grove/project/get", {{"projectId", pid}})["units"];
  std::map<std::string, json> stored;
  for (const auto& u : units) stored.emplace(u["content"].get<std::string>(), u);
  for (const auto& [content, unit] : acknowledged) {
    ASSERT_TRUE(stored.count(content)) << content << " was acknowledged by the killed core and is lost";
    EXPECT_EQ(stored[content]["id"], unit["id"]);
  }
  // The surviving core goes on with the project, and a new core joins.
  a.client().result("grove/unit/append", {{"projectId", pid}, {"parentId", root["id"]}, {"role", "user"}, {"content", "after"}});
  ServerProcess c(options("c.log"));
  c.client().initialize();
  EXPECT_EQ(c.client().result("grove/project/get", {{"projectId", pid}})["units"].size(), stored.size() + 1);
  stop(a);
  stop(c);
}

TEST_F(PostgresServer, MigrateStoreCopiesASqliteStoreIntoPostgresAndBackVerified) {
  using namespace std::string_literals;
  const std::string source = dir.file("source.db"), back = dir.file("back.db");
  const std::string tricky = "nul\0inside, émoji 🌳"s;
  json before, board;
  std::string pid;
  {
    ServerProcess srv(source);
    RpcClient& rpc = srv.client();
    rpc.initialize();
    pid = rpc.result("grove/project/create", {{"title", "moving"}, {"workspaceUri", "file:///w"}})["id"];
    json q = rpc.result("grove/unit/append",
                        {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", tricky}});
    json a = rpc.result("grove/unit/append", {{"projectId", pid}, {"parentId", q["id"]}, {"role", "assistant"},
                                              {"content", "pgbouncer in transaction mode"}});
    rpc.result("grove/unit/edit", {{"unitId", a["id"]}, {"content", "pgbouncer in transaction mode, pool 20"}});
    rpc.result("grove/board/capture", {{"workspaceUri", "file:///w"}, {"content", "Keep the pool small."}});
    before = rpc.result("grove/project/get", {{"projectId", pid}});
    board = rpc.result("grove/board/get", {{"workspaceUri", "file:///w"}});
    stop(srv);
  }
  auto there = ServerProcess::run({"--migrate-store", source, url, "--db-schema", schema});
  ASSERT_EQ(there.exitCode, 0) << there.err;
  EXPECT_NE(there.out.find("every table read back with the same count and checksum"), std::string::npos) << there.out;
  {
    ServerProcess srv(options("pg.log"));
    RpcClient& rpc = srv.client();
    rpc.initialize();
    EXPECT_EQ(rpc.result("grove/project/get", {{"projectId", pid}}), before);
    EXPECT_EQ(rpc.result("grove/board/get", {{"workspaceUri", "file:///w"}}), board);
    EXPECT_EQ(rpc.result("grove/search", {{"query", "pgbouncer"}})["hits"].size(), 1u);
    // New rows go on after the copied ones (identity columns restarted).
    rpc.result("grove/unit/edit", {{"unitId", before["units"][1]["id"]}, {"content", "pool 30"}});
    before = rpc.result("grove/project/get", {{"projectId", pid}});
    stop(srv);
  }
  // A store that already holds projects is not a destination.
  auto again = ServerProcess::run({"--migrate-store", source, url, "--db-schema", schema});
  EXPECT_EQ(again.exitCode, 1);
  EXPECT_NE(again.err.find("migrate into an empty store"), std::string::npos) << again.err;
  // And back into a new file.
  auto home = ServerProcess::run({"--migrate-store", url, back, "--db-schema", schema});
  ASSERT_EQ(home.exitCode, 0) << home.err;
  ServerProcess srv(back);
  RpcClient& rpc = srv.client();
  rpc.initialize();
  EXPECT_EQ(rpc.result("grove/project/get", {{"projectId", pid}}), before);
  EXPECT_EQ(rpc.result("grove/search", {{"query", "pool"}})["hits"].size(), 1u) << "the file's search index is rebuilt";
  EXPECT_EQ(rpc.result("grove/unit/revisions", {{"unitId", before["units"][1]["id"]}})["revisions"].size(), 2u);
  stop(srv);
}

TEST_F(PostgresServer, ExportAndImportRunAsOneMoreCoreOnTheDatabase) {
  ServerProcess srv(options("serving.log"));
  RpcClient& rpc = srv.client();
  rpc.initialize();
  std::string pid = rpc.result("grove/project/create", {{"title", "exported"}})["id"];
  rpc.result("grove/unit/append",
             {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", "how do we shard?"}});
  // While the first core serves, the command is a second one on the database.
  auto md = ServerProcess::run({"--db", url, "--db-schema", schema, "--export", pid, "--format", "markdown"});
  ASSERT_EQ(md.exitCode, 0) << md.err;
  EXPECT_NE(md.out.find("how do we shard?"), std::string::npos) << md.out;
  auto bundle = ServerProcess::run({"--db", url, "--db-schema", schema, "--export", pid, "--format", "json"});
  ASSERT_EQ(bundle.exitCode, 0) << bundle.err;
  const std::string file = dir.file("bundle.json");
  std::ofstream(file) << bundle.out;
  auto in = ServerProcess::run({"--db", url, "--db-schema", schema + "_copy", "--import", "grove", file});
  ASSERT_EQ(in.exitCode, 0) << in.err;
  EXPECT_NE(in.out.find("total: 1 projects (1 new)"), std::string::npos) << in.out;
  stop(srv);
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
  auto socket = ServerProcess::run({"--db", url, "--print-socket"});
  EXPECT_EQ(socket.exitCode, 2);
  EXPECT_NE(socket.err.find("over --listen"), std::string::npos) << socket.err;
}

TEST_F(PostgresServer, APersonalTokenInTheDatabaseCountsOnEveryCoreAndItsRevocationToo) {
  // DESIGN §12: tokens live in the store, so every core on one database
  // shares them; a revocation refuses new connections on every core
  // without a restart.
  auto token = [&](std::vector<std::string> args) {
    std::vector<std::string> all{"--db", url, "--db-schema", schema};
    all.insert(all.end(), args.begin(), args.end());
    return ServerProcess::run(all);
  };
  auto added = token({"--token-add", "ana"});
  ASSERT_EQ(added.exitCode, 0) << added.err;
  const std::string ana = added.out.substr(0, added.out.find('\n'));
  ASSERT_EQ(ana.rfind("grove_", 0), 0u) << added.out;
  ASSERT_EQ(token({"--token-add", "ben"}).exitCode, 0);
  auto listed = token({"--token-list"});
  EXPECT_NE(listed.out.find("ana\t"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("ben\t"), std::string::npos) << listed.out;
  EXPECT_EQ(listed.out.find(ana), std::string::npos) << "--token-list shows a token";

  const int portA = freeLoopbackPort(), portB = freeLoopbackPort();
  ServerProcess a(options("a.log", {"--listen", "127.0.0.1:" + std::to_string(portA)}));
  ServerProcess b(options("b.log", {"--listen", "127.0.0.1:" + std::to_string(portB)}));
  a.client().initialize();  // TCP listens before stdio is served
  b.client().initialize();
  for (int port : {portA, portB}) {
    auto withToken = connectTcp(port);
    json ok = initializeWith(*withToken, "ana-editor", {{"token", ana}});
    ASSERT_TRUE(isResult(ok)) << "port " << port << ": " << ok.dump();
    auto without = connectTcp(port);
    EXPECT_TRUE(isError(initializeWith(*without, "stranger", json::object()), 1004))
        << "a core let in a client without a token while the database holds tokens";
  }
  // Changes are credited to the token's name on the core it reached.
  auto client = connectTcp(portB);
  ASSERT_TRUE(isResult(initializeWith(*client, "ana-editor", {{"token", ana}})));
  json clients = b.client().result("grove/server/clients")["clients"];
  EXPECT_NE(clients.dump().find("\"user\":\"ana\""), std::string::npos) << clients.dump();

  auto revoked = token({"--token-revoke", "ana"});
  ASSERT_EQ(revoked.exitCode, 0) << revoked.err;
  for (int port : {portA, portB}) {
    auto after = connectTcp(port);
    EXPECT_TRUE(isError(initializeWith(*after, "ana-editor", {{"token", ana}}), 1004))
        << "port " << port << " still accepts a revoked token";
  }
  EXPECT_EQ(token({"--token-revoke", "ana"}).exitCode, 1) << "revoking a name twice";
  EXPECT_EQ(a.stderrText().find(ana), std::string::npos) << "the token reached a log";
  EXPECT_EQ(b.stderrText().find(ana), std::string::npos) << "the token reached a log";
}

}  // namespace
}  // namespace grove::test
