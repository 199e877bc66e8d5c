// BoardGroupingAgent: the model's part in how the board is grouped (DESIGN
// §11.2, design/board-and-knowledge.md "Placement", "Reorganize"). With a
// provider, "reorganise these with an instruction" asks the utility model
// for groups of the selection ({"groups": [{title, summary, itemIds}]}), and
// a group that placement made (or rewrote after its membership changed) is
// named by the model ({title, summary}) instead of by its keywords. This
// file builds both requests and judges what was read from the replies
// (llm/ModelReplies reads the JSON).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agents/BoardCaptureAgent.h"
#include "ports/LlmClient.h"

namespace grove {

/// One group of a regrouping: a title and summary for the new group, and
/// the memories it takes.
struct Regrouping {
  std::string title, summary;
  std::vector<std::string> itemIds;
};

/// A group's title and summary as the model wrote them (each optional).
struct GroupDescription {
  std::optional<std::string> title, summary;
};

/// The reorganize request: the instruction and the selected memories.
ChatRequest boardReorganizeRequest(const std::string& instruction, const std::vector<BoardCard>& selection,
                                   const std::string& model);

/// A regrouping read from the model, judged against the selection: ids that
/// name no selected memory are dropped, a memory stays in the first group
/// that names it, titles and summaries are trimmed (a title is cut to 80
/// characters), and groups left with no memory are dropped.
std::vector<Regrouping> regroupingFromModel(std::vector<Regrouping> raw, const std::vector<std::string>& selection);

/// The naming request: a group's newest members.
ChatRequest boardGroupNameRequest(const std::vector<BoardCard>& members, const std::string& model);

/// The usable part of a description: trimmed fields, a title cut to 80
/// characters; nullopt when neither field is left.
std::optional<GroupDescription> groupDescriptionFromModel(GroupDescription raw);

}  // namespace grove
