// grove_memolet_bench: memolet search and incremental indexing through the
// Engine on a real SQLite store (a program that prints figures, not a test).
//
// usage: grove_memolet_bench [--memolets N] [--db-dir DIR] [--whole-memolets] [--unit-depth N] [--rescore-depth N] [--no-upkeep]
//                            [--build-only]
//   --no-upkeep   leave the full-text indexes as the appends left them (no
//                 Engine::tidySearchIndexes steps, which the server's
//                 indexing job runs after a burst)
//   --whole-memolets  rank whole memolets only (no rankings of single
//                 messages: MemoletConfig::wholeMemolets(), the ranking before
//                 issue 13); else MemoletConfig::granularSearch(), the default
//   --unit-depth N  messages ranked per query term (MemoletConfig::unitDepth),
//                 to see what a deeper ranking costs
//   --rescore-depth N  results ranked again by their windows read whole
//                 (MemoletConfig::rescoreDepth; 0 turns it off)
//   --db-dir DIR  keep the store in DIR and reuse it on the next run (the
//                 corpus takes minutes to build; the indexing figures then
//                 append to it)
//   --build-only  build the corpus (with --db-dir) and stop: a later run
//                 measures it reopened, as a server started on it would
//
// Builds N memolets (default 100,000) the way conversations make them:
// exchanges appended to projects, each answer indexed as it lands. Topics
// change between consecutive exchanges, so nearly every exchange starts its
// own memolet. Then prints:
//   - the median latency of Engine::searchMemolets (BM25 + hashed vectors,
//     fused; limit 10) over 200 queries, target < 15 ms (issue 15);
//   - the median time to index one new exchange incrementally: appending an
//     answer (durable commit + indexing) minus appending a question (durable
//     commit only), target < 5 ms; the answer append itself is printed too.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "PseudoWords.h"
#include "Stats.h"
#include "support/FreedMemory.h"
#include "engine/Engine.h"
#include "store/SqliteStore.h"

namespace {

using grove::bench::Clock;
using grove::bench::micros;
using grove::bench::summarize;

// The shared corpus vocabulary (PseudoWords.h), under this file's short names.
uint64_t next(uint64_t& s) { return grove::bench::nextRandom(s); }
std::string word(uint64_t n) { return grove::bench::pseudoWord(n); }

constexpr uint64_t kVocabulary = 4096;
constexpr uint64_t kTopics = 2000;

std::string topicWord(uint64_t topic, uint64_t& rng) {
  return word((topic * 24 + next(rng) % 24) % kVocabulary);
}

std::string sentence(uint64_t topic, uint64_t& rng, int words) {
  std::string s;
  for (int i = 0; i < words; ++i) {
    if (i) s += ' ';
    // Two in three words from the topic, the rest from anywhere.
    s += next(rng) % 3 ? topicWord(topic, rng) : word(next(rng) % kVocabulary);
  }
  return s;
}

struct Exchange {
  std::string question, answer;
};

Exchange exchangeAbout(uint64_t topic, uint64_t& rng) {
  return {"How does the " + sentence(topic, rng, 8) + " work?",
          "The " + sentence(topic, rng, 18) + ". Then " + sentence(topic, rng, 14) + "."};
}

// Appends a question under `parent` and its answer under it; the answer's id.
std::string appendExchange(grove::Engine& engine, const std::string& project,
                           const std::optional<std::string>& parent, const Exchange& e) {
  grove::AppendRequest r;
  r.projectId = project;
  r.parentId = parent;
  r.role = grove::Role::User;
  r.content = e.question;
  r.parentId = engine.append(r).id;
  r.role = grove::Role::Assistant;
  r.content = e.answer;
  return engine.append(r).id;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress shows when piped too
  grove::keepFreedMemory();  // as the server does: its figures are the engine's as it serves
  size_t target = 100000;
  std::string dir;
  bool wholeMemolets = false;
  size_t unitDepth = 0;  // 0: the default
  std::optional<size_t> rescoreDepth;
  bool upkeep = true;
  bool buildOnly = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--memolets") && i + 1 < argc) target = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--db-dir") && i + 1 < argc) dir = argv[++i];
    else if (!std::strcmp(argv[i], "--whole-memolets")) wholeMemolets = true;
    else if (!std::strcmp(argv[i], "--unit-depth") && i + 1 < argc) unitDepth = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--rescore-depth") && i + 1 < argc) rescoreDepth = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--no-upkeep")) upkeep = false;
    else if (!std::strcmp(argv[i], "--build-only")) buildOnly = true;
  }
  namespace fs = std::filesystem;
  const bool keep = !dir.empty();
  if (buildOnly && !keep) {
    std::fprintf(stderr, "grove_memolet_bench: --build-only needs --db-dir DIR (the store it builds is kept there)\n");
    return 2;
  }
  fs::path base = keep ? fs::path(dir) : fs::temp_directory_path() / ("grove-memolet-bench-" + std::to_string(::getpid()));
  if (!keep) fs::remove_all(base);
  fs::create_directories(base);

  grove::Engine engine(std::make_unique<grove::SqliteStore>(
      grove::SqliteStore::Options{(base / "memolets.db").string(), false}));
  {
    // The granular search (MemoletConfig::granularSearch), or whole memolets only.
    auto config = wholeMemolets ? grove::MemoletConfig::wholeMemolets() : grove::MemoletConfig::granularSearch();
    if (unitDepth) config.unitDepth = unitDepth;
    if (rescoreDepth) config.rescoreDepth = *rescoreDepth;
    engine.setMemoletConfig(config);
  }
  uint64_t rng = 42;

  // ---- The corpus: conversations of 50 exchanges, 1,000 exchanges per commit.
  std::printf("Building %zu memolets through the Engine...\n", target);
  auto start = Clock::now();
  size_t exchanges = 0, made = engine.memolets(std::nullopt).size();
  std::string project;
  std::optional<std::string> at;
  engine.beginBatch();
  while (made < target) {
    if (exchanges % 50 == 0) {
      project = engine.createProject("conversation " + std::to_string(exchanges / 50), std::nullopt).id;
      at.reset();
    }
    at = appendExchange(engine, project, at, exchangeAbout(next(rng) % kTopics, rng));
    ++exchanges;
    // Counting reads every memolet: often only near the target.
    size_t every = target - std::min(target, made) > 12000 ? 10000 : 1000;
    if (exchanges % every == 0) {
      engine.commitBatch();
      made = engine.memolets(std::nullopt).size();
      if (exchanges % 10000 == 0)
        std::printf("  %zu exchanges, %zu memolets, %.0f s\n", exchanges, made,
                    std::chrono::duration<double>(Clock::now() - start).count());
      engine.beginBatch();
    }
  }
  engine.commitBatch();
  made = engine.memolets(std::nullopt).size();
  std::printf("  %zu memolets (%zu new exchanges) in %.1f s\n", made, exchanges,
              std::chrono::duration<double>(Clock::now() - start).count());
  // What the server's indexing job does once a burst is indexed: merge the
  // full-text indexes' small segments, a step at a time (IndexingJobs).
  auto tidy = [&engine, upkeep](const char* after) {
    if (!upkeep) {
      std::printf("\n");
      return;
    }
    auto t = Clock::now();
    int steps = 1;
    while (engine.tidySearchIndexes(256)) ++steps;
    std::printf("  search index upkeep after %s: %d steps of 256 pages, %.2f s\n\n", after, steps,
                std::chrono::duration<double>(Clock::now() - t).count());
  };
  tidy("building");
  if (buildOnly) return 0;

  // ---- Search: first call loads the vector index (reported apart).
  grove::MemoletQuery q;
  q.limit = 10;
  q.query = sentence(1, rng, 3);
  auto t0 = Clock::now();
  engine.searchMemolets(q);
  std::printf("First search (loads the in-memory vector index): %.1f ms\n", micros(Clock::now() - t0) / 1000);
  std::vector<double> times;
  size_t results = 0;
  for (int i = 0; i < 200; ++i) {
    q.query = sentence(next(rng) % kTopics, rng, 3 + static_cast<int>(next(rng) % 4));
    auto a = Clock::now();
    results += engine.searchMemolets(q).size();
    times.push_back(micros(Clock::now() - a));
  }
  auto s = summarize(times);
  std::printf("Search over %zu memolets (limit 10, %.1f results on average):\n", made, results / 200.0);
  std::printf("  median %.2f ms, p95 %.2f ms, min %.2f ms   (target: median < 15 ms)  %s\n\n",
              s.median / 1000, s.p95 / 1000, s.min / 1000, s.median < 15000 ? "OK" : "MISSED");

  // ---- Project-scoped search: one long conversation (6,000 turns) among
  // everything above; the search must cost what the project holds.
  {
    std::string big = engine.createProject("a 6,000-turn conversation", std::nullopt).id;
    std::optional<std::string> tip;
    engine.beginBatch();
    for (int i = 0; i < 3000; ++i) tip = appendExchange(engine, big, tip, exchangeAbout(next(rng) % kTopics, rng));
    engine.commitBatch();
    tidy("the conversation");
    grove::MemoletQuery sq;
    sq.limit = 10;
    sq.projectId = big;
    std::vector<double> scoped;
    for (int i = 0; i < 200; ++i) {
      sq.query = sentence(next(rng) % kTopics, rng, 3 + static_cast<int>(next(rng) % 4));
      auto a = Clock::now();
      engine.searchMemolets(sq);
      scoped.push_back(micros(Clock::now() - a));
    }
    auto ss = summarize(scoped);
    std::printf("Project-scoped search, 6,000 turns (%zu memolets) among %zu:\n",
                engine.memolets(big).size(), engine.memolets(std::nullopt).size());
    std::printf("  median %.2f ms, p95 %.2f ms   (target: median < 2 ms)  %s\n\n", ss.median / 1000,
                ss.p95 / 1000, ss.median < 2000 ? "OK" : "MISSED");
  }

  // ---- Incremental indexing: one durable exchange at a time, on a fresh
  // conversation that keeps changing topic.
  std::string live = engine.createProject("live conversation", std::nullopt).id;
  std::optional<std::string> tip;
  std::vector<double> questionTimes, answerTimes;
  for (int i = 0; i < 300; ++i) {
    Exchange e = exchangeAbout(next(rng) % kTopics, rng);
    grove::AppendRequest r;
    r.projectId = live;
    r.parentId = tip;
    r.role = grove::Role::User;
    r.content = e.question;
    auto a = Clock::now();
    std::string qid = engine.append(r).id;
    auto b = Clock::now();
    r.parentId = qid;
    r.role = grove::Role::Assistant;
    r.content = e.answer;
    tip = engine.append(r).id;
    auto c = Clock::now();
    if (i >= 20) {  // warm
      questionTimes.push_back(micros(b - a));
      answerTimes.push_back(micros(c - b));
    }
  }
  auto qs = summarize(questionTimes), as = summarize(answerTimes);
  double indexing = as.median - qs.median;
  std::printf("Indexing one new exchange (%zu memolets in the store):\n", engine.memolets(std::nullopt).size());
  std::printf("  append of a question (no indexing): median %.2f ms\n", qs.median / 1000);
  std::printf("  append of its answer (indexing):    median %.2f ms, p95 %.2f ms\n", as.median / 1000,
              as.p95 / 1000);
  std::printf("  indexing itself: median %.2f ms   (target: < 5 ms)  %s\n", indexing / 1000,
              indexing < 5000 ? "OK" : "MISSED");
  if (!keep) fs::remove_all(base);
  return 0;
}
