// Turn: the typed requests and results of the session's chat services
// (grove/chat/send, regenerate, refine on the wire).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/Engine.h"
#include "support/Expected.h"

namespace grove::session {

/// A user message to store and answer.
struct SendRequest {
  std::string projectId;
  std::optional<std::string> parentId;  // nullopt: a new root
  std::string content;
  std::optional<AppendRequest::BranchInfo> branch;  // open a branch with the message
  std::optional<std::string> model;
  MemoryChoice memory;
};

/// Another answer to a unit: a user unit gets one more answer, an answer is
/// redone from the message it answered. With `refine`, the prompt is
/// sectioned by the user's manipulation of memolets.
struct AnswerAgainRequest {
  std::string unitId;
  std::optional<std::string> model;
  std::optional<RefineRequest> refine;
  MemoryChoice memory;
};

struct Citation {
  std::string memoletId;
  std::string title;
};

/// A finished turn.
struct Turn {
  Unit userUnit;
  Unit assistantUnit;
  int promptTokens = 0;
  int completionTokens = 0;
  /// The provider's (`stop`, `length`, ...), `interrupted`, `cancelled`, or
  /// `delegated` (a structure request became a card; no model was asked).
  std::string finishReason;
  std::vector<Citation> citations;
  std::vector<std::string> retrieved;    // memolet ids given to the model
  std::vector<MemoryBlock> memory;       // each memory in the prompt, and why
  std::optional<std::string> suggestionId;  // the card a delegated request made
  bool hasMemory = true;  // false for delegated turns: no citations or retrieved fields
};

/// A piece of an answer as it streams.
struct StreamDelta {
  std::string projectId;
  std::string unitId;
  std::string_view text;
};

/// How a turn reports back. onDelta runs on a worker; onDone runs on the
/// engine thread, exactly once, with the turn or what failed.
struct TurnCallbacks {
  std::function<void(const StreamDelta&)> onDelta;
  std::function<void(Expected<Turn>)> onDone;
};

template <class T>
using Done = std::function<void(Expected<T>)>;

}  // namespace grove::session
