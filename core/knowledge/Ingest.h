// Ingest: what one scanned document becomes in the knowledge store (its row
// and its leaf chunks), and the starter questions written at the end of an
// ingest. The walk, the batching, progress and cancel are the session's
// (session/KnowledgeIngest.cpp); this part is pure.
#pragma once

#include <cstdint>
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

/// Up to `n` starter questions from the top level's summaries: "What does
/// the workspace say about <title>?" for the largest nodes first.
std::vector<std::string> starterQuestions(const std::vector<KnowledgeChunkRow>& topLevel, size_t n = 4);

}  // namespace grove::knowledge
