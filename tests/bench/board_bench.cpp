// grove_board_bench: placement of one new memory on a board of N items
// through the Engine on a real SQLite store (issue 16's target: < 5 ms native
// among 10,000). A program that prints figures, not a test.
//
// usage: grove_board_bench [--items N] [--runs R]
//
// Builds a board of N notes (default 10,000) on 200 topics of pseudo-words:
// the first 200 are placed by the formula (making the groups), the rest are
// put in their topic's group by hand, so building stays fast. Then, R times
// (default 30), captures one new note and undoes it, and prints the median of
//   - capture: analysis, writes, placement, evolution and the commit;
//   - manual capture: the same note placed by hand (no candidates scored);
//   - placement = capture - manual capture: prefilter (vector scan of every
//     item + BM25), sigma, the formula, links and evolution;
// then the same with evolution off (placement alone).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "PseudoWords.h"
#include "Stats.h"
#include "engine/Engine.h"
#include "store/SqliteStore.h"

namespace {

using grove::bench::Clock;
using grove::bench::micros;
using grove::bench::summarize;

// The shared corpus vocabulary (PseudoWords.h), under this file's short names.
uint64_t next(uint64_t& s) { return grove::bench::nextRandom(s); }
std::string word(uint64_t n) { return grove::bench::pseudoWord(n); }

constexpr uint64_t kTopics = 200;

/// A note of ~30 words, mostly from its topic's 16 words.
std::string noteText(uint64_t topic, uint64_t& rng) {
  std::string out;
  for (int i = 0; i < 30; ++i) {
    uint64_t r = next(rng);
    uint64_t w = (r % 10 < 8) ? topic * 16 + (r >> 8) % 16 : (r >> 8) % 4096;
    out += word(w) + (i % 10 == 9 ? ".\n" : " ");
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  size_t n = 10000;
  int runs = 30;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--items")) n = std::stoul(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--runs")) runs = std::stoi(argv[i + 1]);
  }
  grove::Engine engine(std::make_unique<grove::SqliteStore>(grove::SqliteStore::Options{":memory:", false}));
  const std::string ws = "file:///bench/app";
  uint64_t rng = 42;
  std::vector<std::string> groupOfTopic(kTopics);

  auto t0 = Clock::now();
  for (size_t i = 0; i < n; i += 500) {
    engine.beginBatch();
    for (size_t j = i; j < n && j < i + 500; ++j) {
      uint64_t topic = j % kTopics;
      grove::CaptureRequest r;
      r.workspaceUri = ws;
      r.content = noteText(topic, rng);
      if (!groupOfTopic[topic].empty()) r.groupId = grove::Field<std::string>(groupOfTopic[topic]);
      auto out = engine.capture(r);
      if (groupOfTopic[topic].empty()) groupOfTopic[topic] = out.placement.groupId;
    }
    engine.commitBatch();
  }
  std::printf("board of %zu items built in %.1f s\n", n, micros(Clock::now() - t0) / 1e6);

  // One capture placed by the formula, then the same note placed by hand;
  // both undone, so the board stays at n items.
  auto measure = [&](const char* label) {
    std::vector<double> full, manual;
    size_t joined = 0;
    for (int i = 0; i < runs; ++i) {
      uint64_t topic = next(rng) % kTopics;
      grove::CaptureRequest r;
      r.workspaceUri = ws;
      r.content = noteText(topic, rng);
      auto a = Clock::now();
      auto placed = engine.capture(r);
      full.push_back(micros(Clock::now() - a));
      if (placed.placement.groupId == groupOfTopic[topic]) ++joined;
      // The evolution is its own entry when it wrote anything (no user edits here: only `updated`).
      if (placed.evolution && !placed.evolution->updated.empty()) engine.undoBoard(ws);
      engine.undoBoard(ws);  // the capture
      r.groupId = grove::Field<std::string>(groupOfTopic[topic]);
      auto b = Clock::now();
      engine.capture(r);
      manual.push_back(micros(Clock::now() - b));
      engine.undoBoard(ws);
    }
    auto f = summarize(full), m = summarize(manual);
    std::printf("%s\n", label);
    std::printf("  capture with placement among %zu: median %.2f ms (p95 %.2f ms)\n", n, f.median / 1000,
                f.p95 / 1000);
    std::printf("  capture placed by hand:            median %.2f ms\n", m.median / 1000);
    std::printf("  placement (difference):            median %.2f ms (target < 5 ms)\n",
                (f.median - m.median) / 1000);
    std::printf("  new notes placed in their topic's group: %zu of %d\n", joined, runs);
  };
  measure("with evolution (auto):");
  grove::BoardSettingsUpdate off;
  off.evolution = "off";
  engine.configureBoard(ws, off);
  measure("placement alone (evolution off):");
  return 0;
}
