// Crash recovery: SIGKILL the real server at a random moment during a burst
// of pipelined appends, restart it on the same store, and check that every
// append it acknowledged is there, unchanged, and that what survived is an
// unbroken prefix of what was sent (commits are atomic and in order).
//
// The seed is printed; GROVE_CRASH_SEED=<n> replays a run.
#include <gtest/gtest.h>

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

constexpr int kRounds = 4;
constexpr int kBurst = 3000;

std::string contentOf(int round, int i) {
  return "round " + std::to_string(round) + " unit " + std::to_string(i) +
         ": the quick brown fox jumps over the lazy dog";
}

struct Acked {
  std::string id;
  std::string content;
};

// Checks the store as a fresh server sees it.
void verify(RpcClient& rpc, const std::string& pid, const std::string& root,
            const std::vector<Acked>& acked, int roundsSent) {
  json got = rpc.result("grove/project/get", {{"projectId", pid}});
  std::map<std::string, json> byContent;
  std::set<int64_t> seqs;
  for (const auto& u : got["units"]) {
    EXPECT_TRUE(seqs.insert(u["seq"].get<int64_t>()).second) << "duplicate seq " << u["seq"];
    EXPECT_TRUE(byContent.emplace(u["content"], u).second) << "duplicate unit " << u.dump();
  }
  for (const auto& a : acked) {
    auto it = byContent.find(a.content);
    ASSERT_NE(it, byContent.end()) << "acknowledged append lost: " << a.id << " " << a.content;
    EXPECT_EQ(it->second["id"], a.id);
    EXPECT_EQ(it->second["parentId"], root);
  }
  // No holes: within each round, the survivors are units 0..k-1.
  for (int r = 0; r < roundsSent; ++r) {
    bool gap = false;
    for (int i = 0; i < kBurst; ++i) {
      bool present = byContent.count(contentOf(r, i)) > 0;
      if (!present) gap = true;
      EXPECT_FALSE(present && gap) << "round " << r << " unit " << i << " survived after a lost one";
      if (present && gap) break;
    }
  }
}

TEST(CrashRecovery, EveryAcknowledgedAppendSurvivesSigkill) {
  unsigned seed = std::random_device{}();
  if (const char* s = std::getenv("GROVE_CRASH_SEED")) seed = static_cast<unsigned>(std::stoul(s));
  RecordProperty("seed", std::to_string(seed));
  SCOPED_TRACE("GROVE_CRASH_SEED=" + std::to_string(seed));
  std::mt19937 rng(seed);

  TempDir dir;
  const std::string db = dir.file("grove.db");
  std::string pid, root;
  {
    ServerProcess srv(db);
    srv.client().initialize();
    pid = srv.client().result("grove/project/create", {{"title", "crash"}})["id"];
    root = srv.client().result("grove/unit/append", {{"projectId", pid}, {"parentId", nullptr},
                                                     {"role", "user"}, {"content", "root"}})["id"];
  }

  std::vector<Acked> acked;
  for (int round = 0; round < kRounds; ++round) {
    ServerProcess srv(db);
    RpcClient& rpc = srv.client();
    rpc.initialize();
    verify(rpc, pid, root, acked, round);
    if (HasFatalFailure()) return;

    std::vector<json> ids;
    std::string burst;
    for (int i = 0; i < kBurst; ++i) {
      json id;
      burst += rpc.requestFrame("grove/unit/append",
                                {{"projectId", pid}, {"parentId", root},
                                 {"role", i % 2 ? "assistant" : "user"}, {"content", contentOf(round, i)}},
                                &id);
      ids.push_back(id);
    }
    // Kill at a random moment while the appends flow: once a random number
    // of them has been acknowledged, with the rest still being written or
    // waiting in the pipe (the last frame written may be cut short).
    rpc.takeArrivalOrder();
    std::uniform_int_distribution<size_t> killAfter(1, kBurst * 3 / 4);
    size_t target = killAfter(rng);
    constexpr size_t kChunk = 8192;
    size_t written = 0;
    while (written < burst.size() && rpc.arrivalCount() < target) {
      size_t n = std::min(kChunk, burst.size() - written);
      rpc.writeRaw(burst.substr(written, n));
      written += n;
    }
    ASSERT_TRUE(rpc.waitForArrivals(target)) << "the server stopped answering";
    srv.kill();
    ASSERT_TRUE(rpc.waitClosed());  // replies written before the kill are still read

    int roundAcked = 0;
    for (int i = 0; i < kBurst; ++i) {
      auto reply = rpc.takeResponse(ids[i]);
      if (!reply) continue;
      ASSERT_TRUE(isResult(*reply));
      EXPECT_EQ((*reply)["result"]["content"], contentOf(round, i));
      acked.push_back({(*reply)["result"]["id"], contentOf(round, i)});
      ++roundAcked;
    }
    std::printf("[ crash    ] round %d: killed after %zu acks (%zu of %zu bytes written); "
                "%d of %d appends acknowledged in all\n",
                round, target, written, burst.size(), roundAcked, kBurst);
    std::fflush(stdout);
  }
  EXPECT_GT(acked.size(), 0u) << "no append was ever acknowledged: the test proved nothing";

  ServerProcess srv(db);
  srv.client().initialize();
  verify(srv.client(), pid, root, acked, kRounds);
  // The store still takes writes after all that.
  EXPECT_TRUE(isResult(srv.client().call("grove/unit/append", {{"projectId", pid}, {"parentId", root},
                                                               {"role", "user"}, {"content", "after"}})));
}

}  // namespace
}  // namespace grove::test
