// grove_import_bench: imports a synthetic 10,000-message Claude Code session
// (a program that prints figures, not a test; issue 18's "a 10,000-message
// import finishes in seconds").
//
// usage: grove_import_bench [--messages N]
//
// The session alternates prompts and answers; every answer is three lines
// (a tool call, its result, the text), so the file holds 2N lines for N
// messages. Prints the file's size, the time of the import (reading,
// folding, writing every unit with its import key, one commit, and the
// memolet indexing job the commit schedules, which this deterministic
// Session runs before the import reports), the time of importing it again
// (nothing to add), and what a memolet read then still has to catch up.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "engine/Engine.h"
#include "session/Session.h"
#include "store/SqliteStore.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

std::string iso(int i) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "2026-05-%02d T%02d:%02d:%02d.000Z", 1 + i / 86400 % 28, i / 3600 % 24, i / 60 % 60, i % 60);
  std::string s(buf);
  s.erase(s.find(' '), 1);
  return s;
}

// N messages: N/2 prompts and N/2 answers.
void writeSession(const std::string& path, int messages) {
  std::ofstream out(path);
  std::string parent = "null";
  const std::string topics[] = {"pager", "parser", "release", "cache", "router", "schema", "tests", "docs"};
  for (int i = 0; i < messages / 2; ++i) {
    const std::string& t = topics[i % 8];
    std::string u = "u" + std::to_string(i), a = "a" + std::to_string(i), r = "r" + std::to_string(i),
                b = "b" + std::to_string(i);
    out << R"({"type":"user","uuid":")" << u << R"(","parentUuid":)" << parent
        << R"(,"sessionId":"bench","timestamp":")" << iso(i * 10) << R"(","cwd":"/home/ana/src/app","version":"2.1.40","message":{"role":"user","content":"Question )"
        << i << " about the " << t << R"(: why does step )" << i % 17 << R"( fail when the input has )" << i % 31
        << R"( items, and what should change in src/)" << t << R"(.ts?"}})" << "\n";
    out << R"({"type":"assistant","uuid":")" << a << R"(","parentUuid":")" << u
        << R"(","sessionId":"bench","timestamp":")" << iso(i * 10 + 2) << R"(","message":{"id":"m)" << i
        << R"(","role":"assistant","content":[{"type":"tool_use","id":"t)" << i
        << R"(","name":"Read","input":{"file_path":"/home/ana/src/app/src/)" << t << R"(.ts"}}]}})" << "\n";
    out << R"({"type":"user","uuid":")" << r << R"(","parentUuid":")" << a
        << R"(","sessionId":"bench","timestamp":")" << iso(i * 10 + 3)
        << R"(","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t)" << i
        << R"(","content":"export function step()" << i << R"() {\n  return items.length;\n}\n"}]}})" << "\n";
    out << R"({"type":"assistant","uuid":")" << b << R"(","parentUuid":")" << r
        << R"(","sessionId":"bench","timestamp":")" << iso(i * 10 + 5) << R"(","message":{"id":"n)" << i
        << R"(","role":"assistant","content":[{"type":"text","text":"In src/)" << t
        << R"(.ts the loop stops one item early when the count is )" << i % 31
        << R"(; compare with < instead of <= and add a test for the boundary."}]}})" << "\n";
    parent = "\"" + b + "\"";
  }
}

grove::session::ImportSummary importOnce(grove::session::Session& session, const std::string& path) {
  std::optional<grove::Expected<grove::session::ImportSummary>> out;
  session.runBatch(
      "bench",
      [&](grove::Engine&) {
        session.importHistory({"claude-code", path}, {}, [&](grove::Expected<grove::session::ImportSummary> s) { out.emplace(std::move(s)); }, {});
      },
      [](const std::optional<grove::Error>&) {});
  session.runUntilIdle();
  if (!out || !*out) {
    std::fprintf(stderr, "import failed: %s\n", out ? out->error().what() : "never finished");
    std::exit(1);
  }
  return out->value();
}

}  // namespace

int main(int argc, char** argv) {
  int messages = 10000;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--messages") == 0) messages = std::atoi(argv[++i]);
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("grove-import-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string file = (dir / "bench.jsonl").string();
  writeSession(file, messages);

  grove::Engine engine(std::make_unique<grove::SqliteStore>(grove::SqliteStore::Options{(dir / "grove.db").string()}));
  // Deterministic: the import's slow work, and the indexing job it
  // schedules as in the server, run on this thread.
  grove::session::Session session(engine, grove::session::SessionOptions{.deterministic = true, .deferIndexing = true});

  auto t0 = Clock::now();
  auto first = importOnce(session, file);
  auto t1 = Clock::now();
  auto again = importOnce(session, file);
  auto t2 = Clock::now();
  size_t memolets = 0;
  session.runLocked("bench", [&](grove::Engine& e) { memolets = e.memolets(first.projects.at(0).projectId).size(); });
  auto t3 = Clock::now();

  std::printf("grove_import_bench: Claude Code session, %d messages (%d lines, %.1f MB)\n", messages, messages * 2,
              std::filesystem::file_size(file) / 1e6);
  std::printf("  import + indexing: %.2f s (%d units added, %.0f units/s)\n", seconds(t0, t1), first.unitsAdded,
              first.unitsAdded / seconds(t0, t1));
  std::printf("  import again:      %.2f s (%d units added)\n", seconds(t1, t2), again.unitsAdded);
  std::printf("  memolet read:      %.2f s (%zu memolets)\n", seconds(t2, t3), memolets);
  std::filesystem::remove_all(dir);
  return first.unitsAdded == messages && again.unitsAdded == 0 ? 0 : 1;
}
