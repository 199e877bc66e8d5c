#include "eval/EngineRetrieval.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <unordered_map>

#include "engine/Engine.h"
#include "store/SqliteStore.h"

namespace grove::test {
namespace {

namespace ev = grove::memory::eval;

struct Where {
  size_t conversation = 0;
  size_t exchange = 0;
};

}  // namespace

EngineScores runEngineRetrieval(const ev::Dataset& data, const std::string& split, size_t maxHit,
                                const MemoletConfig& searchConfig) {
  Engine engine(std::make_unique<SqliteStore>(SqliteStore::Options{":memory:", false}));
  MemoletConfig c = engine.memoletConfig();
  c.exchangeWeight = searchConfig.exchangeWeight;
  c.windowWeight = searchConfig.windowWeight;
  c.rrfK = searchConfig.rrfK;
  c.unitDepth = searchConfig.unitDepth;
  c.windowSaturation = searchConfig.windowSaturation;
  c.wordNetSenses = searchConfig.wordNetSenses;
  c.rescoreDepth = searchConfig.rescoreDepth;
  c.rescoreWeight = searchConfig.rescoreWeight;
  c.rescoreShift = searchConfig.rescoreShift;
  engine.setMemoletConfig(c);
  std::unordered_map<std::string, Where> unitAt;
  std::unordered_map<std::string, size_t> conversationIndex;
  for (size_t ci = 0; ci < data.conversations.size(); ++ci) {
    const ev::Conversation& c = data.conversations[ci];
    conversationIndex[c.id] = ci;
    Project p = engine.createProject(c.title.empty() ? c.id : c.title, std::nullopt);
    std::optional<std::string> parent;
    for (size_t e = 0; e < c.exchanges.size(); ++e) {
      AppendRequest q;
      q.projectId = p.id;
      q.parentId = parent;
      q.content = c.exchanges[e].user.empty() ? "(no question)" : c.exchanges[e].user;
      Unit question = engine.append(q);
      AppendRequest a;
      a.projectId = p.id;
      a.parentId = question.id;
      a.role = Role::Assistant;
      a.content = c.exchanges[e].assistant.empty() ? "(no answer)" : c.exchanges[e].assistant;
      Unit answer = engine.append(a);
      unitAt[question.id] = {ci, e};
      unitAt[answer.id] = {ci, e};
      parent = answer.id;
    }
  }
  // The (conversation, exchange) pairs of units.
  auto exchangesOf = [&](const std::vector<std::string>& ids) {
    std::set<std::pair<size_t, size_t>> out;
    for (const auto& id : ids)
      if (auto it = unitAt.find(id); it != unitAt.end()) out.insert({it->second.conversation, it->second.exchange});
    return out;
  };
  EngineScores out;
  std::vector<double> times;
  double hits = 0, rr = 0, holds = 0;
  for (const auto& q : data.queries) {
    if (!split.empty() && q.split != split) continue;
    out.queries += 1;
    std::set<std::pair<size_t, size_t>> answers;
    for (const auto& [conv, e] : q.answers) answers.insert({conversationIndex.at(conv), e});
    MemoletQuery mq;
    mq.query = q.text;
    mq.limit = 5;
    auto t0 = std::chrono::steady_clock::now();
    auto found = engine.searchMemolets(mq);
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    bool held = false, hit = false;
    for (size_t i = 0; i < found.size(); ++i) {
      const MemoletHit& h = found[i];
      auto whole = exchangesOf(h.memolet.sourceUnitIds);
      bool inMemolet = std::any_of(whole.begin(), whole.end(), [&](auto& x) { return answers.count(x) > 0; });
      held = held || inMemolet;
      auto span = h.focusUnitIds.empty() ? whole : exchangesOf(h.focusUnitIds);
      bool inSpan = std::any_of(span.begin(), span.end(), [&](auto& x) { return answers.count(x) > 0; });
      if (inSpan && span.size() <= maxHit) {
        hits += 1;
        rr += 1.0 / double(i + 1);
        out.hitSpan[span.size()] += 1;
        hit = true;
        break;
      }
    }
    holds += held;
    if (!hit) {
      // What a miss returned: each result's conversation and the exchanges it
      // points at (its focus, else its whole memolet).
      std::string line = q.id + " \"" + q.text + "\" answers";
      for (const auto& [conv, e] : q.answers) line += " " + conv + ":" + std::to_string(e);
      line += "; returned";
      for (const auto& h : found) {
        auto where = exchangesOf(h.focusUnitIds.empty() ? h.memolet.sourceUnitIds : h.focusUnitIds);
        if (where.empty()) continue;
        line += " " + data.conversations[where.begin()->first].id + ":" + std::to_string(where.begin()->second) + "-" +
                std::to_string(where.rbegin()->second);
      }
      out.misses.push_back(std::move(line));
    }
  }
  double n = std::max<double>(1, double(out.queries));
  out.recallAt5 = hits / n;
  out.mrr = rr / n;
  out.memoletHolds = holds / n;
  std::sort(times.begin(), times.end());
  if (!times.empty()) {
    out.medianMs = times[times.size() / 2];
    out.p95Ms = times[std::min(times.size() - 1, times.size() * 95 / 100)];
  }
  return out;
}


}  // namespace grove::test
