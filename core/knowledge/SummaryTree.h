// SummaryTree: the RAPTOR-style tree over a workspace's chunks (Sarthi et al.
// 2024; MindTrellis §3). Level 0 are the chunks; level 1 groups each
// document's chunks (the source file is the first and cheapest cluster: its
// chunks share a topic and a citation target); from level 2 on, the nodes of
// the level below are clustered by k-means on their hashed vectors (about 8
// per cluster) and each cluster summarised, recursively, until a level has
// at most 8 nodes. Offline summaries are extractive (memory/Summary.h),
// titles are the cluster's top keywords. Deterministic: the same chunks give
// the same tree and the same ids.
#pragma once

#include <string>
#include <vector>

#include "ports/KnowledgeDocumentStore.h"

namespace grove::knowledge {

constexpr size_t kTopLevelMaxNodes = 8;

/// The id of a document's level-1 node.
std::string documentSummaryId(const std::string& workspaceUri, const std::string& uri);

/// Level-1 node of one document (id from the workspace and URI, children the
/// leaves in order, range the whole document's chunks).
KnowledgeChunkRow documentSummary(const KnowledgeDocumentRow& document,
                                  const std::vector<KnowledgeChunkRow>& leaves);

/// Levels 2.. over the level-1 nodes (empty when there are at most 8).
std::vector<KnowledgeChunkRow> upperLevels(const std::vector<KnowledgeChunkRow>& documentSummaries);

/// Node counts per level, leaves first (at least two once anything is in).
std::vector<int> levelCounts(size_t leaves, const std::vector<KnowledgeChunkRow>& summaries);

}  // namespace grove::knowledge
