// Suggestion: a structural action the core proposes (Contextify's structure
// agent) and the user accepts, rejects or defers. It never applies itself.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/BoardOp.h"

namespace grove {

namespace knowledge {
struct KnowledgeCard;  // knowledge/KnowledgeCard.h: a map card's ops, relation, citations
}

/// Branch..Exclude are a project's structure cards; Evolve and Reorganize
/// are a workspace board's cards (DESIGN §11.4), carrying board ops; Child
/// and KnowledgeEdit are a workspace knowledge map's cards.
enum class SuggestionKind { Branch, Return, Extract, Exclude, Evolve, Reorganize, Child, KnowledgeEdit };
enum class SuggestionState { Pending, Accepted, Rejected, Deferred, Ignored };
enum class SuggestionSource { Native, Model };

const char* toString(SuggestionKind);
const char* toString(SuggestionState);
const char* toString(SuggestionSource);
std::optional<SuggestionKind> parseSuggestionKind(std::string_view);
std::optional<SuggestionState> parseSuggestionState(std::string_view);
std::optional<SuggestionSource> parseSuggestionSource(std::string_view);

struct Suggestion {
  std::string id;  // empty for an analysis that is not stored
  std::string projectId;  // empty for a board card
  SuggestionKind kind = SuggestionKind::Branch;
  /// branch: {anchor}; return: {branch head, parent tip}; extract: the
  /// workflow's units; exclude: the units to exclude.
  std::vector<std::string> anchorIds;
  std::string reason;
  double confidence = 0;
  SuggestionSource source = SuggestionSource::Native;
  SuggestionState state = SuggestionState::Pending;
  int64_t createdAt = 0;
  std::optional<std::string> title;          // branch intent / capsule name
  std::optional<std::string> triggerUnitId;  // the user unit whose send produced it
  bool delegated = false;                    // the user asked for it in words
  std::optional<std::string> capsuleType;    // extract: reasoning | task_sop | context_case
  std::optional<int64_t> resolvedAt;
  /// A board card: its workspace, and the ops accepting it applies as one
  /// undo entry of the board (anchorIds: the items it is about).
  std::optional<std::string> workspaceUri;
  std::vector<BoardOp> ops;
  /// A knowledge-map card (child, knowledgeEdit) holds KnowledgeOps instead,
  /// which this layer cannot name: they ride behind an opaque, immutable
  /// pointer that the knowledge, engine, store and protocol layers read.
  std::shared_ptr<const knowledge::KnowledgeCard> knowledge;

  /// A card of a workspace (board or knowledge map), not of a project.
  bool onBoard() const { return workspaceUri.has_value(); }
  bool onMap() const { return knowledge != nullptr; }
};

}  // namespace grove
