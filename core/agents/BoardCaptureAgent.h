// BoardCaptureAgent: the model path of a board capture (DESIGN §11.2,
// design/board-and-knowledge.md "Capture", "Placement"). With a provider the
// utility model analyses the new item (strict JSON: title, summary, tags,
// context) and scores the prefiltered candidates' relatedness to it
// ({"scores": [{id, score}]}). This file builds both requests and judges what
// was read from the replies (llm/ModelReplies reads the JSON); anything
// unusable falls back to the native analysis or sigma, never to an error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Board.h"
#include "model/Unit.h"
#include "ports/LlmClient.h"

namespace grove {

/// The model's analysis of a new item: each field it gave usably replaces
/// the offline one (a title the user typed wins over both).
struct BoardAnalysis {
  std::optional<std::string> title, summary, context;
  std::optional<std::vector<std::string>> tags;
};

/// A board item as the scoring prompt shows it.
struct BoardCard {
  std::string id, kind, title, summary, context;
  std::vector<std::string> tags;
  std::string path;  // a snippet's file, relative to the workspace when under it
};

/// A card as the board prompts show it: Title, Summary, Tags, Context, File.
std::string boardCardText(const BoardCard& card);

/// A text field read from the model, trimmed; empty or absent is nullopt.
std::optional<std::string> trimmedField(const std::optional<std::string>& field);

/// What the model path asks the model about: the new item as capture would
/// analyse it, and the prefilter's top candidates with their native sigma.
struct CaptureCandidates {
  BoardCard item;
  std::string content;
  std::vector<BoardCard> candidates;
  std::vector<double> nativeSigma;  // per candidate, same order
};

/// How many prefiltered candidates the model scores.
inline constexpr size_t kModelScoredCandidates = 20;

/// The analysis request for captured `content` (with its source, if any).
ChatRequest boardAnalysisRequest(const std::string& content, const std::optional<Source>& source,
                                 const std::string& model);

/// The scoring request: the new item and its candidates.
ChatRequest boardScoresRequest(const CaptureCandidates& c, const std::string& model);

/// The usable part of an analysis read from the model: text fields trimmed
/// (an empty one is dropped), tags lower-cased, deduplicated, at most 8.
BoardAnalysis analysisFromModel(BoardAnalysis raw);

/// Scores read from the model, judged against what it was asked: ids that
/// name no candidate are dropped, a repeated id keeps its first score, and
/// scores are clamped to [0, 1].
std::vector<ScoredId> scoresFromModel(const std::vector<ScoredId>& raw, const std::vector<BoardCard>& candidates);

}  // namespace grove
