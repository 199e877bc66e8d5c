// KnowledgeSuggest: grove/knowledge/suggest (DESIGN §11.3; MindTrellis §9
// items 37-39). Offline and grounded: the workspace's documents are searched
// for the node's title (and details), and each kept passage offers children
// (knowledge/ChildSuggestions) as pending `child` cards, each citing its
// passage. Never repeated: a title already in the map or already suggested
// for this node (pending, rejected or accepted) is not offered again. With a
// provider the model proposes the children from the same passages
// (session/KnowledgeSuggestJobs); these are the parts both paths share.
// Also the pending `knowledgeEdit` card an edit previewed through ask makes.
#pragma once

#include <string>
#include <vector>

#include "engine/Engine.h"
#include "knowledge/ChildSuggestions.h"

namespace grove::session {

inline constexpr int kMaxChildSuggestions = 5;

/// Up to `limit` (1..5) new child cards under `nodeId`, stored and announced;
/// none when nothing is ingested or nothing grounded is left. Unknown node:
/// NotFound nodeNotFound. Engine thread.
std::vector<Suggestion> suggestChildren(Engine& engine, const std::string& workspaceUri, const std::string& nodeId,
                                        int limit);

/// What suggest reads on the engine thread: the map, the node, the titles
/// suggested for it before, and the passages kept for it. Bad `limit`:
/// invalidArg; unknown node: NotFound nodeNotFound.
struct SuggestInput {
  knowledge::KnowledgeGraph graph;
  std::string nodeId;
  size_t limit = kMaxChildSuggestions;
  std::vector<std::string> taken;
  std::vector<knowledge::ChildSource> passages;
};
SuggestInput suggestInput(Engine& engine, const std::string& workspaceUri, const std::string& nodeId, int limit);

/// The titles of every earlier child card of `nodeId`, in any state.
std::vector<std::string> suggestedTitles(Engine& engine, const std::string& workspaceUri, const std::string& nodeId);

/// `candidates` as pending child cards of `nodeId`, stored and announced,
/// their AddNode of `origin` (document offline, model with a provider). A
/// title the map or an earlier card holds by now is skipped. Engine thread.
std::vector<Suggestion> proposeChildCards(Engine& engine, const std::string& workspaceUri, const std::string& nodeId,
                                          const std::vector<knowledge::ChildCandidate>& candidates,
                                          knowledge::Origin origin);

/// The document passages retrieval keeps for `node` (engine thread).
std::vector<knowledge::ChildSource> passagesFor(Engine& engine, const knowledge::KnowledgeGraph& graph,
                                                const knowledge::KnowledgeNode& node);

/// The AddNode that makes candidate `c` a child of `parentId` (origin
/// document, labelled with its relation, citing its passage).
knowledge::KnowledgeOp childOp(const std::string& parentId, const knowledge::ChildCandidate& c);

/// A previewed edit (`preview` of the planned `ops` on `before`) as a pending
/// knowledgeEdit card: title the plan's summary, reason the user's input,
/// anchors the existing nodes it touches. Accepting it applies the ops.
Suggestion proposeEditCard(Engine& engine, const knowledge::KnowledgeGraph& before, const KnowledgeEditResult& preview,
                           const std::vector<knowledge::KnowledgeOp>& ops, const std::string& summary,
                           const std::string& input);

}  // namespace grove::session
