// Ingest: what one scanned document becomes in the knowledge store (its row
// and its leaf chunks), and the starter questions written at the end of an
// ingest. The walk, the batching, progress and cancel are the session's
// (session/KnowledgeIngest.cpp); this part is pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "knowledge/DocumentScanText.h"
#include "ports/KnowledgeDocumentStore.h"

namespace grove::knowledge {

struct IngestedDocument {
  KnowledgeDocumentRow row;
  std::vector<KnowledgeChunkRow> leaves;
};

/// Chunks `document` (Chunker.h) into leaves with stable ids (workspace, URI,
/// ordinal) and their FTS terms.
IngestedDocument ingestDocument(const std::string& workspaceUri, const ScannedDocument& document,
                                int64_t ingestedAt);

/// The document side of KnowledgeInfo (§11.3): counts, the tree's levels
/// (leaves first), when the last ingest ended and its starter questions.
/// `ingesting` is the session's (KnowledgeIngest::running).
struct DocumentIndexInfo {
  int documents = 0;
  int chunks = 0;
  std::vector<int> levels;
  std::optional<int64_t> ingestedAt;
  std::vector<std::string> starters;
};
DocumentIndexInfo documentIndexInfo(KnowledgeDocumentStore& store, const std::string& workspaceUri);

/// Up to `n` starter questions from the top level's summaries: "What does
/// the workspace say about <title>?" for the largest nodes first.
std::vector<std::string> starterQuestions(const std::vector<KnowledgeChunkRow>& topLevel, size_t n = 4);

}  // namespace grove::knowledge
