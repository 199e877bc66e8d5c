// Retrieval over a workspace's summary tree (MindTrellis §3.3; design
// "Ask"). The level rule: an overview question (it asks for an overview,
// summary, the main topics or ideas, what something is "about" or "in
// general", or the level hint says so) is matched against the summaries
// (levels >= 1), and each summary kept is cited through its best leaves;
// any other question is a detail question, matched against the leaves. Each
// level is ranked by BM25 (FTS5 over code-aware terms) and by hashed-vector
// cosine over BM25's candidates, fused by RRF. The relevance filter keeps a
// chunk holding at least half the refined query's content terms.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ports/KnowledgeDocumentStore.h"

namespace grove::knowledge {

enum class RetrievalLevel { Overview, Detail };

/// `hint`: "overview" or "detail" decides; anything else: the question's words.
RetrievalLevel chooseLevel(std::string_view query, std::string_view hint);

/// The query's content terms (text::tokenize: stemmed, stop-words dropped), unique, in order.
std::vector<std::string> contentTerms(std::string_view query);
/// The query without its question words and punctuation ("what is the X of Y?" -> "X Y").
std::string refineQuery(std::string_view query);
/// At least half of `terms` (rounded up) occur in `text`'s tokens.
bool relevant(const std::vector<std::string>& terms, std::string_view text);

struct RetrievedChunk {
  KnowledgeChunkRow leaf;  // what is cited (a leaf, with its file range)
  int level = 0;           // the level it was retrieved at (a summary's, when cited through it)
  double score = 0.0;
  bool kept = false;  // passed the relevance filter
};

/// The best `k` leaves for `query` at `level`, best first, each marked kept or not.
std::vector<RetrievedChunk> retrieve(KnowledgeDocumentStore& store, const std::string& workspaceUri,
                                     std::string_view query, RetrievalLevel level, size_t k = 5);

/// Baseline for the benchmark: plain BM25 over the leaves, best first.
std::vector<KnowledgeChunkRow> retrieveBm25(KnowledgeDocumentStore& store, const std::string& workspaceUri,
                                            std::string_view query, size_t k = 5);

}  // namespace grove::knowledge
