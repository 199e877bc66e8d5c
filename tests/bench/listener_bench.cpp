// grove_listener_bench: issue 22's targets, against a real grove-server on
// loopback. Prints
//   1. a new client's first reply latency while S connections sit in the
//      middle of a header (slowloris);
//   2. another client's latency (p50/p99) while one client floods F
//      requests without reading, the core's memory meanwhile, and how many
//      of the flood's replies the flooder gets once it reads;
//   3. threads and memory of the core while it holds N idle TCP clients
//      (each initialized, then silent).
// Everything is bounded in count and time; nothing leaves loopback.
//
// usage: grove_listener_bench [--server PATH] [--idle N] [--slow N] [--flood N]
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "CoreChild.h"
#include "Framing.h"
#include "RawSocket.h"
#include "ServerProcess.h"
#include "Stats.h"
#include "TempDir.h"

using namespace grove;
using namespace grove::test;
using bench::Clock;
using nlohmann::json;

namespace {

struct Settings {
  std::string server;  // default: the grove-server this build made
  int idle = 10'000;
  int slow = 1'000;
  int flood = 50'000;
};

std::string request(int id, const std::string& method, const json& params) {
  return frame(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
}

std::string initializeFrame(const std::string& name) {
  return request(1, "initialize", {{"processId", nullptr}, {"clientInfo", {{"name", name}}},
                                   {"capabilities", json::object()}});
}

// One request and its reply (notifications before it are skipped).
json call(int fd, int id, const std::string& method, const json& params) {
  if (!sendAll(fd, request(id, method, params))) return nullptr;
  for (;;) {
    std::string body = readFrame(fd, Millis(10'000));
    if (body.empty()) return nullptr;
    json msg = json::parse(body, nullptr, false);
    if (msg.is_object() && msg.contains("id") && msg["id"] == id) return msg;
  }
}

// A connected, initialized client, or -1.
int client(int port, const std::string& name) {
  int fd = connectLoopback(port);
  if (fd < 0) return -1;
  if (!sendAll(fd, initializeFrame(name)) || readFrame(fd, Millis(10'000)).empty()) {
    ::close(fd);
    return -1;
  }
  sendAll(fd, frame(R"({"jsonrpc":"2.0","method":"initialized","params":{}})"));
  return fd;
}

void closeAll(std::vector<int>& fds) {
  for (int fd : fds) ::close(fd);
  fds.clear();
}

long long raiseOwnFileLimit() {
  rlimit r{};
  ::getrlimit(RLIMIT_NOFILE, &r);
  r.rlim_cur = r.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &r);
  return static_cast<long long>(r.rlim_cur);
}

// Holds `n` idle clients; prints what they cost the core.
void idleClients(CoreChild& core, int port, int n) {
  std::vector<int> fds;
  auto started = Clock::now();
  for (int i = 0; i < n && Clock::now() - started < std::chrono::seconds(120); ++i) {
    int fd = client(port, "idle");
    if (fd < 0) break;
    fds.push_back(fd);
  }
  std::printf("idle clients held:          %zu of %d (in %.1f s)\n", fds.size(), n,
              bench::micros(Clock::now() - started) / 1e6);
  std::printf("  core threads:             %ld\n", core.threads());
  std::printf("  core memory (RSS):        %.1f MB\n", core.rssKiB() / 1024.0);
  int fd = client(port, "one more");
  std::printf("  one more client served:   %s\n", fd >= 0 ? "yes" : "NO");
  if (fd >= 0) ::close(fd);
  closeAll(fds);
}

// First-reply latency of new clients while `n` connections send half a header.
void slowHeaders(int port, int n) {
  constexpr int kNewcomers = 50;
  std::vector<int> slow;
  for (int i = 0; i < n; ++i) {
    int fd = connectLoopback(port);
    if (fd < 0) break;
    sendAll(fd, "Content-Len");
    slow.push_back(fd);
  }
  std::vector<double> latency;
  for (int i = 0; i < kNewcomers; ++i) {
    auto t = Clock::now();
    int fd = client(port, "newcomer");
    if (fd < 0) break;
    latency.push_back(bench::micros(Clock::now() - t) / 1000.0);
    ::close(fd);
  }
  auto s = bench::summarize(latency);
  std::printf("slow-header connections:    %zu\n", slow.size());
  std::printf("  new client first reply:   median %.2f ms, p95 %.2f ms, max %.2f ms (%zu of %d served)\n",
              s.median, s.p95, s.max, latency.size(), kNewcomers);
  closeAll(slow);
}

// Another client's latency while one client floods without reading.
void unreadFlood(CoreChild& core, int port, int n) {
  int setup = client(port, "setup");
  json project = call(setup, 2, "grove/project/create", {{"title", "flood"}});
  json unit = call(setup, 3, "grove/unit/append",
                   {{"projectId", project["result"]["id"]}, {"parentId", nullptr}, {"role", "user"},
                    {"content", std::string(2000, 'f')}});
  std::string unitId = unit["result"]["id"];
  long baseKiB = core.rssKiB();

  int flooder = client(port, "flooder");
  int other = client(port, "other");
  std::atomic<bool> done{false};
  std::thread writer([&] {
    std::string burst;
    for (int i = 1; i <= n; ++i) {
      burst += request(1000 + i, "grove/unit/get", {{"unitId", unitId}});
      if (burst.size() < 65536 && i < n) continue;
      if (!sendAll(flooder, burst)) break;
      burst.clear();
    }
    done = true;
  });
  // The flooder reads nothing for 10 s; the other client works meanwhile.
  std::vector<double> latency;
  long peakKiB = baseKiB;
  auto started = Clock::now();
  for (int id = 10; Clock::now() - started < std::chrono::seconds(10); ++id) {
    auto t = Clock::now();
    if (!call(other, id, "grove/project/list", json::object()).is_object()) break;
    latency.push_back(bench::micros(Clock::now() - t) / 1000.0);
    peakKiB = std::max(peakKiB, core.rssKiB());
  }
  // Then it reads: how many of its replies does it get?
  FrameParser parser;
  int answered = 0;
  char buf[65536];
  auto quietSince = Clock::now();
  while (answered < n && Clock::now() - quietSince < std::chrono::seconds(5)) {
    pollfd p{flooder, POLLIN, 0};
    if (::poll(&p, 1, 200) <= 0) continue;
    ssize_t got = ::read(flooder, buf, sizeof buf);
    if (got <= 0) break;
    quietSince = Clock::now();
    parser.feed(std::string_view(buf, static_cast<size_t>(got)));
    while (auto b = parser.next())
      if (b->find("\"result\"") != std::string::npos) ++answered;
  }
  ::shutdown(flooder, SHUT_RDWR);
  writer.join();
  auto s = bench::summarize(latency);
  std::printf("unread flood of %d requests (2 KB replies, unread for 10 s):\n", n);
  std::printf("  other client:             %zu calls, p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
              latency.size(), s.median, s.p99, s.max);
  std::printf("  core memory:              %.1f MB before, %.1f MB peak (+%.1f MB)\n", baseKiB / 1024.0,
              peakKiB / 1024.0, (peakKiB - baseKiB) / 1024.0);
  std::printf("  flooder's replies:        %d of %d once it read%s\n", answered, n,
              answered == n ? "" : " (the rest never came on an open connection)");
  ::close(flooder);
  ::close(other);
  ::close(setup);
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--server") s.server = argv[i + 1];
    else if (a == "--idle") s.idle = std::atoi(argv[i + 1]);
    else if (a == "--slow") s.slow = std::atoi(argv[i + 1]);
    else if (a == "--flood") s.flood = std::atoi(argv[i + 1]);
    else {
      std::fprintf(stderr, "usage: grove_listener_bench [--server PATH] [--idle N] [--slow N] [--flood N]\n");
      return 2;
    }
  }
  long long limit = raiseOwnFileLimit();
  std::printf("open-file limit (bench and core): %lld; the bench needs %d, the core as many\n", limit,
              s.idle + 16);
  if (s.server.empty()) s.server = ServerProcess::binary();
  // ServerProcess (its --help run below) and CoreChild start this binary.
  ::setenv("GROVE_SERVER", s.server.c_str(), 1);
  std::printf("server: %s\n", s.server.c_str());
  TempDir dir;
  CoreChild::Options o;
  o.binary = s.server;
  o.args = {"--no-stdio", "--db", dir.file("grove.db"), "--listen", "127.0.0.1:0"};
  // Older servers know no limit flags; give this one room for the test.
  std::string help = ServerProcess::run({"--help"}).out;
  if (help.find("--max-connections") != std::string::npos)
    o.args.insert(o.args.end(), {"--max-connections", std::to_string(s.idle + s.slow + 64),
                                 "--max-connections-per-address", std::to_string(s.idle + s.slow + 64)});
  o.env = {{"XDG_RUNTIME_DIR", dir.file("")}, {"XDG_CONFIG_HOME", dir.file("config")},
           {"GROVE_TOKEN", ""}, {"GROVE_PROVIDER", ""}};
  o.stderrPath = dir.file("core.stderr");
  o.openFileLimit = limit;
  CoreChild core(o);
  if (!core.waitForLog("serving TCP on")) {
    std::fprintf(stderr, "the core did not start: %s\n", core.stderrText().c_str());
    return 1;
  }
  std::string log = core.stderrText();
  auto at = log.find("serving TCP on 127.0.0.1:");
  int port = std::atoi(log.c_str() + at + std::string("serving TCP on 127.0.0.1:").size());
  std::printf("core threads at start:      %ld\n", core.threads());
  // Cheapest first, so each phase starts from a quiet core: thousands of
  // clients leaving keep it busy for a moment.
  slowHeaders(port, s.slow);
  unreadFlood(core, port, s.flood);
  idleClients(core, port, s.idle);
  return 0;
}
