// Offline query expansion (RAG-Fusion without a provider): a few standalone
// lexical variants of a query, each retrieved separately and fused with RRF.
// Variants: the query itself, its content words, its words with programming
// synonyms substituted (a small fixed thesaurus: "container" -> "docker",
// "losing files" -> "volume persist"), and the synonym set on its own.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grove::memory {

/// The original first, then up to maxVariants - 1 distinct variants made of
/// words as written, never stems, so each reads as a query and
/// tokenises like the original (never empty, never duplicates). maxVariants is
/// clamped to [1, 6].
std::vector<std::string> queryVariants(std::string_view query, size_t maxVariants = 5);

/// Thesaurus words and phrases (as written, e.g. "bind mount") related to
/// `query`'s words and phrases, without those the query already contains; in
/// thesaurus order, unique.
std::vector<std::string> relatedTerms(std::string_view query);

/// The query's content words (those that give a search token) as written,
/// lowercased, each once: what a dictionary is asked about.
std::vector<std::string> contentWordsOf(std::string_view query);

}  // namespace grove::memory
