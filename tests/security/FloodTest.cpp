// No silent drops: a client that sends 50,000 requests and reads nothing
// while it sends is not served more than it reads (backpressure). Once it
// reads, every request gets its reply, on a connection that stayed open;
// the core's memory stays bounded meanwhile, and another client is served.
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "Framing.h"
#include "SecurityFixture.h"
#include "SocketClient.h"

namespace grove::test {
namespace {

using Flood = SecurityFixture;

constexpr int kRequests = 50'000;

TEST_F(Flood, AnUnreadFloodIsHeldBackThenAnsweredInFull) {
  // Each reply carries a 2 KB unit: 50,000 of them are over 100 MB, more
  // than any bound a core may queue for one client.
  std::string unitId = makeStore(1, 2000);
  int port = 0;
  auto core = startTeamCore(port);
  auto other = connectTcp(port);
  ASSERT_TRUE(initializeWith(*other, "other", json::object()).contains("result"));
  int fd = connectLoopback(port);  // the flood goes through a raw socket: RpcClient reads as it writes
  ASSERT_GE(fd, 0);
  {
    RpcClient handshake(::dup(fd), ::dup(fd));
    ASSERT_TRUE(initializeWith(handshake, "raw flooder", json::object()).contains("result"));
  }

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

  // Until the writer is done or held back (no progress for a second), the
  // client reads nothing. Meanwhile another client is served.
  long long last = -1;
  auto still = std::chrono::steady_clock::now();
  while (writing && std::chrono::steady_clock::now() - still < std::chrono::seconds(1)) {
    if (sent != last) {
      last = sent;
      still = std::chrono::steady_clock::now();
    }
    json reply = other->call("grove/project/list");
    ASSERT_TRUE(reply.contains("result")) << "another client was not served during the flood";
  }
  long peakKiB = core->peakRssKiB();

  // Now read: every request is answered, in order, on the same connection.
  FrameParser parser;
  int answered = 0;
  char buf[65536];
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (answered < kRequests && std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 1000) == 0) continue;  // bounded by the deadline: never a hang
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    parser.feed(std::string_view(buf, static_cast<size_t>(n)));
    while (auto body = parser.next()) {
      json msg = json::parse(*body);
      if (!msg.contains("id")) continue;  // a notification
      ASSERT_EQ(msg["id"], answered + 1) << "a reply is missing or out of order";
      ASSERT_TRUE(msg.contains("result")) << msg.dump();
      ++answered;
    }
  }
  ::shutdown(fd, SHUT_RDWR);  // a writer still blocked (replies missing) must not hang the test
  writer.join();
  ::close(fd);
  EXPECT_EQ(answered, kRequests) << "replies were dropped; log: " << core->stderrText();
  // Bounded: far below the 100 MB the replies add up to.
  EXPECT_LT(core->peakRssKiB(), 100 * 1024) << "peak during the flood " << peakKiB << " KiB";
  std::printf("[ figures  ] core peak RSS %ld KiB while the flood was held back\n", peakKiB);
}

}  // namespace
}  // namespace grove::test
