// KnowledgeReplies: the knowledge map's model replies (issue 17): the
// planner's ops, a corrected op, the Oracle's intent. Part of
// grove_model_replies (the one place that reads a model's JSON); the ops are
// spelled as on the wire (DESIGN §11.3), without what only a canvas sends
// (positions, sources, starring), so a plan is read strictly and anything
// else is a failed attempt with its reason.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "knowledge/ChildSuggestions.h"
#include "knowledge/IntentClassifier.h"
#include "knowledge/KnowledgeOp.h"

namespace grove::llm {

/// A plan: {"ops": [op, ...]} (or the bare array), at least one op.
std::optional<std::vector<knowledge::KnowledgeOp>> parseKnowledgePlanReply(const std::string& text, std::string& why);

/// A correction: {"op": <op>} or the op object itself.
std::optional<knowledge::KnowledgeOp> parseKnowledgeOpReply(const std::string& text, std::string& why);

/// The Oracle's answer: {label, confidence?, rewritten}; confidence outside
/// [0, 1] or a blank rewrite makes it unusable.
struct ModelIntent {
  knowledge::IntentLabel label = knowledge::IntentLabel::Search;
  std::optional<double> confidence;
  std::string rewritten;
};
std::optional<ModelIntent> parseKnowledgeIntentReply(const std::string& text, std::string& why);

/// Children proposed for a node (the model path of suggest):
/// {"children": [{title, relation?, details?, source}]} (or the bare array),
/// `source` a passage number. Read strictly: a child without a string title
/// or an integer source makes the reply unusable; an empty list is an answer
/// (nothing new is grounded). Which children are usable is judged later
/// (knowledge::judgedChildren).
std::optional<std::vector<knowledge::ProposedChild>> parseKnowledgeChildrenReply(const std::string& text,
                                                                                 std::string& why);

/// Ops as the prompts show them (the form the replies are read in).
std::string knowledgeOpsJson(const std::vector<knowledge::KnowledgeOp>& ops);
std::string knowledgeOpJson(const knowledge::KnowledgeOp& op);

}  // namespace grove::llm
