// A connection's reader polls briefly for the next request before its thread
// sleeps (rpc::pollBriefly, Server::Options::readPollWindow): it must return
// at once when input is there, give up after its window when none comes,
// and a frame that arrives later is still read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "jsonrpc/BlockingRead.h"
#include "jsonrpc/FrameReader.h"

namespace grove::test {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

struct Pipe {
  int fds[2] = {-1, -1};
  Pipe() { EXPECT_EQ(::pipe(fds), 0); }
  ~Pipe() {
    ::close(fds[0]);
    ::close(fds[1]);
  }
  void write(const std::string& s) { ASSERT_EQ(::write(fds[1], s.data(), s.size()), static_cast<ssize_t>(s.size())); }
};

TEST(ReaderPoll, ReturnsAtOnceWhenInputIsWaiting) {
  Pipe p;
  p.write("x");
  auto start = Clock::now();
  rpc::pollBriefly(p.fds[0], 10s);
  EXPECT_LT(Clock::now() - start, 1s) << "input was there: the window must not be waited out";
}

TEST(ReaderPoll, GivesUpAfterItsWindow) {
  Pipe p;
  auto start = Clock::now();
  rpc::pollBriefly(p.fds[0], 3ms);
  auto took = Clock::now() - start;
  EXPECT_GE(took, 3ms);
  EXPECT_LT(took, 5s);
}

TEST(ReaderPoll, AFrameThatComesAfterTheWindowIsStillRead) {
  Pipe p;
  rpc::FrameReader reader(p.fds[0], 1 << 20);
  reader.setPollWindow(1ms);
  std::thread late([&] {
    std::this_thread::sleep_for(30ms);  // past the window: the reader sleeps in read(2)
    p.write("Content-Length: 2\r\n\r\n{}");
  });
  std::string body, error;
  EXPECT_EQ(reader.next(body, error), rpc::FrameReader::Result::Frame);
  EXPECT_EQ(body, "{}");
  late.join();
}

}  // namespace
}  // namespace grove::test
