#include "knowledge/SummaryTree.h"

#include <algorithm>
#include <map>

#include "memory/FtsText.h"
#include "memory/KMeans.h"
#include "memory/Keywords.h"
#include "memory/Summary.h"
#include "memory/TermStats.h"
#include "support/Hash.h"
#include "text/HashedVector.h"
#include "text/Tokenizer.h"

namespace grove::knowledge {

namespace {

// Summary text is capped: a summary feeds the next level's summary and BM25,
// and a whole document's sentences would make both slow and vague.
constexpr size_t kSummarySentences = 3;
constexpr size_t kSummaryInputChars = 20000;

std::string joinTexts(const std::vector<const KnowledgeChunkRow*>& rows) {
  std::string all;
  for (const auto* r : rows) {
    if (all.size() > kSummaryInputChars) break;
    all += r->text;
    all += "\n\n";
  }
  return all;
}

}  // namespace

std::string documentSummaryId(const std::string& workspaceUri, const std::string& uri) {
  return "ks1-" + fnv1aHex(workspaceUri + "\n" + uri);
}

KnowledgeChunkRow documentSummary(const KnowledgeDocumentRow& document,
                                  const std::vector<KnowledgeChunkRow>& leaves) {
  KnowledgeChunkRow s;
  s.id = documentSummaryId(document.workspaceUri, document.uri);
  s.workspaceUri = document.workspaceUri;
  s.level = 1;
  s.title = document.title;
  std::vector<const KnowledgeChunkRow*> rows;
  for (const auto& l : leaves) {
    rows.push_back(&l);
    s.children.push_back(l.id);
  }
  s.text = memory::extractiveSummary(joinTexts(rows), kSummarySentences);
  if (s.text.empty() && !leaves.empty()) s.text = leaves.front().text.substr(0, 400);
  s.terms = memory::ftsDocument(s.title + "\n" + s.text);
  if (!leaves.empty()) {
    s.startLine = leaves.front().startLine;
    s.endLine = leaves.back().endLine;
    s.endChar = leaves.back().endChar;
  }
  return s;
}

std::vector<KnowledgeChunkRow> upperLevels(const std::vector<KnowledgeChunkRow>& documentSummaries) {
  std::vector<KnowledgeChunkRow> out;
  std::vector<KnowledgeChunkRow> current = documentSummaries;
  std::sort(current.begin(), current.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  int level = 1;
  while (current.size() > kTopLevelMaxNodes) {
    ++level;
    memory::TermStats stats;
    std::vector<std::vector<std::string>> tokens;
    for (const auto& n : current) {
      tokens.push_back(text::tokenize(n.title + "\n" + n.text));
      stats.addDocument(tokens.back());
    }
    std::vector<std::vector<float>> points;
    for (const auto& t : tokens) points.push_back(text::HashedVector::fromTokens(t, 256, stats.weight()).values());
    int k = static_cast<int>((current.size() + kTopLevelMaxNodes - 1) / kTopLevelMaxNodes);
    // A few Lloyd rounds settle clusters this coarse; 50 would cost seconds at 2,000 documents.
    memory::KMeansResult km = memory::kMeans(points, k, 10);
    std::map<int, std::vector<size_t>> clusters;
    for (size_t i = 0; i < km.assignment.size(); ++i) clusters[km.assignment[i]].push_back(i);
    if (clusters.size() >= current.size() || clusters.size() <= 1) {
      // No progress (identical points): cut in order instead.
      clusters.clear();
      for (size_t i = 0; i < current.size(); ++i) clusters[static_cast<int>(i / kTopLevelMaxNodes)].push_back(i);
    }
    std::vector<KnowledgeChunkRow> next;
    for (const auto& [cluster, members] : clusters) {
      KnowledgeChunkRow s;
      s.workspaceUri = current.front().workspaceUri;
      s.level = level;
      std::vector<const KnowledgeChunkRow*> rows;
      std::vector<std::string> memberTokens;
      std::string ids;
      for (size_t m : members) {
        rows.push_back(&current[m]);
        s.children.push_back(current[m].id);
        ids += current[m].id;
        memberTokens.insert(memberTokens.end(), tokens[m].begin(), tokens[m].end());
      }
      s.id = "ks" + std::to_string(level) + "-" + fnv1aHex(ids);
      auto terms = memory::keywordTerms(
          memberTokens, 3, [&](std::string_view t) { return stats.documentFrequency(t); }, stats.documentCount());
      for (const auto& t : terms) s.title += (s.title.empty() ? "" : ", ") + t;
      s.text = memory::extractiveSummary(joinTexts(rows), kSummarySentences);
      s.terms = memory::ftsDocument(s.title + "\n" + s.text);
      next.push_back(std::move(s));
    }
    std::sort(next.begin(), next.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    for (size_t i = 0; i < next.size(); ++i) next[i].ordinal = static_cast<int>(i);
    out.insert(out.end(), next.begin(), next.end());
    current = std::move(next);
  }
  return out;
}

std::vector<int> levelCounts(size_t leaves, const std::vector<KnowledgeChunkRow>& summaries) {
  std::vector<int> counts{static_cast<int>(leaves)};
  for (const auto& s : summaries) {
    if (static_cast<size_t>(s.level) >= counts.size()) counts.resize(static_cast<size_t>(s.level) + 1, 0);
    ++counts[static_cast<size_t>(s.level)];
  }
  if (leaves > 0 && counts.size() < 2) counts.push_back(0);
  return counts;
}

}  // namespace grove::knowledge
