// Bm25: one term's share of a document's BM25 score, with the customary
// constants FTS5's bm25() uses. Shared by the store's FTS5 auxiliary
// function (store/Bm25Function, which must score exactly as bm25() does, so
// the expression keeps FTS5's order) and the ranking of windows read whole
// (memory/WindowScore).
#pragma once

namespace grove::memory {

struct Bm25Params {
  double k1 = 1.2;
  double b = 0.75;
};

/// k1 (1 - b + b |D| / avgdl): how a document's length damps its term counts.
inline double bm25LengthNorm(double length, double meanLength, Bm25Params p = {}) {
  return p.k1 * (1 - p.b + p.b * length / meanLength);
}

/// idf (tf (k1 + 1)) / (tf + lengthNorm).
inline double bm25TermScore(double idf, double tf, double lengthNorm, Bm25Params p = {}) {
  return idf * (tf * (p.k1 + 1)) / (tf + lengthNorm);
}

}  // namespace grove::memory
