// No silent drops: a client that sends 50,000 requests and reads nothing
// while it sends is not served more than it reads (backpressure). Once it
// reads, every request gets its reply, on a connection that stayed open;
// the core's memory stays bounded meanwhile, and another client is served.
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <optional>
#include <thread>

#include "Framing.h"
#include "SecurityFixture.h"
#include "SocketClient.h"

namespace grove::test {
namespace {

using Flood = SecurityFixture;

constexpr int kRequests = 50'000;

// Floods `fd` (initialized) with kRequests reads of `unitId` without reading
// until the sender is held back, serving `other` meanwhile; then reads and
// checks every reply arrives, in order.
void floodThenRead(CoreChild& core, int fd, RpcClient& other, const std::string& unitId) {
  std::atomic<long long> sent{0};
  std::atomic<bool> writing{true};
  std::thread writer([&] {
    std::string burst;
    for (int i = 1; i <= kRequests; ++i) {
      json req{{"jsonrpc", "2.0"}, {"id", i}, {"method", "grove/unit/get"}, {"params", {{"unitId", unitId}}}};
      burst += frame(req.dump());
      if (burst.size() < 65536 && i < kRequests) continue;
      if (!sendAll(fd, burst)) break;
      sent += static_cast<long long>(burst.size());
      burst.clear();
    }
    writing = false;
  });

  // The client reads nothing until its writer is done or held back (no
  // progress for a second), and then for three seconds more, as a client
  // busy elsewhere would: long enough for a core that queues everything to
  // queue past any bound. Meanwhile another client is served.
  using Clock = std::chrono::steady_clock;
  long long last = -1;
  auto still = Clock::now();
  std::optional<Clock::time_point> heldSince;
  for (;;) {
    auto now = Clock::now();
    if (sent != last) {
      last = sent;
      still = now;
    }
    if (!heldSince && (!writing || now - still >= std::chrono::seconds(1))) heldSince = now;
    if (heldSince && now - *heldSince >= std::chrono::seconds(3)) break;
    // No ASSERT while the writer runs: it must be joined below.
    json reply;
    try {
      reply = other.call("grove/project/list");
    } catch (const std::exception& e) {
      reply = {{"error", e.what()}};
    }
    EXPECT_TRUE(reply.contains("result")) << "another client was not served during the flood: " << reply.dump();
    if (!reply.contains("result")) break;
  }
  long peakKiB = core.peakRssKiB();

  // Now read: every request is answered, in order, on the same connection.
  FrameParser parser;
  int answered = 0;
  char buf[65536];
  // Bounded: replies flow steadily once it reads; ten quiet seconds mean
  // the rest are not coming.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  auto quietSince = std::chrono::steady_clock::now();
  bool inOrder = true;
  while (inOrder && answered < kRequests && std::chrono::steady_clock::now() < deadline &&
         std::chrono::steady_clock::now() - quietSince < std::chrono::seconds(10)) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 1000) == 0) continue;
    quietSince = std::chrono::steady_clock::now();
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    parser.feed(std::string_view(buf, static_cast<size_t>(n)));
    while (auto body = parser.next()) {
      json msg = json::parse(*body);
      if (!msg.contains("id")) continue;  // a notification
      inOrder = inOrder && msg["id"] == answered + 1 && msg.contains("result");
      EXPECT_TRUE(inOrder) << "reply " << answered + 1 << " is missing, out of order or an error: " << msg.dump();
      if (!inOrder) break;
      ++answered;
    }
  }
  ::shutdown(fd, SHUT_RDWR);  // a writer still blocked (replies missing) must not hang the test
  writer.join();
  ::close(fd);
  EXPECT_EQ(answered, kRequests) << "replies were dropped; log: " << core.stderrText();
  // Bounded: far below the 100 MB the replies add up to.
  EXPECT_LT(core.peakRssKiB(), 100 * 1024) << "peak during the flood " << peakKiB << " KiB";
  std::printf("[ figures  ] core peak RSS %ld KiB while the flood was held back\n", peakKiB);
}

// A connected raw socket, initialized through a throwaway RpcClient on
// copies of it (an RpcClient reads as it writes: the flood must not).
int initialized(int fd) {
  if (fd < 0) return -1;
  RpcClient handshake(::dup(fd), ::dup(fd));
  if (!initializeWith(handshake, "raw flooder", json::object()).contains("result")) return -1;
  return fd;
}

// Each reply carries a 2 KB unit: 50,000 of them are over 100 MB, more than
// any bound a core may queue for one client.
TEST_F(Flood, AnUnreadFloodOverTcpIsHeldBackThenAnsweredInFull) {
  std::string unitId = makeStore(1, 2000);
  int port = 0;
  auto core = startTeamCore(port);
  auto other = connectTcp(port);
  ASSERT_TRUE(initializeWith(*other, "other", json::object()).contains("result"));
  int fd = initialized(connectLoopback(port));
  ASSERT_GE(fd, 0);
  floodThenRead(*core, fd, *other, unitId);
}

TEST_F(Flood, AnUnreadFloodOverTheUnixSocketIsHeldBackThenAnsweredInFull) {
  std::string unitId = makeStore(1, 2000);
  auto core = start("owner");
  core->client().initialize("owner editor");
  std::string log = core->stderrText();
  auto at = log.find("(socket ");
  ASSERT_NE(at, std::string::npos) << log;
  std::string socket = log.substr(at + 8, log.find(')', at) - at - 8);
  int fd = initialized(connectUnixSocket(socket));
  ASSERT_GE(fd, 0);
  floodThenRead(*core, fd, core->client(), unitId);
}

}  // namespace
}  // namespace grove::test
