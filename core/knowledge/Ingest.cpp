#include "knowledge/Ingest.h"

#include <algorithm>

#include "knowledge/Chunker.h"
#include "memory/FtsText.h"
#include "support/Hash.h"

namespace grove::knowledge {

IngestedDocument ingestDocument(const std::string& workspaceUri, const ScannedDocument& document,
                                int64_t ingestedAt) {
  IngestedDocument out;
  std::vector<Chunk> chunks = chunkSegments(document.segments);
  std::string idBase = fnv1aHex(workspaceUri + "\n" + document.uri);
  for (size_t i = 0; i < chunks.size(); ++i) {
    const Chunk& c = chunks[i];
    KnowledgeChunkRow r;
    r.id = "kc-" + idBase + "-" + std::to_string(i);
    r.workspaceUri = workspaceUri;
    r.uri = document.uri;
    r.level = 0;
    r.ordinal = static_cast<int>(i);
    r.startLine = c.startLine;
    r.startChar = c.startChar;
    r.endLine = c.endLine;
    r.endChar = c.endChar;
    r.title = c.heading.empty() || c.heading == document.title ? document.title : document.title + " › " + c.heading;
    r.text = c.text;
    // The title counts for BM25 too: a chunk under "Installing" is about installing.
    r.terms = memory::ftsDocument(r.title + "\n" + r.text);
    out.leaves.push_back(std::move(r));
  }
  out.row = {workspaceUri, document.uri, document.title, document.contentHash,
             static_cast<int>(out.leaves.size()), ingestedAt};
  return out;
}

DocumentIndexInfo documentIndexInfo(KnowledgeDocumentStore& store, const std::string& workspaceUri) {
  DocumentIndexInfo info;
  info.documents = static_cast<int>(store.knowledgeDocuments(workspaceUri).size());
  info.chunks = static_cast<int>(store.knowledgeChunkCount(workspaceUri, 0));
  KnowledgeStateRow state = store.knowledgeState(workspaceUri);
  info.levels = state.levels;
  // A cancelled run leaves the tree to rebuild: report what is there.
  if (info.levels.empty() && info.chunks > 0)
    info.levels = {info.chunks, static_cast<int>(store.knowledgeChunkCount(workspaceUri, 1))};
  info.ingestedAt = state.ingestedAt;
  info.starters = state.starters;
  return info;
}

std::vector<std::string> starterQuestions(const std::vector<KnowledgeChunkRow>& topLevel, size_t n) {
  std::vector<const KnowledgeChunkRow*> nodes;
  for (const auto& t : topLevel)
    if (!t.title.empty()) nodes.push_back(&t);
  std::stable_sort(nodes.begin(), nodes.end(),
                   [](const auto* a, const auto* b) { return a->children.size() > b->children.size(); });
  std::vector<std::string> out;
  for (const auto* node : nodes) {
    if (out.size() >= n) break;
    out.push_back("What does the workspace say about " + node->title + "?");
  }
  return out;
}

}  // namespace grove::knowledge
