// Turns: what the agent remembers per ACP session between messages: the
// chat turn running in it (at most one: a session is one conversation, and
// the next prompt continues from the answer being written), and the title
// of a `/branch` waiting for its first prompt. Thread-safe: prompts and
// cancels arrive on the client's reader thread, streamed text and answers
// on the core's.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace grove::frontends::acp {

class Turns {
public:
  /// Registers a turn answering ACP request `acpId`; false when one runs.
  bool begin(const std::string& sessionId, const nlohmann::json& acpId);
  /// The core request (grove/chat/send) carrying the turn, for cancelling.
  void setCoreRequest(const std::string& sessionId, int64_t coreId);
  /// Marks the running turn cancelled; the core request to stop, if sent.
  std::optional<int64_t> cancel(const std::string& sessionId);
  /// Records streamed text for the session's running turn; false when no
  /// turn runs there (text for another client's turn is not ours to show).
  bool streamed(const std::string& sessionId);

  struct Finished {
    nlohmann::json acpId;
    bool cancelled = false;
    bool streamedAny = false;
  };
  /// Ends the running turn; nullopt when none ran.
  std::optional<Finished> finish(const std::string& sessionId);

  void setPendingBranch(const std::string& sessionId, std::string title);
  std::optional<std::string> takePendingBranch(const std::string& sessionId);

private:
  struct Running {
    nlohmann::json acpId;
    std::optional<int64_t> coreId;
    bool cancelled = false;
    bool streamedAny = false;
  };
  std::mutex mu_;
  std::map<std::string, Running> running_;
  std::map<std::string, std::string> pendingBranch_;
};

}  // namespace grove::frontends::acp
