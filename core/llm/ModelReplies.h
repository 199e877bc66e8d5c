// ModelReplies: the adapter between the agents and a model's "JSON only"
// replies. The agents say what they ask and what a valid answer means; this
// file (with llm/KnowledgeReplies, the knowledge map's) is the only place
// that reads (or writes) the JSON itself, so the agents stay free of a JSON
// library and a change of wire format touches one file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agents/BoardCaptureAgent.h"
#include "agents/BoardGroupingAgent.h"
#include "agents/CapsuleExtraction.h"
#include "agents/StructureAgent.h"
#include "model/UserModel.h"

namespace grove::llm {

/// The text without surrounding whitespace and one ```json ... ``` fence
/// (models often wrap the object in one; that wrapper, and only that, goes).
std::string unfenceJson(const std::string& text);

/// The structure agent's reply read strictly: the documented keys with the
/// right types, then validStructureReply. nullopt with `why` otherwise.
std::optional<StructureReply> parseStructureReply(const std::string& text, std::string& why);

/// The extraction reply: exactly the keys name, requires_human_review,
/// instruction, example, with the right types, then draftFromModel.
std::optional<CapsuleDraft> parseExtractionReply(const std::string& text, std::string& why);

/// A board capture's analysis: a JSON object whose keys title, summary,
/// context (strings) and tags (an array of strings) are each taken when they
/// have that type; nullopt with `why` when it is no object or none is usable.
std::optional<BoardAnalysis> parseBoardAnalysisReply(const std::string& text, std::string& why);

/// A board capture's candidate scores: {"scores": [{id, score}]} or the bare
/// array, every entry a string id and a number; nullopt with `why` otherwise.
std::optional<std::vector<ScoredId>> parseBoardScoresReply(const std::string& text, std::string& why);

/// A reorganize reply: {"groups": [{title, summary, itemIds}]} (or the bare
/// array); every group an object with a string array `itemIds`; title and
/// summary taken when they are strings. nullopt with `why` otherwise.
std::optional<std::vector<Regrouping>> parseBoardRegroupReply(const std::string& text, std::string& why);

/// A group's name: {title, summary}, each taken when it is a string;
/// nullopt with `why` when it is no object.
std::optional<GroupDescription> parseBoardGroupNameReply(const std::string& text, std::string& why);

/// The user model as the structure agent's prompt shows it ("" before any event).
std::string userModelJson(const UserModel& model);

}  // namespace grove::llm
