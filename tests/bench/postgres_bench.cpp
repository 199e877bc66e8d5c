// grove_postgres_bench: issue 19's PostgreSQL targets, against two real
// grove-server instances on one database (a throwaway server started by
// tests/support/postgres-server), clients over loopback TCP. Prints
//   1. acknowledged appends/s from 8 clients, 4 on each instance, pipelined,
//      (a) each on a project of its own, (b) on two projects shared across
//      the instances;
//   2. didChange latency from an append on instance A to a client of B;
//   3. grove/scope/preview at the tip of a 1,000-unit path in a project of
//      --units units (100 paths of 1,000 by default), warm and first.
//
// usage: grove_postgres_bench [--units N] [--appends N] [--synchronous-commit on|off]
//
// --synchronous-commit off runs the cores' sessions with PostgreSQL's
// synchronous_commit off (through PGOPTIONS): a commit returns before its
// WAL is flushed, which a crash of the database server (not of a core) can
// lose, as SQLite's default synchronous=NORMAL can lose the last commits to
// a power cut. The default, on, is the database's own.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "CoreChild.h"
#include "RawSocket.h"
#include "ServerProcess.h"
#include "Stats.h"
#include "TempDir.h"

using namespace grove;
using namespace grove::test;
using bench::Clock;
using nlohmann::json;

namespace {

const std::string kScript = std::string(GROVE_SOURCE_DIR) + "/tests/support/postgres-server";

// The throwaway PostgreSQL server, stopped when this goes away.
struct Postgres {
  std::string state;
  std::string url;
  explicit Postgres(const std::string& dir) : state(dir + "/pg.conninfo") {
    if (std::system((kScript + " start " + state).c_str()) != 0) throw std::runtime_error("postgres did not start");
    std::ifstream in(state);
    std::getline(in, url);
  }
  ~Postgres() { (void)!std::system((kScript + " stop " + state).c_str()); }
};

struct Core {
  std::unique_ptr<CoreChild> child;
  int port = 0;
};

std::string synchronousCommit = "on";

Core startCore(const std::string& url, const std::string& log) {
  CoreChild::Options o;
  o.args = {"--db", url, "--db-schema", "bench", "--no-stdio", "--listen", "127.0.0.1:0"};
  o.env = {{"PGOPTIONS", "-c synchronous_commit=" + synchronousCommit + (std::getenv("BENCH_PGLOG") ? " -c log_statement=all" : "")}};
  o.stderrPath = log;
  Core c;
  c.child = std::make_unique<CoreChild>(o);
  if (!c.child->waitForLog("serving TCP on 127.0.0.1:", std::chrono::seconds(30)))
    throw std::runtime_error("a core did not start listening: " + c.child->stderrText());
  std::string text = c.child->stderrText();
  auto at = text.find("serving TCP on 127.0.0.1:") + 25;
  c.port = std::atoi(text.c_str() + at);
  return c;
}

std::unique_ptr<RpcClient> connect(int port) {
  int fd = connectLoopback(port);
  if (fd < 0) throw std::runtime_error("cannot connect");
  int other = ::dup(fd);
  auto c = std::make_unique<RpcClient>(fd, other);
  c->initialize();
  return c;
}

// Pipelined appends under `parent`, 32 in flight; returns how many were acknowledged.
size_t appendMany(RpcClient& c, const std::string& pid, const std::string& parent, int count) {
  std::deque<json> inFlight;
  size_t ok = 0;
  auto settle = [&] {
    json reply = c.waitResponse(inFlight.front(), std::chrono::seconds(120));
    inFlight.pop_front();
    if (reply.contains("result")) ++ok;
  };
  for (int i = 0; i < count; ++i) {
    inFlight.push_back(c.send("grove/unit/append", {{"projectId", pid}, {"parentId", parent},
                                                   {"role", i % 2 ? "assistant" : "user"},
                                                   {"content", "message " + std::to_string(i) + " of a burst"}}));
    if (inFlight.size() >= 32) settle();
    if (i % 64 == 0) c.takeNotifications();
  }
  while (!inFlight.empty()) settle();
  c.takeNotifications();
  return ok;
}

std::string createProject(RpcClient& c, const std::string& title) {
  return c.result("grove/project/create", {{"title", title}})["id"];
}
std::string appendOne(RpcClient& c, const std::string& pid, const json& parent, const std::string& text) {
  return c.result("grove/unit/append", {{"projectId", pid}, {"parentId", parent}, {"role", "user"}, {"content", text}})["id"];
}

void throughput(std::vector<std::unique_ptr<RpcClient>>& clients, bool shared, int each) {
  std::vector<std::string> pids(clients.size()), roots(clients.size());
  for (size_t i = 0; i < clients.size(); ++i) {
    if (shared && i >= 2) {
      pids[i] = pids[i % 2];
      roots[i] = roots[i % 2];
      continue;
    }
    pids[i] = createProject(*clients[i], "load " + std::to_string(i));
    roots[i] = appendOne(*clients[i], pids[i], nullptr, "root");
  }
  std::atomic<size_t> acknowledged{0};
  auto start = Clock::now();
  std::vector<std::thread> threads;
  for (size_t i = 0; i < clients.size(); ++i)
    threads.emplace_back([&, i] { acknowledged += appendMany(*clients[i], pids[i], roots[i], each); });
  for (auto& t : threads) t.join();
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("[ postgres ] appends, 8 clients over 2 instances, %s: %zu of %zu acknowledged in %.2f s = %.0f /s "
              "(target >= 3,000)\n",
              shared ? "2 projects shared across the instances" : "a project each", acknowledged.load(),
              clients.size() * each, seconds, double(acknowledged) / seconds);
}

}  // namespace

int main(int argc, char** argv) {
  int units = 100000, appends = 1000;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--units") units = std::atoi(argv[i + 1]);
    if (a == "--appends") appends = std::atoi(argv[i + 1]);
    if (a == "--synchronous-commit") synchronousCommit = argv[i + 1];
  }
  TempDir dir;
  Postgres pg(dir.path());
  Core a = startCore(pg.url, dir.file("a.log")), b = startCore(pg.url, dir.file("b.log"));
  std::printf("[ postgres ] two instances on PostgreSQL, synchronous_commit %s\n", synchronousCommit.c_str());

  // 1. Throughput.
  {
    std::vector<std::unique_ptr<RpcClient>> clients;
    for (int i = 0; i < 8; ++i) clients.push_back(connect(i % 2 ? b.port : a.port));
    throughput(clients, false, appends);
    throughput(clients, true, appends);
  }

  // 2. didChange from A to a client of B.
  {
    auto onA = connect(a.port), onB = connect(b.port);
    std::string pid = createProject(*onA, "latency");
    std::string parent = appendOne(*onA, pid, nullptr, "root");
    std::vector<double> ms;
    for (int i = 0; i < 200; ++i) {
      onB->takeNotifications();
      auto sent = Clock::now();
      parent = appendOne(*onA, pid, parent, "ping " + std::to_string(i));
      auto heard = onB->waitForNotification(
          [&](const json& n) {
            return n.value("method", "") == "grove/project/didChange" && n["params"]["unitIds"].size() == 1 &&
                   n["params"]["unitIds"][0] == parent;
          },
          std::chrono::seconds(5));
      if (heard) ms.push_back(bench::micros(Clock::now() - sent) / 1000.0);
    }
    auto s = bench::summarize(ms);
    std::printf("[ postgres ] didChange from an append on A to a client of B (%zu of 200 heard): p50 %.2f ms, "
                "p99 %.2f ms (target p50 < 20 ms; includes the append's own round trip)\n",
                ms.size(), s.median, s.p99);
  }

  // 3. Preview at the tip of a 1,000-unit path among `units` units.
  {
    auto c = connect(a.port);
    std::string pid = createProject(*c, "big");
    const int perPath = 1000, paths = std::max(1, units / perPath);
    auto start = Clock::now();
    std::string root = appendOne(*c, pid, nullptr, "root");
    std::string tip;
    // Paths are built one unit at a time (each names its parent), so four
    // clients build four paths at once.
    std::vector<std::unique_ptr<RpcClient>> builders;
    for (int i = 0; i < 4; ++i) builders.push_back(connect(a.port));
    std::vector<std::string> tips(paths);
    std::atomic<int> next{0};
    std::vector<std::thread> threads;
    for (auto& bld : builders)
      threads.emplace_back([&, cl = bld.get()] {
        for (int p; (p = next++) < paths;) {
          std::string parent = root;
          for (int k = 1; k < perPath; ++k)
            parent = appendOne(*cl, pid, parent, "path " + std::to_string(p) + " unit " + std::to_string(k) +
                                                     ": a sentence of ordinary length about the work at hand");
          tips[p] = parent;
          cl->takeNotifications();
        }
      });
    for (auto& t : threads) t.join();
    double built = std::chrono::duration<double>(Clock::now() - start).count();
    tip = tips[paths / 2];
    auto fresh = connect(b.port);  // B has never read this project
    auto t0 = Clock::now();
    fresh->result("grove/scope/preview", {{"projectId", pid}, {"cursorId", tip}});
    double first = bench::micros(Clock::now() - t0) / 1000.0;
    std::vector<double> warm;
    for (int i = 0; i < 50; ++i) {
      auto t = Clock::now();
      fresh->result("grove/scope/preview", {{"projectId", pid}, {"cursorId", tip}});
      warm.push_back(bench::micros(Clock::now() - t) / 1000.0);
    }
    auto s = bench::summarize(warm);
    std::printf("[ postgres ] preview at the tip of a %d-unit path in a %d-unit project (built in %.1f s): first "
                "%.2f ms, warm p50 %.2f ms, p99 %.2f ms (target < 10 ms)\n",
                perPath, paths * perPath, built, first, s.median, s.p99);
  }
  return 0;
}
