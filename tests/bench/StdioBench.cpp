#include "StdioBench.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "Corpus.h"
#include "RpcClient.h"
#include "ServerProcess.h"
#include "Stats.h"

namespace grove::bench {

using test::json;
using test::ServerProcess;

namespace {

long statusKb(int pid, const char* field) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind(field, 0) == 0) return std::atol(line.c_str() + std::strlen(field) + 1);
  return -1;
}

json previewParams(const std::string& project, const std::string& cursor) {
  return {{"projectId", project}, {"cursorId", cursor}, {"prompt", "next?"}};
}

}  // namespace

void runStdioBench(const std::string& corpusDb, const BuiltStore& s, const std::string& scratchDb,
                   bool quick) {
  std::printf("Over stdio (real grove-server child process):\n");
  // Open and first answer, from spawning the process to the preview reply.
  {
    auto a = Clock::now();
    ServerProcess server(corpusDb);
    server.client().initialize("bench");
    server.client().result("grove/scope/preview", previewParams(s.bigProject, s.bigPath1000));
    double ms = micros(Clock::now() - a) / 1000;
    row("open the store and answer the first preview (spawn included)", fmt("%.1f ms", ms),
        "target < 50 ms");
    long rss = statusKb(server.pid(), "VmRSS:");
    long hwm = statusKb(server.pid(), "VmHWM:");
    row("resident memory after it (RSS / peak)", fmt("%.1f MB", rss / 1024.0) + fmt(" / %.1f MB", hwm / 1024.0),
        "target < 64 MB");

    auto& c = server.client();
    auto big = measure(20, 300, [&] { c.result("grove/scope/preview", previewParams(s.bigProject, s.bigPath1000)); });
    auto small = measure(20, 300, [&] { c.result("grove/scope/preview", previewParams(s.smallProject, s.smallPath1000)); });
    row("preview round trip, 1,000-unit path in 100,000 units", fmt("%.1f us", big.median), "");
    row("preview round trip, 1,000-unit path in 1,000 units", fmt("%.1f us", small.median), "");
    row("=> ratio", fmt("%.2fx", big.median / small.median), "target <= 1.25x");

    for (int i = 0; i < 3; ++i)
      c.result("grove/scope/preview", previewParams(s.bigProject, s.bigPath10000));
    rss = statusKb(server.pid(), "VmRSS:");
    row("resident memory after previews of 100 / 1,000 / 10,000-unit paths", fmt("%.1f MB", rss / 1024.0), "");

    auto get = measure(1, 5, [&] { c.result("grove/project/get", {{"projectId", s.midProject}}); });
    row("project/get of 10,000 units over stdio", fmt("%.1f ms", get.median / 1000), "");

    json unit = c.result("grove/unit/get", {{"unitId", s.bigPath100}});
    auto rt = measure(200, 3000, [&] { c.result("grove/unit/get", {{"unitId", s.bigPath100}}); });
    // The baseline: the same request through a bare echo server.
    std::string self = ServerProcess::binary();
    std::string echo = self.substr(0, self.rfind("/lsp-server/")) + "/tests/bench/grove_echo_server";
    setenv("GROVE_SERVER", echo.c_str(), 1);
    double echoMedian = 0;
    {
      ServerProcess e(scratchDb + ".echo");
      auto er = measure(200, 3000, [&] {
        e.client().result("grove/unit/get", {{"unitId", s.bigPath100}});
      });
      echoMedian = er.median;
    }
    unsetenv("GROVE_SERVER");
    row("unit/get round trip", fmt("%.1f us", rt.median), "");
    row("bare C++ JSON-RPC echo round trip (same pipe, same JSON)", fmt("%.1f us", echoMedian), "");
    row("=> ratio", fmt("%.2fx", rt.median / echoMedian), "target <= 1.5x");
    (void)unit;
  }
  // Pipelined durable appends over stdio: a burst written at once.
  {
    ServerProcess server(scratchDb);
    auto& c = server.client();
    c.initialize("bench");
    std::string pid = c.result("grove/project/create", {{"title", "appends"}})["id"];
    std::string root = c.result("grove/unit/append", {{"projectId", pid}, {"parentId", nullptr},
                                                      {"role", "user"}, {"content", "root"}})["id"];
    uint64_t rng = 5;
    std::string text = filler(rng, 500);
    int n = quick ? 2000 : 20000;
    std::string burst;
    std::vector<json> ids;
    for (int i = 0; i < n; ++i) {
      json id;
      burst += c.requestFrame("grove/unit/append",
                              {{"projectId", pid}, {"parentId", root}, {"role", "user"}, {"content", text}},
                              &id);
      ids.push_back(id);
    }
    auto a = Clock::now();
    c.writeRaw(burst);
    for (const auto& id : ids) {
      json r = c.waitResponse(id);
      if (!r.contains("result")) {
        std::printf("  append failed: %s\n", r.dump().c_str());
        break;
      }
    }
    double secs = micros(Clock::now() - a) / 1e6;
    row("durable appends over stdio (pipelined burst)", fmt("%.0f /s", n / secs), "target >= 10,000 /s");
  }
}

}  // namespace grove::bench
