// RetrievalEval: the memolet retrieval evaluation over tests/data/retrieval.
// Segments every conversation with memory::Segmenter, indexes the segments as
// memolets (BM25 through FTS5, vectors through HashedVector + VectorIndex),
// runs every query through each retrieval method and scores recall@5 and MRR.
// Shared by the benchmark (tests/bench/memolet_eval.cpp) and the held-out
// regression test (tests/memory/RetrievalEvalTest.cpp).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "memory/Rrf.h"
#include "memory/Segmenter.h"
#include "memory/TermStats.h"
#include "memory/VectorIndex.h"
#include "text/HashedVector.h"

namespace grove::memory::eval {

struct Exchange {
  std::string user;
  std::string assistant;
  std::string text() const { return user + "\n" + assistant; }
};

struct Conversation {
  std::string id;
  std::string title;
  std::vector<Exchange> exchanges;
};

struct Query {
  std::string id;
  std::string split;  // "tune" | "heldout"
  std::string kind;   // "direct" | "paraphrase"
  std::string text;
  std::vector<std::pair<std::string, size_t>> answers;  // (conversation, exchange)
};

struct Dataset {
  std::vector<Conversation> conversations;
  std::vector<Query> queries;
};

/// Reads conversations.txt and queries.tsv from `dir`; throws std::runtime_error
/// on malformed input (exchange numbering, unknown answer references).
Dataset loadDataset(const std::string& dir);

/// The knobs tuned on the tune split.
struct EvalConfig {
  double percentile = Segmenter::kDefaultPercentile;
  double fallbackThreshold = Segmenter::kDefaultFallbackThreshold;
  size_t maxExchanges = Segmenter::kDefaultMaxExchanges;
  int rrfK = kTunedRrfK;
  size_t variants = 5;  // query variants per query for the expanded methods
  int dims = 256;
  /// A hit's memolet may span at most this many exchanges (not tunable: the rule).
  size_t maxHitSpan = 4;
  size_t depth = 50;  // results per retriever before fusion
  /// IDF-weighted vectors (document frequencies over exchanges), for segmentation and search.
  bool idf = false;
  bool idfSegment = false;  // also for the segmentation similarities
  /// Weight of the original query's lists in the fusion (the variants weigh 1).
  double originalWeight = kOriginalQueryWeight;
  /// Weight of the vector retriever's lists relative to BM25's in the fusion.
  double vectorWeight = 1.0;
  /// BM25 query terms kept per query (rarest first; memory::selectQueryTerms).
  size_t maxQueryTerms = 8;
  /// At scale, BM25 skips query terms in more than this share of memolets.
  double maxDocFraction = 0.05;
};

/// One memolet made by segmentation.
struct EvalMemolet {
  std::string id;  // "<conversation>_<begin>_<end>"
  std::string conversation;
  Segment span;
  std::string text;
};

struct Metrics {
  size_t queries = 0;
  double recallAt5 = 0.0;
  double mrr = 0.0;
};

/// Method names, in print order: "bm25", "vector", "bm25+vector" (RRF of the two on the
/// query), "bm25 variants", "vector variants", "fusion" (RRF over both retrievers for every
/// query variant: the production pipeline).
const std::vector<std::string>& evalMethods();

struct EvalResult {
  std::vector<EvalMemolet> memolets;
  /// [method][subset] where subset is "<split>/<kind>" with split in {all, tune, heldout}
  /// and kind in {all, paraphrase, direct}.
  std::map<std::string, std::map<std::string, Metrics>> metrics;
  double meanSpan = 0.0;  // exchanges per memolet
};

/// Segments, indexes and evaluates every query.
EvalResult runEval(const Dataset& data, const EvalConfig& config);

/// Segments of one conversation with `config` (exchange vectors from HashedVector,
/// IDF-weighted by `stats` when given).
std::vector<Segment> segmentConversation(const Conversation& c, const EvalConfig& config,
                                         const TermStats* stats = nullptr);

}  // namespace grove::memory::eval
