// GroundedAnswer: the document half of grove/knowledge/ask's answer (DESIGN
// §11.3 KnowledgeTurn.answer): retrieval from the right level (Retrieval.h),
// the relevance filter, and an answer grounded only in the chunks kept:
// offline, their sentences sharing the most query terms, in rank order;
// when nothing is kept, exactly "I don't know" with known = false. Every
// citation is a file URI and a line range of a leaf.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "knowledge/KnowledgeGraph.h"
#include "knowledge/Retrieval.h"
#include "ports/KnowledgeDocumentStore.h"

namespace grove::knowledge {

inline constexpr const char* kIDontKnow = "I don't know";

/// Citation of §11.3: {uri, range, title, quote, level, stale}.
struct DocumentCitation {
  std::string uri;
  int startLine = 0, startChar = 0, endLine = 0, endChar = 0;
  std::string title;
  std::string quote;
  int level = 0;
  bool stale = false;  // the store's copy is what is cited; refresh re-ingests a changed file
};

struct DocumentAnswerChunk {
  DocumentCitation citation;
  double score = 0.0;
  bool kept = false;
};

struct DocumentAnswer {
  std::string text;
  bool known = false;
  std::vector<DocumentCitation> citations;  // the kept chunks
  std::string refinedQuery;
  std::vector<DocumentAnswerChunk> chunks;  // every chunk retrieved, kept or not
};

/// A retrieved chunk's citation (its leaf's file and lines, a quote).
DocumentCitation citationOf(const RetrievedChunk& c);

/// The same citation as the map's nodes and answers hold it.
inline Citation toCitation(const DocumentCitation& c) {
  return Citation{c.uri, Range{{c.startLine, c.startChar}, {c.endLine, c.endChar}}, c.title, c.quote, c.level, c.stale};
}

/// The answer from the workspace's documents. `levelHint`: "overview",
/// "detail" or "" (decided from the question). Engine thread (reads the store).
DocumentAnswer answerFromDocuments(KnowledgeDocumentStore& store, const std::string& workspaceUri,
                                   std::string_view query, std::string_view levelHint = "");

}  // namespace grove::knowledge
