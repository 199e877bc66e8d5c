// Feedback: query expansion from the searcher's own history (pseudo-relevance
// feedback, in the manner of RM3). The best few results of a first search are
// taken as relevant, and the terms they share, weighted by how rare they are in
// the whole history, become a second query: a question names an event ("the
// LGBTQ support group") and the exchange that answers it talks about it in its
// own words ("the group meeting", "transgender stories"), which co-occur with
// the named words in the history even when no thesaurus knows them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "memory/TermStats.h"

namespace grove::memory {

/// Up to `maxTerms` expansion terms, best first: terms of the `feedback`
/// documents (token lists of the first search's best results) scored by the
/// sum over documents of tf / length times the term's IDF in `stats`; terms in
/// fewer than `minDocuments` of them (clamped to their number) and the query's
/// own tokens are left out. Ties break by term, so the answer is deterministic.
std::vector<std::string> feedbackTerms(const std::vector<std::string>& queryTokens,
                                       const std::vector<std::vector<std::string>>& feedback, const TermStats& stats,
                                       size_t maxTerms = 10, size_t minDocuments = 2);

}  // namespace grove::memory
