// grove_memolet_eval: memolet retrieval quality and speed.
//
//   grove_memolet_eval [--data DIR] [--synthetic N] [--no-timing] [--sweep]
//                      [--percentile P] [--fallback T] [--max-exchanges M]
//                      [--rrf-k K] [--variants V] [--dims D] [--idf 0|1]
//                      [--original-weight W] [--vector-weight W] [--max-query-terms N]
//                      [--max-doc-fraction F] [--tune-only]
//
// 1. Quality: segments every conversation of tests/data/retrieval with
//    memory::Segmenter, indexes the segments as memolets (BM25 via in-memory
//    SQLite FTS5, vectors via HashedVector + VectorIndex), runs every query and
//    prints recall@5 and MRR per method, overall and on paraphrases, for the
//    tune and held-out splits. A hit needs an answering exchange inside a
//    memolet of at most 4 exchanges.
// 2. Scale: N synthetic memolets (default 100,000) join the real ones; prints
//    recall@5 / MRR of the real queries among them, the median search time
//    (FTS5 BM25 + vector top-k + RRF; wall and CPU, since this machine is
//    shared) and the median time to segment + index one new exchange.
// --sweep: the grid used for tuning; scores the tune split only (as does --tune-only).
// Build with optimisation (CMAKE_BUILD_TYPE=RelWithDebInfo or Release) for timings.
#include <sqlite3.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "eval/Fts5Index.h"
#include "eval/RetrievalEval.h"
#include "memory/FtsText.h"
#include "memory/QueryVariants.h"
#include "memory/Rrf.h"
#include "memory/Segmenter.h"
#include "memory/TermStats.h"
#include "memory/VectorIndex.h"
#include "text/HashedVector.h"
#include "text/Tokenizer.h"

using namespace grove;
using namespace grove::memory;
using namespace grove::memory::eval;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// This thread's CPU time in ms. On a shared, loaded machine wall time also
// counts the time other processes hold the cores; CPU time counts only ours.
double cpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Wall and CPU time of one operation.
struct Timer {
  Clock::time_point wall = Clock::now();
  double cpu = cpuMs();
  void record(std::vector<double>& walls, std::vector<double>& cpus) const {
    walls.push_back(ms(Clock::now() - wall));
    cpus.push_back(cpuMs() - cpu);
  }
};

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * double(v.size())))];
}

void printQuality(const Dataset& data, const EvalConfig& cfg, const EvalResult& r,
                  const std::vector<const char*>& splits) {
  size_t para = 0;
  for (auto& q : data.queries) para += q.kind == "paraphrase";
  std::printf("config: percentile=%.2f fallback=%.2f maxExchanges=%zu rrfK=%d variants=%zu dims=%d idf=%d\n"
              "        originalWeight=%.1f vectorWeight=%.2f maxQueryTerms=%zu maxDocFraction=%.3f\n",
              cfg.percentile, cfg.fallbackThreshold, cfg.maxExchanges, cfg.rrfK, cfg.variants, cfg.dims,
              int(cfg.idf), cfg.originalWeight, cfg.vectorWeight, cfg.maxQueryTerms, cfg.maxDocFraction);
  std::printf("data: %zu conversations, %zu queries (%zu paraphrase); %zu memolets, %.2f exchanges each\n\n",
              data.conversations.size(), data.queries.size(), para, r.memolets.size(), r.meanSpan);
  for (const char* split : splits) {
    auto n = [&](const char* kind) {
      auto& m = r.metrics.at("fusion");
      auto it = m.find(std::string(split) + "/" + kind);
      return it == m.end() ? size_t(0) : it->second.queries;
    };
    std::printf("%-8s (n=%zu, paraphrase n=%zu)   recall@5  MRR    | paraphrase recall@5  MRR\n", split,
                n("all"), n("paraphrase"));
    for (auto& method : evalMethods()) {
      auto& m = r.metrics.at(method);
      auto get = [&](const char* kind) {
        auto it = m.find(std::string(split) + "/" + kind);
        return it == m.end() ? Metrics{} : it->second;
      };
      Metrics a = get("all"), p = get("paraphrase");
      std::printf("  %-16s                   %.3f   %.3f  |            %.3f   %.3f\n", method.c_str(),
                  a.recallAt5, a.mrr, p.recallAt5, p.mrr);
    }
    std::printf("\n");
  }
}

// Staged grid search on the tune split: segmentation first, then fusion knobs.
void sweep(const Dataset& data, EvalConfig base) {
  auto score = [&](const EvalConfig& c) {
    auto r = runEval(data, c);
    auto f = r.metrics.at("fusion").at("tune/all");
    return std::pair<double, double>(f.recallAt5, f.mrr);
  };
  auto report = [](const EvalConfig& c, std::pair<double, double> s) {
    std::printf("p=%.2f fb=%.2f max=%zu k=%d v=%zu dims=%d w=%.1f vw=%.2f  tune fusion recall@5=%.3f MRR=%.3f\n",
                c.percentile, c.fallbackThreshold, c.maxExchanges, c.rrfK, c.variants, c.dims,
                c.originalWeight, c.vectorWeight, s.first, s.second);
  };
  EvalConfig best = base;
  auto bestScore = score(best);
  auto consider = [&](const EvalConfig& c) {
    auto s = score(c);
    report(c, s);
    if (s > bestScore) {
      bestScore = s;
      best = c;
    }
  };
  for (size_t maxEx : {2, 3, 4})
    for (double p : {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9})
      for (double fb : {0.05, 0.1, 0.15, 0.2, 0.3}) {
        EvalConfig c = best;
        c.maxExchanges = maxEx;
        c.percentile = p;
        c.fallbackThreshold = fb;
        consider(c);
      }
  EvalConfig seg = best;
  for (int dims : {256, 512})
    for (int k : {5, 10, 20, 30, 60, 100})
      for (size_t v : {1, 2, 3, 4, 5, 6})
        for (double w : {1.0, 2.0, 3.0})
          for (double vw : {0.5, 0.75, 1.0}) {
            EvalConfig c = seg;
            c.dims = dims;
            c.rrfK = k;
            c.variants = v;
            c.originalWeight = w;
            c.vectorWeight = vw;
            consider(c);
          }
  std::printf("\nbest on tune: ");
  report(best, bestScore);
}

// Synthetic memolets: 100 tokens each, drawn from a Zipf law (s = 1) over a
// vocabulary of the real corpus's terms (ranked by their frequency there, so
// they take the common ranks) followed by 100,000 made-up identifiers (the long
// tail a real codebase adds). Query terms are therefore common, as in real
// use: a pessimistic load for BM25, which scores every document containing a term.
std::vector<std::string> syntheticMemolets(const Dataset& data, size_t n, std::mt19937& rng) {
  std::map<std::string, size_t> counts;
  for (auto& c : data.conversations)
    for (auto& e : c.exchanges)
      for (auto& t : text::tokenize(e.text())) ++counts[t];
  std::vector<std::pair<size_t, std::string>> ranked;
  for (auto& [t, c] : counts) ranked.push_back({c, t});
  std::stable_sort(ranked.begin(), ranked.end(), [](auto& a, auto& b) { return a.first > b.first; });
  std::vector<std::string> vocab;
  for (auto& r : ranked) vocab.push_back(r.second);
  for (size_t i = 0; i < 100000; ++i) {
    std::string w = "sym";
    for (size_t x = i + 1; x > 0; x /= 26) w.push_back(char('a' + x % 26));
    vocab.push_back(std::move(w));
  }
  std::vector<double> zipf(vocab.size());
  for (size_t i = 0; i < zipf.size(); ++i) zipf[i] = 1.0 / double(i + 1);
  std::discrete_distribution<size_t> pick(zipf.begin(), zipf.end());
  std::vector<std::string> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string doc;
    for (int j = 0; j < 100; ++j) {
      doc += vocab[pick(rng)];
      doc.push_back(' ');
    }
    out.push_back(std::move(doc));
  }
  return out;
}

void timing(const Dataset& data, const EvalConfig& cfg, size_t n, bool onlyTune) {
  std::mt19937 rng(7);
  auto t0 = Clock::now();
  auto docs = syntheticMemolets(data, n, rng);
  Fts5Index fts;
  VectorIndex vectors(cfg.dims);
  TermStats stats;  // document frequencies over memolets, for selectQueryTerms
  auto df = [&](std::string_view t) { return stats.documentFrequency(t); };
  auto bm25 = [&](const std::string& q) {
    auto terms = selectQueryTerms(text::tokenize(q), df, stats.documentCount(), cfg.maxQueryTerms,
                                  cfg.maxDocFraction);
    return fts.search(ftsMatchTokens(terms), int(cfg.depth));
  };
  fts.begin();
  for (size_t i = 0; i < docs.size(); ++i) {
    std::string id = "syn" + std::to_string(i);
    stats.addDocument(text::tokenize(docs[i]));
    fts.upsert(id, docs[i]);
    vectors.upsert(id, text::HashedVector::fromText(docs[i], cfg.dims).values());
  }
  fts.commit();
  docs.clear();
  docs.shrink_to_fit();
  std::printf("timing: built %zu synthetic memolets (FTS5 + vectors) in %.1f s\n", n,
              ms(Clock::now() - t0) / 1000.0);

  // Incremental: every real exchange, in conversation order, is segmented and
  // indexed into the big index (its open memolet re-indexed when it grows).
  std::vector<double> incremental, incrementalCpu;
  Segmenter seg(cfg.percentile, cfg.fallbackThreshold, cfg.maxExchanges);
  struct Span {
    std::string conversation;
    size_t begin, end;
  };
  std::map<std::string, Span> spans;  // real memolets in the big index
  for (auto& c : data.conversations) {
    SegmentTracker tracker(seg);
    std::string openId, openText;
    for (size_t i = 0; i < c.exchanges.size(); ++i) {
      Timer timer;
      std::string text = c.exchanges[i].text();
      auto v = text::HashedVector::fromText(text, cfg.dims);
      if (tracker.add(v)) {
        openId = c.id + "_" + std::to_string(i);
        openText.clear();
      }
      spans[openId] = {c.id, tracker.exchangeCount() - tracker.openSize(), tracker.exchangeCount()};
      // The open memolet's document frequencies are replaced as it grows.
      if (!openText.empty()) stats.removeDocument(text::tokenize(openText));
      openText += text + "\n\n";
      stats.addDocument(text::tokenize(openText));
      fts.upsert(openId, openText);
      vectors.upsert(openId, text::HashedVector::fromText(openText, cfg.dims).values());
      timer.record(incremental, incrementalCpu);
    }
  }

  // Search: FTS5 BM25 top-50 + vector top-50 + RRF, per query; and the
  // expanded pipeline (every query variant through both, one fusion).
  std::vector<double> search, expanded, searchCpu, expandedCpu;
  for (int rep = 0; rep < 3; ++rep) {
    for (auto& q : data.queries) {
      Timer one;
      auto bm = bm25(q.text);
      std::vector<std::string> vs;
      for (auto& h : vectors.topK(text::HashedVector::fromText(q.text, cfg.dims).values(), cfg.depth))
        vs.push_back(h.id);
      auto fused = reciprocalRankFusion({bm, vs}, cfg.rrfK);
      one.record(search, searchCpu);

      Timer many;
      std::vector<std::vector<std::string>> lists;
      std::vector<std::vector<float>> queryVectors;
      std::vector<double> weights;
      for (auto& variant : queryVariants(q.text, cfg.variants)) {
        lists.push_back(bm25(variant));
        weights.push_back(lists.size() == 1 ? cfg.originalWeight : 1.0);
        queryVectors.push_back(text::HashedVector::fromText(variant, cfg.dims).values());
      }
      // All variants' vector searches in one scan.
      auto vectorHits = vectors.topKMany(queryVectors, cfg.depth);
      for (size_t v = 0; v < vectorHits.size(); ++v) {
        std::vector<std::string> ids;
        for (auto& h : vectorHits[v]) ids.push_back(h.id);
        weights.push_back((v == 0 ? cfg.originalWeight : 1.0) * cfg.vectorWeight);
        lists.push_back(std::move(ids));
      }
      auto all = weightedReciprocalRankFusion(lists, weights, cfg.rrfK);
      many.record(expanded, expandedCpu);
      if (fused.empty() && all.empty()) std::printf("(no results for %s)\n", q.id.c_str());
    }
  }
  std::vector<double> vecOnly, vecOnlyCpu;
  for (auto& q : data.queries) {
    auto qv = text::HashedVector::fromText(q.text, cfg.dims).values();
    Timer t;
    auto hits = vectors.topK(qv, cfg.depth);
    t.record(vecOnly, vecOnlyCpu);
  }
  size_t total = vectors.size();

  // Quality at scale: the same queries against the real memolets hidden among
  // the synthetic ones (the single-query search and the expanded pipeline).
  // [split][method] -> (hits@5, reciprocal rank sum, queries)
  struct Sum {
    double hits = 0, rr = 0;
    size_t n = 0;
  };
  std::map<std::string, std::map<std::string, Sum>> sums;
  for (auto& q : data.queries) {
    auto rank = [&](const std::vector<std::string>& ids) {
      for (size_t i = 0; i < ids.size(); ++i) {
        auto it = spans.find(ids[i]);
        if (it == spans.end() || it->second.end - it->second.begin > cfg.maxHitSpan) continue;
        for (auto& [c, e] : q.answers)
          if (c == it->second.conversation && e >= it->second.begin && e < it->second.end) return i + 1;
      }
      return size_t(0);
    };
    auto vecIds = [&](const std::vector<VectorHit>& hits) {
      std::vector<std::string> ids;
      for (auto& h : hits) ids.push_back(h.id);
      return ids;
    };
    auto bm = bm25(q.text);
    auto vs = vecIds(vectors.topK(text::HashedVector::fromText(q.text, cfg.dims).values(), cfg.depth));
    std::vector<std::vector<std::string>> lists;
    std::vector<std::vector<float>> qv;
    std::vector<double> weights;
    for (auto& variant : queryVariants(q.text, cfg.variants)) {
      lists.push_back(bm25(variant));
      weights.push_back(lists.size() == 1 ? cfg.originalWeight : 1.0);
      qv.push_back(text::HashedVector::fromText(variant, cfg.dims).values());
    }
    auto many = vectors.topKMany(qv, cfg.depth);
    for (size_t v = 0; v < many.size(); ++v) {
      lists.push_back(vecIds(many[v]));
      weights.push_back((v == 0 ? cfg.originalWeight : 1.0) * cfg.vectorWeight);
    }
    auto ids = [](const std::vector<Fused>& f) {
      std::vector<std::string> out;
      for (auto& x : f) out.push_back(x.id);
      return out;
    };
    std::map<std::string, size_t> ranks = {
        {"bm25", rank(bm)},
        {"vector", rank(vs)},
        {"fusion", rank(ids(weightedReciprocalRankFusion(lists, weights, cfg.rrfK)))},
    };
    const std::vector<std::string> subsets = {"all", q.split, q.split + "/" + q.kind};
    for (auto& [m, r] : ranks)
      for (const auto& subset : subsets) {
        auto& acc = sums[subset][m];
        acc.hits += (r >= 1 && r <= 5) ? 1 : 0;
        acc.rr += r ? 1.0 / double(r) : 0.0;
        ++acc.n;
      }
  }
  for (const char* subset : {"tune", "heldout", "all"})
    for (auto& m : {"bm25", "vector", "fusion"}) {
      auto a = sums[subset][m], p = sums[std::string(subset) + "/paraphrase"][m];
      if (std::string(subset) == "all") {
        p = {};
        for (const char* split : {"tune", "heldout"}) {
          auto x = sums[std::string(split) + "/paraphrase"][m];
          p.hits += x.hits;
          p.rr += x.rr;
          p.n += x.n;
        }
      }
      if (a.n == 0 || (onlyTune && std::string(subset) != "tune")) continue;
      std::printf("at scale (%zu memolets) %-7s (n=%3zu) %-7s recall@5 %.3f MRR %.3f | paraphrase recall@5 %.3f MRR %.3f\n",
                  total, subset, a.n, m, a.hits / double(a.n), a.rr / double(a.n),
                  p.n ? p.hits / double(p.n) : 0.0, p.n ? p.rr / double(p.n) : 0.0);
    }

  std::printf("timing: search over %zu memolets (BM25 + vector top-%zu + RRF): median %.2f ms wall "
              "(%.2f ms CPU), p90 %.2f ms wall (target < 20 ms)\n",
              total, cfg.depth, median(search), median(searchCpu), percentile(search, 0.9));
  std::printf("timing:   of which vector top-k alone (%d dims): median %.2f ms wall (%.2f ms CPU)\n", cfg.dims,
              median(vecOnly), median(vecOnlyCpu));
  std::printf("timing: expanded search (%zu query variants x both retrievers + RRF): median %.2f ms wall "
              "(%.2f ms CPU), p90 %.2f ms wall\n",
              cfg.variants, median(expanded), median(expandedCpu), percentile(expanded, 0.9));
  std::printf("timing: segment + index one new exchange at %zu memolets: median %.3f ms wall (%.3f ms CPU), "
              "p90 %.3f ms wall (target < 5 ms)\n",
              total, median(incremental), median(incrementalCpu), percentile(incremental, 0.9));
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = GROVE_RETRIEVAL_DIR;
  size_t synthetic = 100000;
  bool doTiming = true, doSweep = false, tuneOnly = false;
  EvalConfig cfg;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "missing value for %s\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--data") dir = next();
    else if (a == "--synthetic") synthetic = std::stoul(next());
    else if (a == "--no-timing") doTiming = false;
    else if (a == "--sweep") doSweep = true;
    else if (a == "--tune-only") tuneOnly = true;
    else if (a == "--percentile") cfg.percentile = std::stod(next());
    else if (a == "--fallback") cfg.fallbackThreshold = std::stod(next());
    else if (a == "--max-exchanges") cfg.maxExchanges = std::stoul(next());
    else if (a == "--rrf-k") cfg.rrfK = std::stoi(next());
    else if (a == "--variants") cfg.variants = std::stoul(next());
    else if (a == "--dims") cfg.dims = std::stoi(next());
    else if (a == "--idf") cfg.idf = std::stoi(next()) != 0;
    else if (a == "--max-doc-fraction") cfg.maxDocFraction = std::stod(next());
    else if (a == "--max-query-terms") cfg.maxQueryTerms = std::stoul(next());
    else if (a == "--idf-segment") cfg.idfSegment = std::stoi(next()) != 0;
    else if (a == "--vector-weight") cfg.vectorWeight = std::stod(next());
    else if (a == "--original-weight") cfg.originalWeight = std::stod(next());
    else {
      std::fprintf(stderr, "unknown option %s (see the comment at the top of memolet_eval.cpp)\n", a.c_str());
      return 2;
    }
  }
  Dataset data = loadDataset(dir);
  if (doSweep) {
    sweep(data, cfg);
    return 0;
  }
  auto r = runEval(data, cfg);
  printQuality(data, cfg, r,
               tuneOnly ? std::vector<const char*>{"tune"}
                        : std::vector<const char*>{"tune", "heldout", "all"});
  if (doTiming && synthetic > 0) timing(data, cfg, synthetic, tuneOnly);
  return 0;
}
