// Features: what the branch and return models see of one message — the
// detectors' similarity scores and cues, plus the message's shape (length,
// pasted log, question, script) and its place in the conversation. Every
// feature lies in [0, 1], so one weight scale fits all of them.
//
// The names are the keys of the shipped weights (structure/ModelWeights.inc),
// written by the training program tests/bench/structure_train.cpp.
#pragma once

#include <string_view>
#include <vector>

#include "structure/Context.h"
#include "structure/Drift.h"
#include "structure/Return.h"

namespace grove::structure {

/// Branch model features, in the order of branchFeatureNames().
std::vector<double> branchFeatures(const Context& c, const DriftEstimate& d);
const std::vector<std::string_view>& branchFeatureNames();

/// Person-to-person chit-chat rather than work with an assistant: every
/// recent unit under 120 characters, free of code and of programming
/// vocabulary (structure::technicalWords), and the message too. 75% of TIAGE
/// train's messages, 2% of the project's programming ones (tune split): a
/// terse programming exchange is short and code-free too, but it speaks
/// programming. Topic shifts are routine in chit-chat, so the branch card has
/// a bar of its own there (Thresholds::branchChat).
bool chatStyle(const Context& c);

/// A message that leaves the thread's domain: the recent units speak
/// programming (two or more technical words), the message says something
/// (three or more content words, a question) without any of it, as a cooking question in
/// a thread about SQLite migrations.
bool offDomain(const Context& c);

/// Return model features (cursor on a branch), in the order of returnFeatureNames().
std::vector<double> returnFeatures(const Context& c, const ReturnEstimate& r);
const std::vector<std::string_view>& returnFeatureNames();

}  // namespace grove::structure
