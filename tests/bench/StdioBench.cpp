#include "StdioBench.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include <unistd.h>

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

// Bytes the process caused to be written to storage so far (/proc/PID/io).
long long writeBytes(int pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/io");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("write_bytes:", 0) == 0) return std::atoll(line.c_str() + 12);
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
  // Sequential acknowledged appends: a conversation of exchanges, each
  // append waiting for its reply, as an editor sends them. The bytes are
  // everything the server wrote to storage meanwhile (WAL, checkpoints, and
  // the memolet indexing that follows the appends), after it went quiet.
  {
    ServerProcess server(scratchDb);
    auto& c = server.client();
    c.initialize("bench");
    std::string pid = c.result("grove/project/create", {{"title", "sequential"}})["id"];
    std::string parent = c.result("grove/unit/append", {{"projectId", pid}, {"parentId", nullptr},
                                                        {"role", "system"}, {"content", "root"}})["id"];
    uint64_t rng = 11;
    std::vector<std::string> texts;
    for (int i = 0; i < 64; ++i) texts.push_back(filler(rng, i % 2 ? 700 : 150));
    int n = quick ? 2000 : 10000;
    long long before = writeBytes(server.pid());
    size_t textBytes = 0;
    std::vector<double> lat;
    lat.reserve(n);
    for (int i = 0; i < n; ++i) {
      const std::string& text = texts[i % texts.size()];
      textBytes += text.size();
      auto a = Clock::now();
      json r = c.call("grove/unit/append", {{"projectId", pid}, {"parentId", parent},
                                            {"role", i % 2 ? "assistant" : "user"}, {"content", text}});
      lat.push_back(micros(Clock::now() - a));
      if (!r.contains("result")) {
        std::printf("  append failed: %s\n", r.dump().c_str());
        break;
      }
      parent = r["result"]["id"];
    }
    // Every exchange indexed (a memolet read waits for that), then fsync'd
    // pages counted: write_bytes moves when the kernel writes them back.
    c.result("grove/memolet/list", {{"projectId", pid}});
    c.result("grove/server/methods", json::object());
    ::sync();
    long long after = writeBytes(server.pid());
    Summary s = summarize(lat);
    row("sequential acknowledged appends over stdio (p50)", fmt("%.0f us", s.median), "target < 60 us");
    row("sequential acknowledged appends over stdio (p99)", fmt("%.0f us", s.p99), "target < 250 us");
    if (before >= 0 && after >= 0)
      row("bytes written per append (indexing included)", fmt("%.1f KB", (after - before) / 1024.0 / n),
          fmt("target < 4 KB; text %.2f KB", textBytes / 1024.0 / n));
  }
  // The whole structure of the big project, and the same tree with its text.
  {
    ServerProcess server(corpusDb);
    auto& c = server.client();
    c.initialize("bench");
    size_t units = 0;
    auto st = measure(1, 5, [&] {
      units = c.result("grove/project/structure", {{"projectId", s.bigProject}})["units"]["id"].size();
    });
    long hwm = statusKb(server.pid(), "VmHWM:");
    row("project/structure of " + std::to_string(units) + " units over stdio", fmt("%.1f ms", st.median / 1000),
        "target < 150 ms");
    row("server peak memory after it", fmt("%.1f MB", hwm / 1024.0), "target < 150 MB");
  }
}

}  // namespace grove::bench
