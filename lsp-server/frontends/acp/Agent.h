// Agent: an Agent Client Protocol v1 agent (DESIGN §10) that translates
// each ACP call into grove/* calls on a Grove core. A session is a project
// (the session id is the project id), so a conversation started in Zed is
// the same project every other client shows.
//
// Threads: handle() runs on the client's reader thread and may block on
// short core calls; a chat turn is asynchronous, so session/cancel is read
// while it streams. Streamed text and the turn's answer arrive on the
// core's reader thread (onCoreNotification, and the call's callback), in
// the core's order: every chunk is sent before the prompt's answer.
#pragma once

#include <nlohmann/json.hpp>

#include <atomic>
#include <string>

#include "frontends/CoreCaller.h"
#include "frontends/LineChannel.h"
#include "frontends/acp/Commands.h"
#include "frontends/acp/Turns.h"

namespace grove::frontends::acp {

class Agent {
public:
  /// `serverCwd` is the `cwd` listed for projects without a file workspace.
  Agent(LineChannel& client, CoreCaller& core, std::string version, std::string serverCwd);

  /// One message from the ACP client.
  void handle(const nlohmann::json& message);
  /// A notification from the core (grove/chat/didStream, ...).
  void onCoreNotification(const std::string& method, const nlohmann::json& params);

private:
  void initialize(const nlohmann::json& id, const nlohmann::json& params);
  void newSession(const nlohmann::json& id, const nlohmann::json& params);
  void loadSession(const nlohmann::json& id, const nlohmann::json& params);
  void listSessions(const nlohmann::json& id, const nlohmann::json& params);
  void forkSession(const nlohmann::json& id, const nlohmann::json& params);
  void prompt(const nlohmann::json& id, const nlohmann::json& params);
  void cancel(const nlohmann::json& params);
  /// `_grove/...`: forwards to `groveMethod` on the core (Extensions).
  void passThrough(const nlohmann::json& id, const std::string& groveMethod, const nlohmann::json& params);

  /// Starts a chat turn at the project's cursor; answers `id` when it ends.
  void startTurn(const nlohmann::json& id, const std::string& sessionId, const std::string& content,
                 nlohmann::json branch);
  void finishTurn(const std::string& sessionId, CoreCaller::Outcome outcome);

  void reply(const nlohmann::json& id, nlohmann::json result);
  void fail(const nlohmann::json& id, int code, const std::string& message);
  /// Passes a core error on; `asAcp`: 1001 not found becomes ACP's -32002
  /// (an extension request keeps Grove's codes).
  void failFromCore(const nlohmann::json& id, const nlohmann::json& coreError, bool asAcp = true);
  /// A fresh messageId for text the agent writes itself (command output).
  std::string ownMessageId();

  LineChannel& client_;
  CoreCaller& core_;
  std::string version_, serverCwd_;
  Turns turns_;
  Commands commands_;
  std::atomic<uint64_t> ownMessages_{0};
  bool coreReady_ = false;  // the core met us (on the ACP client's initialize)
  std::atomic<bool> groveNotifications_{false};  // the client asked for _grove/... change notifications
};

}  // namespace grove::frontends::acp
