#include "eval/GranularEval.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <unordered_map>

#include "eval/Fts5Index.h"
#include "memory/Feedback.h"
#include "memory/FtsText.h"
#include "memory/Granularity.h"
#include "memory/QueryVariants.h"
#include "memory/Rrf.h"
#include "memory/TermStats.h"
#include "memory/VectorIndex.h"
#include "text/HashedVector.h"
#include "text/Tokenizer.h"

namespace grove::memory::eval {
namespace {

// One granularity's index: BM25 and hashed vectors over its units.
struct Index {
  Fts5Index fts;
  std::unique_ptr<VectorIndex> vectors;
  TermStats stats;
  std::vector<size_t> unitOf;  // row -> global unit index
};

std::string spanText(const Conversation& c, Segment s) {
  std::string t;
  for (size_t e = s.begin; e < s.end; ++e) t += c.exchanges[e].text() + "\n";
  return t;
}

bool answers(const Query& q, const std::string& conv, Segment s, size_t slack = 0) {
  for (const auto& [c, e] : q.answers)
    if (c == conv && e + slack >= s.begin && e < s.end + slack) return true;
  return false;
}

}  // namespace

GranularScores runGranular(const Dataset& data, const GranularConfig& cfg, const std::string& split) {
  EvalConfig seg;
  std::vector<SearchUnit> units;
  std::vector<std::vector<Segment>> memolets;
  TermStats exchangeStats;  // IDF for the vectors, over exchanges
  for (const auto& c : data.conversations)
    for (const auto& e : c.exchanges) exchangeStats.addDocument(text::tokenize(e.text()));
  auto weight = exchangeStats.weight();
  for (size_t ci = 0; ci < data.conversations.size(); ++ci) {
    memolets.push_back(segmentConversation(data.conversations[ci], seg));
    auto u = searchUnits(memolets.back(), cfg.windows, ci);
    units.insert(units.end(), u.begin(), u.end());
  }
  Index byKind[3];
  for (auto& ix : byKind) {
    ix.vectors = std::make_unique<VectorIndex>(text::HashedVector::kDefaultDims);
    ix.fts.begin();
  }
  std::vector<std::vector<std::string>> unitTokens(units.size());
  for (size_t u = 0; u < units.size(); ++u) {
    Index& ix = byKind[static_cast<int>(units[u].kind)];
    std::string t = spanText(data.conversations[units[u].conversation], units[u].span);
    std::string id = std::to_string(u);
    unitTokens[u] = text::tokenize(t);
    ix.stats.addDocument(unitTokens[u]);
    ix.fts.upsert(id, t);
    ix.vectors->upsert(id, text::HashedVector::fromText(t, text::HashedVector::kDefaultDims, weight).values());
  }
  for (auto& ix : byKind) ix.fts.commit();
  const std::vector<size_t> standIn = centredWindowOf(units);
  // An exchange ranking as a ranking of the windows centred on its exchanges.
  auto centredList = [&](const std::vector<std::string>& ids) {
    std::vector<std::string> out;
    for (const auto& id : ids) out.push_back(std::to_string(standIn[std::stoul(id)]));
    return out;
  };
  const double kindWeight[3] = {cfg.exchangeWeight, cfg.windowWeight, cfg.memoletWeight};

  // The anchors: plain BM25 (the query's tokens OR-ed) over single exchanges
  // and over overlapping fixed windows.
  struct Chunk { size_t conv; Segment span; };
  std::vector<Chunk> windows;
  Fts5Index windowFts;
  windowFts.begin();
  size_t stride = std::max<size_t>(1, cfg.anchorWindow / 2);
  for (size_t ci = 0; ci < data.conversations.size(); ++ci) {
    size_t n = data.conversations[ci].exchanges.size();
    for (size_t b = 0; b < n; b += stride) {
      Segment s{b, std::min(n, b + cfg.anchorWindow)};
      windowFts.upsert(std::to_string(windows.size()), spanText(data.conversations[ci], s));
      windows.push_back({ci, s});
      if (s.end == n) break;
    }
  }
  windowFts.commit();
  // Single turns: each message of an exchange on its own.
  Fts5Index turnFts;
  std::vector<std::pair<size_t, size_t>> turns;  // (conversation, exchange)
  turnFts.begin();
  for (size_t ci = 0; ci < data.conversations.size(); ++ci)
    for (size_t e = 0; e < data.conversations[ci].exchanges.size(); ++e)
      for (const std::string* m : {&data.conversations[ci].exchanges[e].user, &data.conversations[ci].exchanges[e].assistant})
        if (!m->empty()) {
          turnFts.upsert(std::to_string(turns.size()), *m);
          turns.push_back({ci, e});
        }
  turnFts.commit();

  GranularScores out;
  double hits = 0, rr = 0, single = 0, singleN = 0, win = 0;
  std::vector<double> times;
  for (const auto& q : data.queries) {
    if (!split.empty() && q.split != split) continue;
    out.queries += 1;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<std::vector<std::string>> lists;
    std::vector<double> weights;
    std::vector<std::string> firstWindows;  // the query's own BM25 window ranking, for feedback
    auto variants = queryVariants(q.text, cfg.variants);
    for (size_t v = 0; v < variants.size(); ++v) {
      double vw = v == 0 ? kOriginalQueryWeight : 1.0;
      auto qv = text::HashedVector::fromText(variants[v], text::HashedVector::kDefaultDims, weight);
      for (int k = 0; k < 3; ++k) {
        if (kindWeight[k] <= 0) continue;  // a kind that cannot count is not searched
        Index& ix = byKind[k];
        auto df = [&](std::string_view t) { return ix.stats.documentFrequency(t); };
        std::string match = cfg.selectTerms ? ftsMatchTokens(selectQueryTerms(text::tokenize(variants[v]), df,
                                                                                ix.stats.documentCount()))
                                            : ftsMatchQuery(variants[v]);
        bool centre = cfg.centred && k == static_cast<int>(UnitKind::Exchange);
        lists.push_back(ix.fts.search(match, static_cast<int>(cfg.depth)));
        if (v == 0 && k == static_cast<int>(UnitKind::Window)) firstWindows = lists.back();
        if (centre) lists.back() = centredList(lists.back());
        weights.push_back(vw * kindWeight[k]);
        if (cfg.vectorWeight > 0 && !qv.empty()) {
          std::vector<std::string> ids;
          for (auto& h : ix.vectors->topK(qv.values(), cfg.depth)) ids.push_back(h.id);
          lists.push_back(centre ? centredList(ids) : std::move(ids));
          weights.push_back(vw * kindWeight[k] * cfg.vectorWeight);
        }
      }
    }
    if (cfg.feedbackDocs > 0) {
      // The query's own best windows feed the expansion; the expanded query
      // (its tokens and the feedback terms) is ranked like the query.
      std::vector<std::vector<std::string>> docs;
      for (size_t i = 0; i < firstWindows.size() && i < cfg.feedbackDocs; ++i)
        docs.push_back(unitTokens[std::stoul(firstWindows[i])]);
      auto qt = text::tokenize(q.text);
      auto extra = feedbackTerms(qt, docs, byKind[static_cast<int>(UnitKind::Window)].stats, cfg.feedbackTerms);
      qt.insert(qt.end(), extra.begin(), extra.end());
      std::string match = ftsMatchTokens(qt);
      for (int k = 0; k < 3; ++k) {
        if (kindWeight[k] <= 0) continue;
        lists.push_back(byKind[k].fts.search(match, static_cast<int>(cfg.depth)));
        if (cfg.centred && k == static_cast<int>(UnitKind::Exchange)) lists.back() = centredList(lists.back());
        weights.push_back(cfg.feedbackWeight * kindWeight[k]);
      }
    }
    std::vector<size_t> ranked;
    for (auto& f : weightedReciprocalRankFusion(lists, weights, cfg.rrfK)) ranked.push_back(std::stoul(f.id));
    auto top = distinctTop(ranked, units, cfg.depth);
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    for (size_t i = 0; i < top.size(); ++i) {
      const SearchUnit& u = units[top[i]];
      const std::string& conv = data.conversations[u.conversation].id;
      if (u.span.size() <= cfg.maxHit && answers(q, conv, u.span)) {
        if (i < 5) {
          hits += 1;
          out.hitMemoletSize[memolets[u.conversation][u.memolet].size()] += 1;
        }
        rr += 1.0 / double(i + 1);
        break;
      }
    }

    // Anchors.
    std::string match = ftsMatchQuery(q.text);
    bool hitStrict = false, hitNear = false;
    for (const auto& id : turnFts.search(match, 5)) {
      auto [ci, e] = turns[std::stoul(id)];
      const std::string& conv = data.conversations[ci].id;
      hitStrict = hitStrict || answers(q, conv, {e, e + 1});
      hitNear = hitNear || answers(q, conv, {e, e + 1}, 1);
    }
    single += hitStrict;
    singleN += hitNear;
    for (const auto& id : windowFts.search(match, 5)) {
      const Chunk& w = windows[std::stoul(id)];
      if (answers(q, data.conversations[w.conv].id, w.span)) {
        win += 1;
        break;
      }
    }
  }
  double n = std::max<double>(1, double(out.queries));
  out.recallAt5 = hits / n;
  out.mrr = rr / n;
  out.anchorSingle = single / n;
  out.anchorSingleNeighbour = singleN / n;
  out.anchorWindows = win / n;
  std::sort(times.begin(), times.end());
  out.medianSearchMs = times.empty() ? 0 : times[times.size() / 2];
  return out;
}

}  // namespace grove::memory::eval
