// The Engine's memolet API types (issue 8): creation, search, the memory map,
// `@` completion, retrieval for a turn and refinement by manipulation.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "memory/ContextyScore.h"
#include "model/Memolet.h"

namespace grove {

/// Tunables; fromEnvironment() reads GROVE_RRF_K, GROVE_SEGMENT_PERCENTILE and
/// GROVE_MEMOLET_MAX_CONTEXTS over these defaults.
struct MemoletConfig {
  /// Reciprocal rank fusion constant: 10 was chosen with the weights below
  /// (development splits, engine_retrieval_eval --sweep: mean recall@5 0.861
  /// against 0.846 at the customary 60).
  int rrfK = 10;
  double segmentPercentile = -1;    // < 0: memory::Segmenter's tuned default
  double minSimilarity = 0.2;       // hashed-vector cosine below this is collision noise
  size_t maxContexts = 6;           // adaptive top-k cap for a turn
  /// Search at the size people look things up (memory/ExchangeRanking):
  /// RRF weights of the memolets ranked by their best matching exchange and
  /// by their best window of three exchanges, beside BM25 and vectors over
  /// whole memolets (weight 1 each). Chosen on the development splits with
  /// tests/bench/engine_retrieval_eval.cpp --sweep and the rescoring weight
  /// below: 0 and 2 with rrfK 10 (docs/decisions.md, "counts that follow
  /// the memolets"). GROVE_MEMOLET_EXCHANGE_WEIGHT, GROVE_MEMOLET_WINDOW_WEIGHT
  /// and GROVE_RRF_K override them (0 and 0 with 60: whole memolets only).
  double exchangeWeight = 0.0;
  double windowWeight = 2.0;
  /// Messages ranked per query term: 200 (chosen on the development splits
  /// with engine_retrieval_eval --unit-depth; 100 lost 20 LoCoMo dev
  /// questions whose answer is a message outside a common term's first 100,
  /// and 300 or 400 find none more).
  size_t unitDepth = 200;
  /// How much a term's recurrence in a window adds (memory::rankExchanges'
  /// saturation, BM25's customary k1): chosen on the development splits
  /// with engine_retrieval_eval --window-saturation.
  double windowSaturation = 1.2;
  /// Query expansion from WordNet (support/WordNet, Debian's wordnet-base):
  /// each noun of a search query adds the other words of its first this many
  /// senses to the query's expanded BM25 ranking; 0 turns it off. Nouns of
  /// the first sense were chosen on the development splits with
  /// engine_retrieval_eval --wordnet-senses (verbs and adjectives, a second
  /// sense, or the synonyms looked up message by message scored no better).
  size_t wordNetSenses = 1;
  /// The best this many fused results are ranked once more by BM25 over the
  /// window each points at, read as one document (memory/WindowScore), at
  /// this RRF weight; a window may first move by up to rescoreShift
  /// exchanges within its memolet to where more of the question's words are.
  /// 10, 4 and 2 were chosen on the development splits with
  /// engine_retrieval_eval --rescore-depth/--rescore-weight/--rescore-shift
  /// (docs/decisions.md, "windows read whole" and "counts that follow the
  /// memolets"); depth 0 turns it off.
  size_t rescoreDepth = 10;
  double rescoreWeight = 4.0;
  size_t rescoreShift = 2;
  static MemoletConfig fromEnvironment();
  /// The search settings chosen on the development splits (the defaults);
  /// named so the evaluation programs and tests say what they measure.
  static MemoletConfig granularSearch();
  /// Whole memolets only (weights 0, rrfK 60): the ranking before issue 13,
  /// kept as the baseline the evaluation programs print beside it.
  static MemoletConfig wholeMemolets();
};

struct MemoletCreateRequest {
  std::string projectId;
  std::vector<std::string> unitIds;      // or:
  std::optional<MemoletSpan> span;       // one unit and UTF-8 byte offsets
  std::optional<std::string> parentId;   // made from another memolet
  std::optional<std::string> title;
};

struct MemoletQuery {
  std::string query;
  size_t limit = 20;
  std::optional<std::string> projectId;
  /// The query's provider embedding (same model as stored ones), when there is one.
  std::vector<float> embedding;
  std::string embeddingModel;
};

struct MemoletHit {
  Memolet memolet;
  double score = 0;
  std::vector<std::string> sentences;  // the memolet's sentences that best match the query
  /// The units of the exchanges that matched, in order: the hit at the size
  /// people look things up (an exchange and its neighbours) inside this
  /// memolet. Empty when the memolet matched as a whole.
  std::vector<std::string> focusUnitIds;
};

struct MemoletMapPoint {
  std::string id;
  double x = 0.5;
  double y = 0.5;
  int cluster = 0;
};
struct MemoletCluster {
  int id = 0;
  std::vector<std::string> keywords;
  size_t size = 0;
};
struct MemoletMap {
  std::vector<MemoletMapPoint> points;
  std::vector<MemoletCluster> clusters;
};

struct MemoletCompletion {
  std::string id;
  std::string label;       // title
  std::string detail;      // summary
  std::string insertText;  // @[Title](memolet:ID), or @[Title](group:ID)
  std::string kind = "memolet";  // memolet | group (a board group of the project's workspace)
};

/// What the user chose for one turn's memory (`memory` on grove/chat/send,
/// regenerate, refine and grove/scope/preview; DESIGN §11.2).
struct MemoryChoice {
  std::vector<std::string> add;     // memolets given explicitly (`added`)
  std::vector<std::string> remove;  // never in this prompt
  std::string preset = "auto";      // auto | group | snippets | none
  std::optional<std::string> groupId;  // preset `group`: retrieve from this subtree only
};

/// One memory in a turn's prompt, and why it is there.
struct MemoryBlock {
  std::string memoletId;
  std::string title;
  std::string kind = "chat";  // chat | snippet | note
  std::string why;            // mention | group | added | retrieved
  std::optional<std::string> groupId;  // the board group it sits in
  std::optional<int> rank;             // retrieved: 1-based place in the fused ranking
  std::optional<double> score;         // retrieved: fused RRF score
  std::optional<memory::ContextyScore> contexty;  // retrieved: Contexty's score for the message
  bool stale = false;  // a snippet whose code changed since it was captured
  int tokens = 0;      // what the block costs in the prompt
};

/// What a turn (or a preview) needs from memory for one user message.
struct RetrievalRequest {
  std::string projectId;
  std::string message;                 // may hold @[Title](memolet:ID) references
  std::vector<std::string> queries;    // expanded queries; empty: offline variants
  std::vector<std::vector<float>> queryEmbeddings;  // one per query, or none
  std::string embeddingModel;
  std::vector<std::string> exclude;    // never retrieved (refinement's REMOVE)
  std::optional<int> budgetTokens;     // retrieved contexts use at most half of it
  MemoryChoice memory;
};

struct MemoletContext {
  std::vector<Memolet> referenced;  // explicit (mentions, groups, added), always in full
  std::vector<Memolet> retrieved;   // by fusion and adaptive top-k, best first
  std::vector<MemoryBlock> blocks;  // every one of the above, in prompt order
  /// The system prompt section (empty when there is nothing to show).
  std::string section;
  std::vector<std::string> ids() const;  // referenced then retrieved
};

/// grove/chat/refine's manipulations (memolet ids throughout).
struct RefineRequest {
  std::vector<std::string> add, remove, highlight, obscure;
  struct Pair {
    std::string a, b;
    double weight = 0.5;  // a's share; b gets 1 - weight
  };
  std::vector<Pair> group;
};

}  // namespace grove
