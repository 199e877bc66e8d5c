// In-process figures: scope resolution and rendering against the path
// length and the project size, durable appends, and project/get.
#include "EngineBench.h"

#include <cstdio>

#include "Corpus.h"
#include "Stats.h"
#include "store/SqliteStore.h"

namespace grove::bench {

namespace {

// As the server opens it: appends acknowledged from the redo log.
std::unique_ptr<Engine> openEngine(const std::string& db) {
  SqliteStore::Options o{db, false};
  o.carryCommits = true;
  return std::make_unique<Engine>(std::make_unique<SqliteStore>(o));
}

}  // namespace

BuiltStore buildStore(const std::string& db, int bigUnits) {
  auto engine = openEngine(db);
  BuiltStore out;
  auto a = Clock::now();
  Corpus big = buildCorpus(*engine, {bigUnits, std::min(10000, bigUnits), 42});
  out.buildSeconds = micros(Clock::now() - a) / 1e6;
  out.bigProject = big.projectId;
  out.bigPath100 = big.mainline[99];
  out.bigPath1000 = big.mainline[999];
  out.bigPath10000 = big.mainline[std::min<size_t>(9999, big.mainline.size() - 1)];
  Corpus small = buildCorpus(*engine, {1000, 1000, 7});
  out.smallProject = small.projectId;
  out.smallPath1000 = small.mainline[999];
  Corpus mid = buildCorpus(*engine, {10000, 1000, 9});
  out.midProject = mid.projectId;
  return out;
}

void runEngineBench(const std::string& db, const BuiltStore& s, int appendCount) {
  auto engine = openEngine(db);
  std::printf("In process (Engine, warm):\n");
  struct Case {
    const char* name;
    std::string project, cursor;
  };
  Case cases[] = {{"path 100 in a 100,000-unit project", s.bigProject, s.bigPath100},
                  {"path 1,000 in a 100,000-unit project", s.bigProject, s.bigPath1000},
                  {"path 10,000 in a 100,000-unit project", s.bigProject, s.bigPath10000},
                  {"path 1,000 in a 1,000-unit project", s.smallProject, s.smallPath1000}};
  double resolveBig = 0, resolveSmall = 0, renderBig = 0, renderSmall = 0;
  for (const auto& c : cases) {
    auto r = measure(20, 300, [&] { engine->resolveScope(c.project, c.cursor); });
    auto p = measure(20, 300, [&] { engine->preview(c.project, c.cursor, std::string("next?"), std::nullopt); });
    size_t n = engine->resolveScope(c.project, c.cursor).units.size();
    row(std::string("resolve scope, ") + c.name + " (" + std::to_string(n) + " ids)",
        fmt("%.1f us", r.median), "");
    row(std::string("resolve + render prompt, ") + c.name, fmt("%.1f us", p.median), "");
    if (c.project == s.bigProject && c.cursor == s.bigPath1000) {
      resolveBig = r.median;
      renderBig = p.median;
    }
    if (c.project == s.smallProject) {
      resolveSmall = r.median;
      renderSmall = p.median;
    }
  }
  row("=> resolve, 1,000-unit path in 100,000 units", fmt("%.1f us", resolveBig), "target < 100 us");
  row("=> resolve + render, 1,000-unit path in 100,000 units", fmt("%.1f us", renderBig),
      "target < 1000 us");
  row("=> ratio 100,000 / 1,000 units (resolve)", fmt("%.2fx", resolveBig / resolveSmall),
      "target <= 1.25x");
  row("=> ratio 100,000 / 1,000 units (resolve + render)", fmt("%.2fx", renderBig / renderSmall),
      "target <= 1.25x");

  runAppendBench(*engine, appendCount);

  auto g = measure(1, 5, [&] { engine->getProject(s.midProject); });
  row("project/get of 10,000 units (engine, cold store read)", fmt("%.1f ms", g.median / 1000), "");
}

void runAppendBench(Engine& e, int appendCount) {
  Engine* engine = &e;
  // As the server runs it: the append commits the unit and its log entry,
  // and memolet indexing follows in batches (timed separately below).
  engine->setDeferredMemoletIndexing(true);
  // Durable appends, one after another: each acknowledged once its redo
  // record is written (SQLite commits them in groups, as in the server).
  std::string pid = engine->createProject("append bench", std::nullopt).id;
  uint64_t rng = 1;
  std::vector<std::string> texts;
  for (int i = 0; i < 64; ++i) texts.push_back(filler(rng, i % 2 ? 800 : 200));
  std::optional<std::string> parent;
  auto a = Clock::now();
  for (int i = 0; i < appendCount; ++i) {
    AppendRequest r;
    r.projectId = pid;
    r.parentId = parent;
    r.role = i % 2 ? Role::Assistant : Role::User;
    r.content = texts[i % texts.size()];
    parent = engine->append(r).id;
  }
  double secs = micros(Clock::now() - a) / 1e6;
  row("durable appends (each in the redo log before returning)",
      fmt("%.0f /s", appendCount / secs), "target > 30,000 /s");
  a = Clock::now();
  while (engine->indexMemolets(2000)) {
  }
  double indexSecs = micros(Clock::now() - a) / 1e6;
  row("memolet indexing of those appends (batches of 2,000 units)", fmt("%.0f units/s", appendCount / indexSecs),
      "");
  engine->setDeferredMemoletIndexing(false);
}

void runAppendBench(const std::string& db, int appendCount) {
  auto engine = openEngine(db);
  runAppendBench(*engine, appendCount);
}

}  // namespace grove::bench
