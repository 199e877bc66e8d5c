#include "knowledge/GroundedAnswer.h"

#include <set>

#include "knowledge/Retrieval.h"
#include "memory/Summary.h"

namespace grove::knowledge {

namespace {

constexpr size_t kQuoteChars = 240;
constexpr size_t kAnswerChunks = 3;  // kept chunks the answer's sentences come from

}  // namespace

DocumentCitation citationOf(const RetrievedChunk& c) {
  DocumentCitation cit;
  cit.uri = c.leaf.uri;
  cit.startLine = c.leaf.startLine;
  cit.startChar = c.leaf.startChar;
  cit.endLine = c.leaf.endLine;
  cit.endChar = c.leaf.endChar;
  cit.title = c.leaf.title;
  cit.quote = c.leaf.text.size() > kQuoteChars ? c.leaf.text.substr(0, kQuoteChars) + "…" : c.leaf.text;
  cit.level = c.level;
  return cit;
}

DocumentAnswer answerFromDocuments(KnowledgeDocumentStore& store, const std::string& workspaceUri,
                                   std::string_view query, std::string_view levelHint) {
  DocumentAnswer a;
  a.refinedQuery = refineQuery(query);
  std::string q = a.refinedQuery.empty() ? std::string(query) : a.refinedQuery;
  std::vector<RetrievedChunk> got = retrieve(store, workspaceUri, q, chooseLevel(query, levelHint));
  std::set<std::string> said;
  size_t used = 0;
  for (const auto& c : got) {
    DocumentCitation cit = citationOf(c);
    a.chunks.push_back({cit, c.score, c.kept});
    if (!c.kept) continue;
    a.citations.push_back(cit);
    if (used >= kAnswerChunks) continue;
    ++used;
    std::vector<std::string> sentences = memory::matchingSentences(c.leaf.text, q, 2);
    for (const auto& s : sentences) {
      if (!said.insert(s).second) continue;
      a.text += (a.text.empty() ? "" : " ") + s + " [" + std::to_string(a.citations.size()) + "]";
    }
  }
  a.known = !a.citations.empty() && !a.text.empty();
  if (!a.known) {
    a.text = kIDontKnow;
    a.citations.clear();
  }
  return a;
}

}  // namespace grove::knowledge
