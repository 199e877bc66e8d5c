// Analysis: the native structure detectors (issue 7). Given the cursor's path
// and the message about to be sent, proposes structural actions — branch off a
// side topic, return to the parent thread, extract a reusable workflow, or
// exclude units the user names — each as a Signal the user accepts or rejects.
//
// Pure and deterministic: no I/O, no clock, no randomness; one call on a
// 1,000-unit path costs well under a millisecond (only the recent units are
// read, and the path is never scanned more than once).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "structure/Model.h"

namespace grove::structure {

struct PathTurn {
  std::string unitId;
  std::string role;  // "user" | "assistant" | "system"
  std::string text;
};

enum class SignalKind { Branch, Return, Extract, Exclude };

/// "branch" | "return" | "extract" | "exclude"
std::string_view toString(SignalKind kind);

/// Decision thresholds of the detectors. Branch and return compare the
/// calibrated probability of their model (structure/Model.h) with a threshold,
/// so each is a precision floor; the defaults are the ones training chose on
/// the train splits (structure/ModelWeights.inc); the user model shifts them
/// through adjusted().
struct Thresholds {
  /// Branch when the branch model's probability reaches this.
  double branch = shippedBranchThreshold();
  /// The same in chit-chat (short turns free of code and of programming words), where
  /// topic shifts are routine and a branch is cheap.
  double branchChat = shippedBranchChatThreshold();
  /// Return when the return model's probability reaches this.
  double ret = shippedReturnThreshold();
  /// Extract when the workflow score of a branch being closed reaches this.
  double extract = 0.5;
  /// Minimum number of user messages in the recent path before drift is
  /// judged (no topic to drift from yet).
  int minUserTurns = 1;
};

/// Preferences from the user model, each in [-1, 1]: negative = the user
/// rejects these, so be stricter.
struct Bias {
  double branch = 0, ret = 0, extract = 0;  // branch moves both branch thresholds
};

/// Moves thresholds monotonically with bias: a negative bias raises the
/// threshold (fewer suggestions), a positive one lowers it. Results stay in
/// [0.05, 0.98].
Thresholds adjusted(const Thresholds& base, const Bias& bias);

struct AnalysisInput {
  std::vector<PathTurn> path;           // the cursor's path, root first, cursor last (may be empty)
  std::string message;                  // the message about to be sent
  bool onBranch = false;                // the cursor lies on a non-mainline branch
  std::string branchHeadId;             // when onBranch: the branch's first unit (its head)
  std::string branchTitle;              // when onBranch: title/intent of the branch, may be empty
  std::vector<PathTurn> parentContext;  // when onBranch: the last few units of the path at the anchor
  std::string parentTipId;              // when onBranch: tip of the path the branch left (where return goes)
};

struct Signal {
  SignalKind kind = SignalKind::Branch;
  std::vector<std::string> anchorIds;  // branch: {cursor unit id (the anchor)}; return: {branchHeadId, parentTipId};
                                       // extract: unit ids of the workflow; exclude: unit ids to exclude
  std::string reason;                  // one sentence a user reads on the card
  double confidence = 0;               // 0..1
  std::string title;                   // branch: short intent title from the new message; extract: capsule name
  bool delegated = false;              // the user asked for this action in words (delegation)
  std::string capsuleType;             // extract: "reasoning" | "task_sop" | "context_case"
};

/// Runs every detector on one message. Delegation ("branch this off", "go
/// back to the main thread", "exclude the earlier setup discussion", "save
/// this as an SOP") wins: the result is then exactly that one Signal with
/// delegated = true. Otherwise at most one of branch/return, plus an extract
/// when a return closes a branch that completed a workflow.
std::vector<Signal> analyze(const AnalysisInput& input, const Thresholds& thresholds = {});

}  // namespace grove::structure
