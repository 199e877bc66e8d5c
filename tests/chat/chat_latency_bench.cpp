// grove_chat_bench: the core's overhead per chat turn, measured from outside.
//
// With the fake provider answering at once (no delay, one chunk), it times
// from writing grove/chat/send to reading the first grove/chat/didStream,
// over a growing conversation of 200 turns, and prints the median against
// issue 3's target (< 2 ms median). The figure includes the loopback HTTP
// exchange with the fake, so it is an upper bound of the core's own share;
// the same exchange without Grove (a plain loopback POST to the fake, read to
// its end) is measured first and printed as the baseline.
//
//   grove_chat_bench [turns]       (GROVE_SERVER / GROVE_FAKE_PROVIDER as for the tests)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "FakeProvider.h"
#include "RpcClient.h"
#include "ServerProcess.h"
#include "TempDir.h"

using namespace grove;
using chat_test::FakeProviderProcess;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

bool isStream(const json& n) { return n.value("method", "") == "grove/chat/didStream"; }

}  // namespace

int main(int argc, char** argv) {
  const int turns = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
  const int warmup = 10;
  try {
    test::TempDir dir;
    FakeProviderProcess fake(json::array({{{"chunks", {"ok"}}}}));
    std::filesystem::create_directories(dir.path() / "config" / "grove");
    std::ofstream(dir.path() / "config" / "grove" / "config.json")
        << json{{"provider", "fake"},
                {"providers", {{{"name", "fake"}, {"kind", "openai"}, {"baseUrl", fake.baseUrl()}, {"model", "bench"}}}}}
               .dump();
    test::ServerProcess::Options options;
    options.dbPath = dir.file("grove.db");
    for (const char* name : {"GROVE_PROVIDER", "GROVE_MODEL", "GROVE_BASE_URL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"})
      options.env.emplace_back(name, "");
    options.env.emplace_back("XDG_CONFIG_HOME", dir.file("config"));
    test::ServerProcess server(options);
    test::RpcClient& rpc = server.client();
    rpc.initialize("grove-chat-bench");
    std::string projectId = rpc.result("grove/project/create", {{"title", "bench"}})["id"];

    std::vector<double> firstDeltaMs, turnMs;
    json parent = nullptr;
    for (int i = 0; i < warmup + turns; ++i) {
      auto start = Clock::now();
      json id = rpc.send("grove/chat/send", {{"projectId", projectId},
                                             {"parentId", parent},
                                             {"content", "Question number " + std::to_string(i) + "?"}});
      auto first = rpc.waitForNotification(isStream, std::chrono::milliseconds(10000));
      auto firstAt = Clock::now();
      json reply = rpc.waitResponse(id);
      auto doneAt = Clock::now();
      if (!first || !reply.contains("result")) {
        std::fprintf(stderr, "turn %d failed: %s\n", i, reply.dump().c_str());
        return 1;
      }
      rpc.takeNotifications();
      parent = reply["result"]["assistantUnit"]["id"];
      if (i < warmup) continue;
      firstDeltaMs.push_back(std::chrono::duration<double, std::milli>(firstAt - start).count());
      turnMs.push_back(std::chrono::duration<double, std::milli>(doneAt - start).count());
    }

    // Baseline: the fake provider alone, one streamed answer per POST.
    std::vector<double> baselineMs;
    const std::string body =
        json{{"model", "bench"}, {"stream", true}, {"messages", {{{"role", "user"}, {"content", "hi"}}}}}.dump();
    for (int i = 0; i < warmup + turns; ++i) {
      auto start = Clock::now();
      chat_test::HttpReply r = chat_test::httpExchange(fake.port(), "POST", "/v1/chat/completions", body);
      if (r.status != 200) throw std::runtime_error("the fake answered " + std::to_string(r.status));
      if (i >= warmup) baselineMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }

    const double median = percentile(firstDeltaMs, 0.5);
    const double baseline = percentile(baselineMs, 0.5);
    std::printf("chat turns: %d (after %d warm-up turns), conversation grows to %d units\n", turns, warmup,
                2 * (turns + warmup));
    std::printf("send -> first didStream: median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms\n", median,
                percentile(firstDeltaMs, 0.9), percentile(firstDeltaMs, 0.99), percentile(firstDeltaMs, 1.0));
    if (firstDeltaMs.size() >= 100) {
      // Does the overhead grow with the conversation (longer paths to resolve)?
      const size_t q = firstDeltaMs.size() / 4;
      std::vector<double> early(firstDeltaMs.begin(), firstDeltaMs.begin() + q),
          late(firstDeltaMs.end() - q, firstDeltaMs.end());
      std::printf("  first quarter of turns: median %.3f ms; last quarter: median %.3f ms\n", percentile(early, 0.5),
                  percentile(late, 0.5));
    }
    std::printf("send -> reply:           median %.3f ms, p90 %.3f ms\n", percentile(turnMs, 0.5),
                percentile(turnMs, 0.9));
    std::printf("baseline, the fake alone (POST -> whole streamed answer): median %.3f ms\n", baseline);
    std::printf("core share (median difference): about %.3f ms\n", median - baseline);
    std::printf("target: < 2 ms median: %s (%.3f ms)\n", median < 2.0 ? "met" : "NOT met", median);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove_chat_bench: %s\n", e.what());
    return 1;
  }
}
