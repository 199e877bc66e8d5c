#include "knowledge/GraphAnswer.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace grove::knowledge {

namespace {

const std::set<std::string>& stopWords() {
  static const std::set<std::string> words = {
      "a",     "an",    "and",  "are",   "as",    "at",    "be",   "by",   "can",  "do",   "does", "for",
      "from",  "how",   "i",    "in",    "is",    "it",    "me",   "of",   "on",   "or",   "our",  "that",
      "the",   "this",  "to",   "was",   "what",  "when",  "where", "which", "who", "why", "with", "you",
      "about", "tell",  "there", "their", "they", "we",    "used", "use",  "any",  "some", "all",  "my",
      "show",  "find",  "explain", "describe", "whats", "what's", "work", "works", "doing", "did", "has", "have"};
  return words;
}

}  // namespace

std::vector<std::string> contentWords(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  auto flush = [&] {
    if (w.size() > 1 && !stopWords().count(w) && std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    w.clear();
  };
  for (unsigned char c : text) {
    if (std::isalnum(c) || c >= 0x80) w += static_cast<char>(std::tolower(c));
    else flush();
  }
  flush();
  return out;
}

GraphAnswer graphAnswer(const KnowledgeGraph& g, const std::string& query, const std::optional<std::string>& scopeId,
                        size_t limit) {
  GraphAnswer out;
  std::vector<std::string> terms = contentWords(query);
  if (terms.empty()) return out;
  struct Hit {
    const KnowledgeNode* node;
    double score;
  };
  std::vector<Hit> hits;
  for (const auto& n : g.nodes) {
    if (scopeId && !g.isDescendant(n.id, *scopeId)) continue;
    auto title = contentWords(n.title);
    auto details = contentWords(n.details);
    double score = 0;
    for (const auto& t : terms) {
      if (std::find(title.begin(), title.end(), t) != title.end()) score += 2;
      else if (std::find(details.begin(), details.end(), t) != details.end()) score += 1;
    }
    // At least half the query's content words must be there (the same bar as
    // the relevance filter for chunks).
    size_t matched = 0;
    for (const auto& t : terms)
      if (std::find(title.begin(), title.end(), t) != title.end() ||
          std::find(details.begin(), details.end(), t) != details.end())
        ++matched;
    if (matched * 2 >= terms.size() && score > 0) hits.push_back({&n, score});
  }
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.score > b.score; });
  if (hits.size() > limit) hits.resize(limit);
  if (hits.empty()) return out;
  std::string text;
  for (const auto& h : hits) {
    out.nodeIds.push_back(h.node->id);
    text += "- " + h.node->title + (h.node->details.empty() ? "" : ": " + h.node->details) + "\n";
  }
  out.text = "From the map:\n" + text;
  return out;
}

}  // namespace grove::knowledge
