// Commands: the slash commands of DESIGN §10 run by the agent itself, each
// a few grove/* calls, never a model call. Their output is text for the
// user (ACP v1 has no other surface for it); a `/branch` with a prompt on
// its following lines becomes a chat turn instead.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "frontends/CoreCaller.h"
#include "frontends/acp/Turns.h"

namespace grove::frontends::acp {

struct CommandOutcome {
  /// A chat turn to run now: its message and its `branch` param.
  struct Turn {
    std::string content;
    nlohmann::json branch;
  };
  CommandOutcome(std::string shown) : text(std::move(shown)) {}  // NOLINT: implicit, as results read best
  explicit CommandOutcome(Turn run) : turn(std::move(run)) {}

  std::string text;  // what to show; empty when `turn` is set
  std::optional<Turn> turn;
};

class Commands {
public:
  Commands(CoreCaller& core, Turns& turns) : core_(core), turns_(turns) {}

  /// nullopt when `text` is not one of our commands: it then goes to the
  /// model as it is (clients pass unknown /words through too).
  std::optional<CommandOutcome> run(const std::string& sessionId, const std::string& text);

private:
  CommandOutcome branch(const std::string& sessionId, const std::string& rest);
  CommandOutcome goBack(const std::string& sessionId);
  CommandOutcome scope(const std::string& sessionId, const std::string& args, bool exclude);
  CommandOutcome preview(const std::string& sessionId);
  CommandOutcome mainline(const std::string& sessionId);
  CommandOutcome memolets(const std::string& query);

  CoreCaller& core_;
  Turns& turns_;
};

/// "what failed: the core's message".
std::string failure(const std::string& what, const nlohmann::json& coreError);

}  // namespace grove::frontends::acp
