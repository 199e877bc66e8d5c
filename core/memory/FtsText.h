// Text as FTS5 should see it. SQLite's unicode61 tokenizer keeps `parseConfig`
// whole and does not stem, so BM25 would miss `parse_config` and "configs".
// Index ftsDocument(text) (text::tokenize tokens joined by spaces) in the FTS5
// column instead, and search with ftsMatchQuery(query): the same tokens, each
// quoted, OR-ed, so BM25 ranks by how many and how rare the shared terms are.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "memory/Keywords.h"

namespace grove::memory {

/// Space-separated text::tokenize tokens of `text`.
std::string ftsDocument(std::string_view text);

/// FTS5 MATCH expression: "tok1" OR "tok2" ... (unique tokens, in order);
/// empty when the query has no content tokens (caller skips BM25 then).
std::string ftsMatchQuery(std::string_view query);

/// Same for already-stemmed tokens (e.g. query variants' related terms).
std::string ftsMatchTokens(const std::vector<std::string>& tokens);

/// Tokens (text::tokenize's stems) as prefix terms ("tok1"* OR "tok2"* ...),
/// for an index of raw text (unit content, unicode61: not stemmed,
/// identifiers whole): a stem then still meets its inflections ("config"
/// finds "configs"). Stems under four bytes stay whole words.
std::string ftsPrefixMatchTokens(const std::vector<std::string>& tokens);

/// Query terms for BM25 at scale: FTS5 scores every document containing any
/// OR-ed term, so a term found in a large share of the collection costs much
/// and ranks little. Keeps at most maxTerms distinct tokens, rarest first
/// (then query order), and once the collection has minDocuments documents drops
/// terms in more than maxDocFraction of them. The rarest term always stays.
/// Returned in query order.
std::vector<std::string> selectQueryTerms(const std::vector<std::string>& tokens,
                                          const DocumentFrequency& documentFrequency,
                                          size_t documentCount, size_t maxTerms = 8,
                                          double maxDocFraction = 0.05,
                                          size_t minDocuments = 1000);

}  // namespace grove::memory
