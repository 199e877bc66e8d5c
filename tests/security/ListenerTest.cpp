// The team core's TCP listener cannot be knocked over: running out of file
// descriptors is survived and accepting resumes when connections close;
// slow headers and connections that never authenticate are closed while
// others are served; limits per address hold; failed tokens slow their
// address down more each time. Loopback only, bounded in count and time.
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "SecurityFixture.h"
#include "SocketClient.h"

namespace grove::test {
namespace {

using Listener = SecurityFixture;
using Clock = std::chrono::steady_clock;

// Owns a set of raw connections and closes them.
struct Sockets {
  std::vector<int> fds;
  ~Sockets() { closeAll(); }
  void closeAll() {
    for (int fd : fds) ::close(fd);
    fds.clear();
  }
};

::testing::AssertionResult served(int port, const std::string& name, const json& options = json::object()) {
  try {
    auto client = connectTcp(port);
    json reply = initializeWith(*client, name, options);
    if (!reply.contains("result"))
      return ::testing::AssertionFailure() << "initialize was refused: " << reply.dump();
    json list = client->call("grove/project/list");
    if (!list.contains("result")) return ::testing::AssertionFailure() << list.dump();
    return ::testing::AssertionSuccess();
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << e.what();
  }
}

// The server learns that a client closed only when it reads the close, so
// for a moment after a client drops its connections they still count
// against the limits: ask again until it has caught up, or five seconds pass.
::testing::AssertionResult servedOnceClosesAreRead(int port, const std::string& name) {
  auto deadline = Clock::now() + std::chrono::seconds(5);
  auto again = served(port, name);
  while (!again && Clock::now() < deadline) again = served(port, name);
  return again;
}

// Far more connections than descriptors left: the kernel completes the
// handshakes (the listen backlog), the server must not stop accepting.
void storm(int port, Sockets& idle) {
  for (int i = 0; i < 150; ++i) {
    int fd = connectLoopback(port);
    if (fd >= 0) idle.fds.push_back(fd);
  }
}

TEST_F(Listener, AcceptSurvivesALowOpenFileLimitAndServesAgainWhenConnectionsClose) {
  CoreChild::Options o;
  o.openFileLimit = 96;  // the server's own files take a few dozen of these
  int port = 0;
  auto core = startTeamCore(port, {}, o);
  Sockets idle;
  storm(port, idle);
  // With the default --max-connections (sized to the descriptors) the
  // surplus is refused and logged; either way it is said.
  bool said = core->waitForLog("--max-connections") || core->waitForLog("accepting a TCP connection failed", Millis(0));
  EXPECT_TRUE(said) << "the storm left no trace in the log: " << core->stderrText();
  idle.closeAll();
  EXPECT_TRUE(servedOnceClosesAreRead(port, "after the storm")) << core->stderrText();
  EXPECT_FALSE(core->waitExit(Millis(0))) << "the core died";
}

TEST_F(Listener, AcceptErrorsFromRunningOutOfDescriptorsAreBackedOffAndRetried) {
  CoreChild::Options o;
  o.openFileLimit = 96;
  int port = 0;
  // A limit above the descriptors, so accept itself fails with EMFILE.
  auto core = startTeamCore(port, {"--max-connections", "10000", "--max-connections-per-address", "10000"}, o);
  Sockets idle;
  storm(port, idle);
  EXPECT_TRUE(core->waitForLog("accepting a TCP connection failed")) << "running out of descriptors was not logged: "
                                                                     << core->stderrText();
  idle.closeAll();
  EXPECT_TRUE(servedOnceClosesAreRead(port, "after the storm")) << core->stderrText();
  EXPECT_FALSE(core->waitExit(Millis(0))) << "the core died";
}

TEST_F(Listener, SlowHeadersAreClosedWhileOthersAreServed) {
  int port = 0;
  auto core = startTeamCore(port);  // the default header timeout: 5 s
  Sockets slow;
  for (int i = 0; i < 20; ++i) {
    int fd = connectLoopback(port);
    ASSERT_GE(fd, 0);
    slow.fds.push_back(fd);
  }
  // One header byte at a time, as a slowloris client sends them.
  const std::string header = "Content-Length: 2";
  for (int i = 0; i < 3; ++i)
    for (int fd : slow.fds) ASSERT_EQ(::send(fd, &header[i], 1, MSG_NOSIGNAL), 1);

  auto started = Clock::now();
  EXPECT_TRUE(served(port, "a teammate")) << core->stderrText();
  EXPECT_LT(Clock::now() - started, std::chrono::seconds(1)) << "the teammate waited on the slow clients";

  for (int fd : slow.fds)
    EXPECT_TRUE(waitPeerClosed(fd, Millis(10000))) << "a slow header was kept open";
  EXPECT_TRUE(core->waitForLog("incomplete")) << core->stderrText();
}

TEST_F(Listener, AConnectionThatNeverAuthenticatesIsClosed) {
  int port = 0;
  auto core = startTeamCore(port);  // the default authentication timeout: 10 s
  Sockets silent;
  silent.fds.push_back(connectLoopback(port));
  ASSERT_GE(silent.fds[0], 0);
  EXPECT_TRUE(waitPeerClosed(silent.fds[0], Millis(15000))) << "a silent connection was kept open";
  EXPECT_TRUE(core->waitForLog("did not authenticate")) << core->stderrText();
  EXPECT_TRUE(served(port, "a teammate"));
}

TEST_F(Listener, ConnectionsPerAddressAreLimited) {
  int port = 0;
  auto core = startTeamCore(port);  // the default: 64 per address
  Sockets held;
  for (int i = 0; i < 64; ++i) held.fds.push_back(connectLoopback(port));
  int extra = connectLoopback(port);
  ASSERT_GE(extra, 0);
  EXPECT_TRUE(waitPeerClosed(extra, Millis(5000))) << "a 65th connection from one address was kept";
  ::close(extra);
  EXPECT_TRUE(core->waitForLog("--max-connections-per-address")) << core->stderrText();
  held.closeAll();
  EXPECT_TRUE(servedOnceClosesAreRead(port, "after the others left")) << core->stderrText();
}

TEST_F(Listener, FailedTokensSlowTheirAddressDownExponentially) {
  const std::string token = "team-token-7f3a";
  int port = 0;
  CoreChild::Options o;
  o.env = {{"GROVE_TOKEN", token}};
  auto core = startTeamCore(port, {}, o);

  std::vector<Millis> took;
  for (int i = 0; i < 5; ++i) {
    auto started = Clock::now();
    auto client = connectTcp(port);
    json reply = initializeWith(*client, "guess", {{"token", "guess-" + std::to_string(i)}});
    EXPECT_TRUE(reply.contains("error")) << reply.dump();
    took.push_back(std::chrono::duration_cast<Millis>(Clock::now() - started));
    EXPECT_TRUE(client->waitClosed());
  }
  EXPECT_LT(took[0].count(), 500) << "the first attempt was slowed";
  // 250 ms, then 500, 1000, 2000: each attempt waits out the one before's penalty.
  EXPECT_GE(took[3].count(), 800) << "the fourth failure in a row was not slowed";
  EXPECT_GE(took[4].count(), 1600) << "the fifth failure in a row was not slowed";
  EXPECT_GT(took[4], took[2]) << "the delay does not grow";
  // The right token is still served (after the penalty), and forgives it.
  EXPECT_TRUE(served(port, "teammate", {{"token", token}})) << core->stderrText();
  auto started = Clock::now();
  EXPECT_TRUE(served(port, "teammate again", {{"token", token}}));
  EXPECT_LT(Clock::now() - started, std::chrono::seconds(1));
  EXPECT_EQ(core->stderrText().find(token), std::string::npos) << "the token reached the log";
}

// A teammate on TCP cannot make the core read files of the server's machine
// into the shared store; exporting what the store holds is allowed.
TEST_F(Listener, ImportIsRefusedToTcpClientsExportIsNot) {
  int port = 0;
  auto core = startTeamCore(port);
  auto client = connectTcp(port);
  ASSERT_TRUE(initializeWith(*client, "teammate", json::object()).contains("result"));
  json reply = client->call("grove/import/run", {{"kind", "claude-code"}, {"path", "/etc"}});
  EXPECT_TRUE(isInvalidOperation(reply, "localOnly")) << reply.dump();
  std::string projectId = client->result("grove/project/create", {{"title", "t"}})["id"];
  json exported = client->call("grove/export/run", {{"projectId", projectId}, {"format", "json"}});
  EXPECT_TRUE(isResult(exported)) << exported.dump();
}

}  // namespace
}  // namespace grove::test
