#include "Corpus.h"

namespace grove::bench {
namespace {

uint64_t next(uint64_t& s) {
  // splitmix64: tiny, fast and identical everywhere.
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

const char* const kWords[] = {
    "parser",  "config",  "thread", "mutex",   "branch",  "scope",   "token",  "buffer",
    "request", "reply",   "store",  "commit",  "index",   "query",   "vector", "latency",
    "error",   "retry",   "cache",  "timeout", "session", "context", "editor", "client",
    "server",  "memory",  "budget", "prompt",  "summary", "design",  "review", "test"};

}  // namespace

std::string filler(uint64_t& state, size_t bytes) {
  std::string out;
  out.reserve(bytes + 16);
  while (out.size() < bytes) {
    if (!out.empty()) out += ' ';
    out += kWords[next(state) % (sizeof kWords / sizeof kWords[0])];
  }
  return out;
}

Corpus buildCorpus(Engine& engine, const CorpusSpec& spec) {
  uint64_t rng = spec.seed;
  Corpus c;
  c.projectId = engine.createProject("bench corpus", std::nullopt).id;
  int made = 0;
  auto makeUnit = [&](const std::optional<std::string>& parent, bool branch) {
    AppendRequest r;
    r.projectId = c.projectId;
    r.parentId = parent;
    bool userTurn = made % 2 == 0;
    r.role = userTurn ? Role::User : Role::Assistant;
    if (made % 10 == 9) {
      r.kind = Kind::Code;
      r.content = filler(rng, 1024);
      Source s;
      s.uri = "file:///repo/src/module" + std::to_string(made % 97) + ".cpp";
      s.range = {{made % 500, 0}, {made % 500 + 30, 0}};
      s.languageId = "cpp";
      s.memo = "the part that matters";
      r.source = s;
    } else {
      r.content = filler(rng, userTurn ? 200 : 800);
    }
    if (branch) r.branch = AppendRequest::BranchInfo{};
    ++made;
    return engine.append(r).id;
  };

  engine.beginBatch();
  auto maybeCommit = [&] {
    if (made % 1000 == 0) {
      engine.commitBatch();
      engine.beginBatch();
    }
  };
  std::optional<std::string> parent;
  for (int i = 0; i < spec.mainlineDepth && made < spec.totalUnits; ++i) {
    parent = makeUnit(parent, false);
    c.mainline.push_back(*parent);
    maybeCommit();
  }
  while (made < spec.totalUnits) {
    std::string at = c.mainline[next(rng) % c.mainline.size()];
    std::optional<std::string> p = at;
    for (int i = 0; i < 100 && made < spec.totalUnits; ++i) {
      p = makeUnit(p, i == 0);
      maybeCommit();
    }
  }
  engine.commitBatch();
  return c;
}

}  // namespace grove::bench
