// Eight editors appending at once to one core (the owner's own editor and
// seven relayed ones), 1,000 appends each, pipelined: every acknowledged
// append is stored exactly once, and seq stays unique and gap-free per
// project. Prints the combined rate.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <map>
#include <thread>

#include "SharedStore.h"

namespace grove::test {
namespace {

using ConcurrentAppends = SharedStore;
using Clock = std::chrono::steady_clock;

constexpr int kClients = 8;
constexpr int kAppendsEach = 1000;
constexpr size_t kWindow = 32;  // requests in flight per client

struct ClientRun {
  std::string projectId, parentId, tag;
  std::map<std::string, json> acknowledged;  // content -> the Unit the reply carried
  std::vector<std::string> failures;
  Clock::time_point finished;  // when its last append was answered
};

// One editor's appends: up to kWindow requests in flight, replies in any order.
// Then it goes on reading (as an editor does) until all eight are done, so
// no client that stopped reading holds up the core.
void appendMany(RpcClient& c, ClientRun& run, std::atomic<int>& done) {
  std::deque<std::pair<json, std::string>> inFlight;
  auto settleOldest = [&] {
    auto [id, content] = inFlight.front();
    inFlight.pop_front();
    json reply = c.waitResponse(id, std::chrono::seconds(60));
    if (reply.contains("result") && reply["result"].value("content", "") == content)
      run.acknowledged.emplace(content, reply["result"]);
    else
      run.failures.push_back(content + ": " + reply.dump());
  };
  try {
    for (int i = 0; i < kAppendsEach; ++i) {
      std::string content = run.tag + "#" + std::to_string(i);
      json id = c.send("grove/unit/append", {{"projectId", run.projectId}, {"parentId", run.parentId},
                                             {"role", i % 2 ? "assistant" : "user"}, {"content", content}});
      inFlight.emplace_back(id, content);
      if (inFlight.size() >= kWindow) settleOldest();
      if (i % 64 == 0) c.takeNotifications();  // every append is announced to all eight
    }
    while (!inFlight.empty()) settleOldest();
  } catch (const std::exception& e) {
    run.failures.push_back(std::string("client stopped: ") + e.what());
  }
  run.finished = Clock::now();
  ++done;
  while (done < kClients && !c.closed()) {
    c.waitForArrivals(c.arrivalCount() + 1, std::chrono::milliseconds(20));  // reads what comes
    c.takeNotifications();
  }
}

TEST_F(ConcurrentAppends, EightEditorsAppendingAtOnceLoseAndDuplicateNothing) {
  std::vector<std::unique_ptr<ServerProcess>> editors;
  for (int i = 0; i < kClients; ++i) {
    json init;
    editors.push_back(editor("editor-" + std::to_string(i), &init));
    ASSERT_EQ(coreInfo(init)["role"], i == 0 ? "owner" : "joined") << init.dump();
  }
  // Two projects, four editors on each.
  RpcClient& first = editors[0]->client();
  std::string projects[2], roots[2];
  for (int p = 0; p < 2; ++p) {
    projects[p] = createProject(first, "load " + std::to_string(p))["id"];
    roots[p] = append(first, projects[p], nullptr, "root " + std::to_string(p))["id"];
  }
  std::vector<ClientRun> runs(kClients);
  for (int i = 0; i < kClients; ++i)
    runs[i] = ClientRun{projects[i % 2], roots[i % 2], "editor-" + std::to_string(i), {}, {}, {}};

  auto start = Clock::now();
  std::atomic<int> done{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kClients; ++i)
    threads.emplace_back([&, i] { appendMany(editors[i]->client(), runs[i], done); });
  for (auto& t : threads) t.join();
  Clock::time_point last = start;
  for (const auto& run : runs) last = std::max(last, run.finished);
  double seconds = std::chrono::duration<double>(last - start).count();

  size_t acknowledged = 0;
  for (const auto& run : runs) {
    acknowledged += run.acknowledged.size();
    EXPECT_TRUE(run.failures.empty()) << run.tag << ": " << run.failures.size() << " failed, first: "
                                      << (run.failures.empty() ? "" : run.failures.front());
  }
  std::printf("[ share ] %d editors x %d appends (window %zu; %d of them through relays): %zu acknowledged in "
              "%.2f s = %.0f appends/s combined\n",
              kClients, kAppendsEach, kWindow, kClients - 1, acknowledged, seconds,
              static_cast<double>(acknowledged) / seconds);
  RecordProperty("appendsPerSecond", std::to_string(static_cast<double>(acknowledged) / seconds));
  EXPECT_EQ(acknowledged, static_cast<size_t>(kClients * kAppendsEach));

  for (int p = 0; p < 2; ++p) {
    json stored = SharedStore::units(first, projects[p]);
    std::map<std::string, json> byContent;
    std::vector<long long> seqs;
    for (const auto& u : stored) {
      std::string content = u["content"];
      EXPECT_TRUE(byContent.emplace(content, u).second) << "\"" << content << "\" is stored twice";
      seqs.push_back(u["seq"].get<long long>());
    }
    // Every append acknowledged to an editor of this project is there, as acknowledged.
    size_t expected = 1;  // the root
    for (const auto& run : runs) {
      if (run.projectId != projects[p]) continue;
      expected += run.acknowledged.size();
      for (const auto& [content, unit] : run.acknowledged) {
        auto it = byContent.find(content);
        if (it == byContent.end()) {
          ADD_FAILURE() << "acknowledged \"" << content << "\" is not stored";
          continue;
        }
        EXPECT_EQ(it->second["id"], unit["id"]);
        EXPECT_EQ(it->second["seq"], unit["seq"]);
      }
    }
    EXPECT_EQ(stored.size(), expected) << "project " << p << " holds appends nobody acknowledged";
    // seq: unique and gap-free within the project.
    std::sort(seqs.begin(), seqs.end());
    for (size_t i = 1; i < seqs.size(); ++i)
      if (seqs[i] != seqs[i - 1] + 1) {
        ADD_FAILURE() << "project " << p << ": seq " << seqs[i - 1] << " is followed by " << seqs[i];
        break;
      }
  }
  // Relays first, the owner last, so the owner never outlives its own editor
  // waiting for relays to leave.
  while (!editors.empty()) editors.pop_back();
}

}  // namespace
}  // namespace grove::test
