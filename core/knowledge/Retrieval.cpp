#include "knowledge/Retrieval.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "memory/FtsText.h"
#include "memory/Rrf.h"
#include "text/HashedVector.h"
#include "text/Tokenizer.h"

namespace grove::knowledge {

namespace {

constexpr size_t kCandidates = 50;       // BM25 candidates per level, reranked by vectors
constexpr size_t kSummariesKept = 3;     // overview: summaries expanded to leaves
constexpr size_t kLeavesPerSummary = 2;  // overview: leaves cited per summary

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/') {
      w += c;
    } else if (!w.empty()) {
      out.push_back(w);
      w.clear();
    }
  }
  if (!w.empty()) out.push_back(w);
  for (auto& x : out)
    while (!x.empty() && (x.back() == '.' || x.back() == '-')) x.pop_back();
  return out;
}

double overlapScore(const std::vector<std::string>& terms, const std::string& text) {
  if (terms.empty()) return 0;
  std::unordered_set<std::string> have;
  for (auto& t : text::tokenize(text)) have.insert(std::move(t));
  size_t n = 0;
  for (const auto& t : terms) n += have.count(t);
  return static_cast<double>(n) / static_cast<double>(terms.size());
}

// BM25's weight against the hashed-vector cosine in the fusion. At 1:1 the
// cosine (which rewards chunks sharing common words) pushed BM25's right
// chunk at rank 3-5 out of the top 5. Chosen on the odd (tuning) half of the
// labelled questions (grove_knowledge_bench --recall --half odd; 1, 2, 3 x
// cosine weight 0, 0.5, 1 x k 10, 60): Neovim help 0.609 -> 0.656, docs/
// 0.949 -> 1.000. On the held-out even half: Neovim 0.516 -> 0.609 (BM25
// alone 0.594), docs/ 0.966 either way.
constexpr double kBm25Weight = 3.0;

// BM25 ranking plus cosine reranking of the same candidates, fused.
std::vector<std::pair<KnowledgeChunkRow, double>> rankLevel(KnowledgeDocumentStore& store,
                                                            const std::string& workspaceUri,
                                                            std::string_view query, bool summaries,
                                                            size_t limit) {
  std::string match = memory::ftsMatchQuery(query);
  std::vector<KnowledgeChunkRank> bm25 = store.knowledgeBm25(workspaceUri, match, summaries, kCandidates);
  std::unordered_map<std::string, KnowledgeChunkRow> rows;
  std::vector<std::string> byBm25;
  for (const auto& r : bm25)
    if (auto row = store.knowledgeChunk(r.id)) {
      byBm25.push_back(r.id);
      rows.emplace(r.id, std::move(*row));
    }
  text::HashedVector q = text::HashedVector::fromText(query);
  std::vector<std::pair<double, std::string>> cos;
  for (const auto& id : byBm25) {
    const auto& row = rows.at(id);
    cos.push_back({text::HashedVector::fromText(row.title + "\n" + row.text).cosine(q), id});
  }
  std::stable_sort(cos.begin(), cos.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> byVector;
  for (const auto& c : cos) byVector.push_back(c.second);
  std::vector<std::pair<KnowledgeChunkRow, double>> out;
  for (const auto& f :
       memory::weightedReciprocalRankFusion({byBm25, byVector}, {kBm25Weight, 1.0}, memory::kTunedRrfK)) {
    if (out.size() >= limit) break;
    out.push_back({rows.at(f.id), f.score});
  }
  return out;
}

// A summary's leaves: down through its children to level 0.
std::vector<KnowledgeChunkRow> leavesUnder(KnowledgeDocumentStore& store, const KnowledgeChunkRow& node) {
  std::vector<KnowledgeChunkRow> out;
  std::vector<std::string> frontier = node.children;
  while (!frontier.empty()) {
    std::vector<std::string> next;
    for (const auto& id : frontier) {
      auto row = store.knowledgeChunk(id);
      if (!row) continue;
      if (row->level == 0) out.push_back(std::move(*row));
      else next.insert(next.end(), row->children.begin(), row->children.end());
    }
    frontier = std::move(next);
    if (out.size() > 2000) break;  // a top node of a huge workspace: enough to pick from
  }
  return out;
}

}  // namespace

RetrievalLevel chooseLevel(std::string_view query, std::string_view hint) {
  if (hint == "overview") return RetrievalLevel::Overview;
  if (hint == "detail") return RetrievalLevel::Detail;
  std::string q = lower(query);
  static const char* const kOverview[] = {"overview", "summary", "summarize", "summarise", "main topic",
                                          "main idea", "main point", "key idea", "key point", "in general",
                                          "high-level", "high level", "big picture", "what is this about",
                                          "what are the docs about", "topics", "outline of"};
  for (const char* cue : kOverview)
    if (q.find(cue) != std::string::npos) return RetrievalLevel::Overview;
  if (q.find(" about") != std::string::npos && (q.rfind("what", 0) == 0 || q.rfind("tell me", 0) == 0) &&
      contentTerms(query).size() <= 2)
    return RetrievalLevel::Overview;
  return RetrievalLevel::Detail;
}

std::vector<std::string> contentTerms(std::string_view query) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (auto& t : text::tokenize(query))
    if (seen.insert(t).second) out.push_back(std::move(t));
  return out;
}

std::string refineQuery(std::string_view query) {
  std::string out;
  for (const auto& w : words(query)) {
    if (text::tokenize(w).empty()) continue;  // a stop-word or question word
    out += (out.empty() ? "" : " ") + w;
  }
  return out;
}

bool relevant(const std::vector<std::string>& terms, std::string_view text) {
  if (terms.empty()) return false;
  std::unordered_set<std::string> have;
  for (auto& t : text::tokenize(text)) have.insert(std::move(t));
  size_t n = 0;
  for (const auto& t : terms) n += have.count(t);
  return 2 * n >= terms.size();
}

std::vector<RetrievedChunk> retrieve(KnowledgeDocumentStore& store, const std::string& workspaceUri,
                                     std::string_view query, RetrievalLevel level, size_t k) {
  std::vector<std::string> terms = contentTerms(query);
  std::vector<RetrievedChunk> out;
  if (terms.empty()) return out;
  auto judge = [&](RetrievedChunk c) {
    c.kept = relevant(terms, c.leaf.title + "\n" + c.leaf.text);
    out.push_back(std::move(c));
  };
  if (level == RetrievalLevel::Overview) {
    std::set<std::string> cited;
    for (auto& [summary, score] : rankLevel(store, workspaceUri, query, true, kSummariesKept)) {
      std::vector<KnowledgeChunkRow> leaves = leavesUnder(store, summary);
      std::stable_sort(leaves.begin(), leaves.end(), [&](const auto& a, const auto& b) {
        return overlapScore(terms, a.title + "\n" + a.text) > overlapScore(terms, b.title + "\n" + b.text);
      });
      size_t taken = 0;
      for (auto& leaf : leaves) {
        if (taken >= kLeavesPerSummary || out.size() >= k) break;
        if (!cited.insert(leaf.id).second) continue;
        judge({std::move(leaf), summary.level, score, false});
        ++taken;
      }
    }
    // Fewer summaries than k leaves' worth: fill from the leaves.
    if (out.size() >= k) return out;
  }
  std::set<std::string> have;
  for (const auto& c : out) have.insert(c.leaf.id);
  for (auto& [leaf, score] : rankLevel(store, workspaceUri, query, false, k)) {
    if (out.size() >= k) break;
    if (have.count(leaf.id)) continue;
    judge({std::move(leaf), 0, score, false});
  }
  return out;
}

std::vector<KnowledgeChunkRow> retrieveBm25(KnowledgeDocumentStore& store, const std::string& workspaceUri,
                                            std::string_view query, size_t k) {
  std::vector<KnowledgeChunkRow> out;
  for (const auto& r : store.knowledgeBm25(workspaceUri, memory::ftsMatchQuery(query), false, k))
    if (auto row = store.knowledgeChunk(r.id)) out.push_back(std::move(*row));
  return out;
}

}  // namespace grove::knowledge
