#include "memory/FtsText.h"

#include <algorithm>
#include <unordered_set>

#include "text/Tokenizer.h"

namespace grove::memory {

std::string ftsDocument(std::string_view text) {
  std::string out;
  for (const auto& t : text::tokenize(text)) {
    if (!out.empty()) out.push_back(' ');
    out += t;
  }
  return out;
}

namespace {

/// Unique tokens and their other spellings (text::otherSpelling: "agency"
/// is also "agenci", which begins "agencies"), each quoted, OR-ed; `prefix`:
/// stems of four bytes or more as prefix terms (a short stem as a prefix
/// matches unrelated words: "go" would find "google").
std::string orTerms(const std::vector<std::string>& tokens, bool prefix) {
  std::string out;
  std::unordered_set<std::string> seen;
  for (const auto& t : text::withOtherSpellings(tokens)) {
    if (t.empty() || !seen.insert(t).second) continue;
    if (!out.empty()) out += " OR ";
    out.push_back('"');
    for (char c : t) {
      if (c == '"') out.push_back('"');  // FTS5 string escape: double the quote
      out.push_back(c);
    }
    out.push_back('"');
    if (prefix && t.size() >= 4) out.push_back('*');
  }
  return out;
}

}  // namespace

std::string ftsMatchTokens(const std::vector<std::string>& tokens) { return orTerms(tokens, false); }

std::string ftsPrefixMatchTokens(const std::vector<std::string>& tokens) { return orTerms(tokens, true); }

std::vector<std::string> selectQueryTerms(const std::vector<std::string>& tokens,
                                          const DocumentFrequency& documentFrequency,
                                          size_t documentCount, size_t maxTerms,
                                          double maxDocFraction, size_t minDocuments) {
  struct Term {
    std::string text;
    size_t order;
    size_t df;
  };
  std::vector<Term> terms;
  std::unordered_set<std::string> seen;
  for (const auto& t : tokens)
    if (!t.empty() && seen.insert(t).second)
      terms.push_back({t, terms.size(), documentFrequency ? documentFrequency(t) : 0});
  std::stable_sort(terms.begin(), terms.end(), [](const Term& a, const Term& b) { return a.df < b.df; });
  const bool large = documentCount >= minDocuments;
  std::vector<Term> kept;
  for (const auto& t : terms) {
    if (kept.size() >= maxTerms) break;
    if (!kept.empty() && large && double(t.df) > maxDocFraction * double(documentCount)) break;
    kept.push_back(t);
  }
  std::sort(kept.begin(), kept.end(), [](const Term& a, const Term& b) { return a.order < b.order; });
  std::vector<std::string> out;
  for (auto& t : kept) out.push_back(std::move(t.text));
  return out;
}

std::string ftsMatchQuery(std::string_view query) { return ftsMatchTokens(text::tokenize(query)); }

}  // namespace grove::memory
