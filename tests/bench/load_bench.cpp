// grove_load_bench: 32 editors on one shared core (issue 14). The first
// grove-server owns the store; the other 31 join it over its Unix socket,
// as editors on one machine do. Each client works in a project of its own
// with a realistic mix — appends, scope previews, searches and streamed chat
// turns against grove-fake-provider — for 60 seconds (--quick: 5), then the
// program prints throughput and p50/p99 latency per method and checks that
// every acknowledged write is stored exactly once and nothing else is.
//
// Loopback and local sockets only; bounded by --seconds and a per-call
// deadline. Exit code 1 when a request failed or the check does not hold.
//
// usage: grove_load_bench [--quick] [--seconds N] [--clients N]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "ChatFixture.h"
#include "FakeProviderProcess.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace {

using nlohmann::json;
using grove::test::Millis;
using grove::test::RpcClient;
using grove::test::ServerProcess;
using Clock = std::chrono::steady_clock;

struct Options {
  int seconds = 60;
  int clients = 32;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--quick") {
      o.seconds = 5;
    } else if (a == "--seconds" && i + 1 < argc) {
      o.seconds = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--clients" && i + 1 < argc) {
      o.clients = std::clamp(std::atoi(argv[++i]), 1, 64);
    } else {
      std::fprintf(stderr, "usage: grove_load_bench [--quick] [--seconds N] [--clients N]\n");
      std::exit(2);
    }
  }
  return o;
}

// What one client did: latencies per method, its acknowledged unit ids (in
// order) with the unique token each carries, and its failures.
struct Record {
  std::string projectId;
  std::map<std::string, std::vector<double>> micros;
  std::vector<std::string> acked;
  std::vector<std::string> failures;
};

class Worker {
public:
  Worker(int index, RpcClient& rpc, Record& record) : index_(index), rpc_(rpc), rec_(record), rng_(index) {}

  void setUp() {
    rec_.projectId = rpc_.result("grove/project/create", {{"title", "load " + std::to_string(index_)}})["id"];
    // Structure suggestions on demand only: the mix below is what is measured.
    rpc_.result("grove/initiative/set", {{"projectId", rec_.projectId}, {"level", "on_demand"}});
  }

  void run(Clock::time_point until) {
    while (Clock::now() < until) {
      int roll = std::uniform_int_distribution<int>(0, 99)(rng_);
      if (roll < 50 || rec_.acked.empty()) append();
      else if (roll < 70) call("grove/scope/preview", {{"projectId", rec_.projectId}, {"cursorId", rec_.acked.back()}});
      else if (roll < 90) call("grove/search", {{"query", "token" + std::to_string(index_) + "x"}, {"limit", 10}});
      else chat();
      // Every client hears every change; only the count matters here.
      rpc_.takeNotifications();
    }
  }

private:
  std::string token() { return "token" + std::to_string(index_) + "x" + std::to_string(next_++); }
  json parent() const { return rec_.acked.empty() ? json() : json(rec_.acked.back()); }

  json call(const std::string& method, const json& params) {
    auto start = Clock::now();
    json reply;
    try {
      reply = rpc_.call(method, params, Millis(30000));
    } catch (const std::exception& e) {
      rec_.failures.push_back(method + ": " + e.what());
      return nullptr;
    }
    rec_.micros[method].push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    if (!reply.contains("result")) {
      rec_.failures.push_back(method + ": " + reply.dump());
      return nullptr;
    }
    return reply["result"];
  }

  void append() {
    json r = call("grove/unit/append", {{"projectId", rec_.projectId}, {"parentId", parent()}, {"role", "user"},
                                        {"content", "note " + token() + " about the load on the core"}});
    if (!r.is_null()) rec_.acked.push_back(r["id"]);
  }

  void chat() {
    json r = call("grove/chat/send", {{"projectId", rec_.projectId}, {"parentId", parent()},
                                      {"content", "question " + token()}});
    if (r.is_null()) return;
    rec_.acked.push_back(r["userUnit"]["id"]);
    rec_.acked.push_back(r["assistantUnit"]["id"]);
  }

  int index_;
  RpcClient& rpc_;
  Record& rec_;
  std::mt19937 rng_;
  int next_ = 0;
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  Options opt = parse(argc, argv);
  grove::test::TempDir dir;
  // A provider that streams its answer in pieces, a few ms apart, as real ones do.
  grove::fake_provider::FakeProviderProcess fake(json::array(
      {{{"chunks", {"The load ", "is spread ", "over one ", "core."}}, {"delayMs", 5}}}));
  std::filesystem::create_directories(dir.path() / "config" / "grove");
  std::ofstream(dir.path() / "config" / "grove" / "config.json")
      << grove::chat_test::singleProviderConfig("openai", fake.baseUrl()).dump(2);
  std::filesystem::create_directories(dir.path() / "run");

  auto start = [&](int i) {
    ServerProcess::Options o;
    o.dbPath = dir.file("grove.db");
    o.stderrPath = dir.file("server-" + std::to_string(i) + ".stderr");
    for (const char* name : {"GROVE_PROVIDER", "GROVE_MODEL", "GROVE_BASE_URL", "OPENAI_API_KEY",
                             "ANTHROPIC_API_KEY", "GROVE_DB", "GROVE_TOKEN", "XDG_DATA_HOME"})
      o.env.emplace_back(name, "");
    o.env.emplace_back("XDG_CONFIG_HOME", dir.file("config"));
    o.env.emplace_back("XDG_RUNTIME_DIR", dir.file("run"));
    o.env.emplace_back("HOME", dir.path().string());
    return std::make_unique<ServerProcess>(std::move(o));
  };

  std::vector<std::unique_ptr<ServerProcess>> servers;
  servers.push_back(start(0));  // the owner: initialized first, so the others join it
  servers[0]->client().initialize("load-0");
  for (int i = 1; i < opt.clients; ++i) servers.push_back(start(i));
  std::vector<Record> records(opt.clients);
  std::vector<std::unique_ptr<Worker>> workers;
  for (int i = 0; i < opt.clients; ++i) {
    if (i > 0) servers[i]->client().initialize("load-" + std::to_string(i));
    workers.push_back(std::make_unique<Worker>(i, servers[i]->client(), records[i]));
    workers.back()->setUp();
  }

  std::printf("grove_load_bench: %d clients (1 owner + %d joined over the Unix socket), %d s\n", opt.clients,
              opt.clients - 1, opt.seconds);
  auto began = Clock::now();
  auto until = began + std::chrono::seconds(opt.seconds);
  std::vector<std::thread> threads;
  for (auto& w : workers) threads.emplace_back([&w, until] { w->run(until); });
  for (auto& t : threads) t.join();
  double elapsed = std::chrono::duration<double>(Clock::now() - began).count();

  std::map<std::string, std::vector<double>> all;
  size_t failures = 0;
  for (const auto& r : records) {
    for (const auto& [m, v] : r.micros) all[m].insert(all[m].end(), v.begin(), v.end());
    failures += r.failures.size();
    for (size_t i = 0; i < r.failures.size() && i < 3; ++i) std::printf("  failure: %s\n", r.failures[i].c_str());
  }
  size_t total = 0;
  for (const auto& [m, v] : all) total += v.size();
  std::printf("\n  %-22s %9s %10s %10s %10s\n", "method", "requests", "per s", "p50 ms", "p99 ms");
  for (const auto& [m, v] : all)
    std::printf("  %-22s %9zu %10.1f %10.2f %10.2f\n", m.c_str(), v.size(), static_cast<double>(v.size()) / elapsed,
                percentile(v, 0.50) / 1000, percentile(v, 0.99) / 1000);
  std::printf("  %-22s %9zu %10.1f\n", "all", total, static_cast<double>(total) / elapsed);
  std::printf("  failed requests: %zu\n", failures);

  // Exactly once: each client's project holds its acknowledged units, each
  // once and in order, and nothing else.
  RpcClient& owner = servers[0]->client();
  size_t acked = 0, stored = 0, missing = 0, duplicated = 0, extra = 0;
  for (const auto& r : records) {
    json project = owner.result("grove/project/get", {{"projectId", r.projectId}}, Millis(30000));
    std::map<std::string, int> seen;
    for (const auto& u : project["units"]) ++seen[u["id"].get<std::string>()];
    stored += project["units"].size();
    acked += r.acked.size();
    for (const auto& id : r.acked) {
      auto it = seen.find(id);
      if (it == seen.end()) ++missing;
      else if (it->second > 1) ++duplicated;
    }
    std::set<std::string> ackedSet(r.acked.begin(), r.acked.end());
    for (const auto& [id, n] : seen)
      if (!ackedSet.count(id)) ++extra;
  }
  bool exactlyOnce = missing == 0 && duplicated == 0 && extra == 0 && acked == stored;
  std::printf("  exactly once: %s (%zu acknowledged units, %zu stored, %zu missing, %zu duplicated, %zu never acknowledged)\n",
              exactlyOnce ? "yes" : "NO", acked, stored, missing, duplicated, extra);
  for (auto& s : servers) s->client().closeWrite();
  for (auto& s : servers) s->waitExit(Millis(20000));
  return exactlyOnce && failures == 0 ? 0 : 1;
}
