#include "frontends/acp/Agent.h"

#include <chrono>

#include "frontends/ProjectLookup.h"
#include "frontends/acp/Extensions.h"
#include "frontends/acp/ProjectRead.h"
#include "frontends/acp/ProjectView.h"
#include "frontends/acp/Replay.h"
#include "frontends/acp/Updates.h"
#include "support/FileUri.h"
#include "jsonrpc/ErrorCodes.h"
#include "support/Log.h"

namespace grove::frontends::acp {

using nlohmann::json;

namespace {

constexpr int kResourceNotFound = -32002;  // ACP's "resource not found"
constexpr int kNotInitialized = -32600;

bool isString(const json& params, const char* key) {
  return params.is_object() && params.contains(key) && params[key].is_string();
}

// The prompt's content blocks as one message. Text as it is; an embedded
// resource as a fenced block naming its file; a link as its URI (the model
// cannot open it, the reader of the tree can).
std::string promptText(const json& blocks) {
  std::string out;
  auto add = [&](const std::string& piece) {
    if (piece.empty()) return;
    if (!out.empty()) out += "\n\n";
    out += piece;
  };
  for (const auto& b : blocks) {
    if (!b.is_object()) continue;
    const std::string type = b.value("type", std::string());
    if (type == "text" && b.contains("text") && b["text"].is_string()) {
      add(b["text"].get<std::string>());
    } else if (type == "resource_link" && b.contains("uri") && b["uri"].is_string()) {
      add(b["uri"].get<std::string>());
    } else if (type == "resource" && b.contains("resource") && b["resource"].is_object()) {
      const json& r = b["resource"];
      if (r.contains("text") && r["text"].is_string())
        add("File: " + r.value("uri", std::string()) + "\n```\n" + r["text"].get<std::string>() + "\n```");
    }
  }
  return out;
}

std::string stopReasonOf(const std::string& finishReason) {
  if (finishReason == "cancelled") return "cancelled";
  if (finishReason == "length") return "max_tokens";
  return "end_turn";
}

}  // namespace

Agent::Agent(LineChannel& client, CoreCaller& core, std::string version, std::string serverCwd)
    : client_(client),
      core_(core),
      version_(std::move(version)),
      serverCwd_(std::move(serverCwd)),
      commands_(core, turns_) {}

void Agent::handle(const json& msg) {
  const bool isRequest = msg.contains("id") && !msg["id"].is_null();
  if (!msg.contains("method")) return;  // a response: we send no requests
  if (!msg["method"].is_string()) {
    if (isRequest) fail(msg["id"], rpc::InvalidRequest, "method must be a string");
    return;
  }
  const std::string method = msg["method"];
  const json params = msg.contains("params") ? msg["params"] : json::object();
  const json id = isRequest ? msg["id"] : json();
  if (isRequest && !params.is_object()) {
    fail(id, rpc::InvalidParams, "params must be an object");
    return;
  }
  if (!isRequest) {
    if (method == "session/cancel") cancel(params);
    return;  // other notifications, known or not, need nothing from us
  }
  if (method == "initialize") return initialize(id, params);
  if (!coreReady_) return fail(id, kNotInitialized, "initialize first");
  if (method == "authenticate") return reply(id, json::object());
  if (method == "session/new") return newSession(id, params);
  if (method == "session/load") return loadSession(id, params);
  if (method == "session/list") return listSessions(id, params);
  if (method == "session/fork") return forkSession(id, params);
  if (method == "session/prompt") return prompt(id, params);
  if (auto groveMethod = passThroughMethod(method)) return passThrough(id, *groveMethod, params);
  fail(id, rpc::MethodNotFound, "method not found: " + method);
}

void Agent::initialize(const json& id, const json& params) {
  if (!coreReady_) {
    // Meet the core now, as the editor: every change this session makes is
    // credited to it ("zed (acp)") in the tree and in every didChange.
    std::string name = "acp";
    if (params.contains("clientInfo") && isString(params["clientInfo"], "name"))
      name = params["clientInfo"]["name"].get<std::string>() + " (acp)";
    auto met = core_.initialize(name, version_);
    if (!met.ok) return failFromCore(id, met.value);
    coreReady_ = true;
  }
  groveNotifications_ = wantsGroveNotifications(params);
  // Every client version gets v1, the only one we speak.
  reply(id, {{"protocolVersion", 1},
             {"agentInfo", {{"name", "grove"}, {"title", "Grove"}, {"version", version_}}},
             {"agentCapabilities",
              {{"loadSession", true},
               {"promptCapabilities", {{"image", false}, {"audio", false}, {"embeddedContext", true}}},
               {"sessionCapabilities", {{"list", json::object()}}},
               {"_meta", {{"grove", extensionCapability()}}}}},
             {"authMethods", json::array()}});
}

void Agent::newSession(const json& id, const json& params) {
  if (!isString(params, "cwd") || params["cwd"].get<std::string>().empty() ||
      params["cwd"].get<std::string>()[0] != '/')
    return fail(id, rpc::InvalidParams, "cwd must be an absolute path");
  const std::string cwd = params["cwd"];
  std::string folder = cwd.substr(cwd.find_last_of('/') + 1);
  auto created = core_.callSync("grove/project/create", {{"title", "Chat in " + (folder.empty() ? cwd : folder)},
                                                         {"workspaceUri", pathToFileUri(cwd)}});
  if (!created.ok) return failFromCore(id, created.value);
  const std::string sessionId = created.value["id"];
  reply(id, {{"sessionId", sessionId}});
  client_.send(availableCommands(sessionId));
}

void Agent::loadSession(const json& id, const json& params) {
  if (!isString(params, "sessionId")) return fail(id, rpc::InvalidParams, "sessionId must be a string");
  const std::string sessionId = params["sessionId"];
  auto got = readProject(core_, sessionId);
  if (!got.ok) return failFromCore(id, got.value);
  // The whole path is replayed before the answer (the spec requires it).
  for (const auto& update : replayPath(sessionId, ProjectView(std::move(got.value)))) client_.send(update);
  reply(id, json::object());
  client_.send(availableCommands(sessionId));
}

void Agent::listSessions(const json& id, const json& params) {
  json query = json::object();
  if (isString(params, "cwd")) query["workspaceUri"] = pathToFileUri(params["cwd"].get<std::string>());
  auto listed = core_.callSync("grove/project/list", query);
  if (!listed.ok) return failFromCore(id, listed.value);
  json sessions = json::array();
  for (const auto& p : listed.value["projects"]) {
    std::optional<std::string> cwd;
    if (p.contains("workspaceUri") && p["workspaceUri"].is_string())
      cwd = fileUriToPath(p["workspaceUri"].get<std::string>());
    json info{{"sessionId", p["id"]}, {"cwd", cwd.value_or(serverCwd_)}, {"title", p["title"]}};
    if (p.contains("updatedAt") && p["updatedAt"].is_string()) info["updatedAt"] = p["updatedAt"];
    info["_meta"] = {{"grove", {{"revision", p.value("revision", 0)},
                                {"cursorId", p.value("cursorId", json())},
                                {"mainlineEndId", p.value("mainlineEndId", json())}}}};
    sessions.push_back(std::move(info));
  }
  reply(id, {{"sessions", sessions}});
}

// Unstable session/fork: a session id is a project id, so the fork is the
// same project whose next prompt opens a branch at the cursor.
void Agent::forkSession(const json& id, const json& params) {
  if (!isString(params, "sessionId")) return fail(id, rpc::InvalidParams, "sessionId must be a string");
  const std::string sessionId = params["sessionId"];
  auto got = lookUpProject(core_, sessionId);
  if (!got.ok) return failFromCore(id, got.value);
  turns_.setPendingBranch(sessionId, "Fork");
  reply(id, {{"sessionId", sessionId}});
  client_.send(availableCommands(sessionId));
}

void Agent::prompt(const json& id, const json& params) {
  if (!isString(params, "sessionId")) return fail(id, rpc::InvalidParams, "sessionId must be a string");
  if (!params.contains("prompt") || !params["prompt"].is_array())
    return fail(id, rpc::InvalidParams, "prompt must be an array of content blocks");
  const std::string sessionId = params["sessionId"];
  const std::string text = promptText(params["prompt"]);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    return fail(id, rpc::InvalidParams, "the prompt has no text");
  if (auto command = commands_.run(sessionId, text)) {
    if (command->turn) return startTurn(id, sessionId, command->turn->content, command->turn->branch);
    client_.send(textChunk(sessionId, "agent_message_chunk", ownMessageId(), command->text));
    return reply(id, {{"stopReason", "end_turn"}});
  }
  json branch;
  if (auto title = turns_.takePendingBranch(sessionId))
    branch = title->empty() ? json::object() : json{{"title", *title}};
  startTurn(id, sessionId, text, branch);
}

void Agent::startTurn(const json& id, const std::string& sessionId, const std::string& content, json branch) {
  if (!turns_.begin(sessionId, id))
    return fail(id, rpc::InvalidRequest, "a prompt is already running in this session; cancel it first");
  // The turn continues from the project's cursor, wherever a client left it.
  auto got = lookUpProject(core_, sessionId);
  if (!got.ok) {
    turns_.finish(sessionId);
    return failFromCore(id, got.value);
  }
  json send{{"projectId", sessionId}, {"parentId", got.value.value("cursorId", json())}, {"content", content}};
  if (!branch.is_null()) send["branch"] = branch;
  int64_t coreId =
      core_.call("grove/chat/send", send, [this, sessionId](CoreCaller::Outcome o) { finishTurn(sessionId, std::move(o)); });
  turns_.setCoreRequest(sessionId, coreId);
}

void Agent::finishTurn(const std::string& sessionId, CoreCaller::Outcome outcome) {
  auto finished = turns_.finish(sessionId);
  if (!finished) return;
  if (!outcome.ok) {
    // A turn cancelled before it started is still a cancelled turn, not an error.
    if (finished->cancelled) return reply(finished->acpId, {{"stopReason", "cancelled"}});
    return failFromCore(finished->acpId, outcome.value);
  }
  const json& answer = outcome.value["assistantUnit"];
  // A delegated request (and any answer that streamed nothing) shows its text whole.
  if (!finished->streamedAny && answer.is_object() && !answer.value("content", std::string()).empty())
    client_.send(textChunk(sessionId, "agent_message_chunk", answer["id"].get<std::string>(),
                           answer["content"].get<std::string>(), unitMeta(answer)));
  std::string stop = stopReasonOf(outcome.value.value("finishReason", std::string()));
  if (finished->cancelled) stop = "cancelled";
  reply(finished->acpId, {{"stopReason", stop}});
}

void Agent::cancel(const json& params) {
  if (!isString(params, "sessionId")) return;
  if (auto coreId = turns_.cancel(params["sessionId"].get<std::string>())) core_.cancel(*coreId);
}

void Agent::onCoreNotification(const std::string& method, const json& params) {
  if (groveNotifications_) {
    if (auto forwarded = forwardedNotification(method, params)) {
      client_.send(*forwarded);
      return;
    }
  }
  if (method != "grove/chat/didStream" || !isString(params, "projectId") || !isString(params, "unitId") ||
      !isString(params, "text"))
    return;
  const std::string sessionId = params["projectId"];
  if (!turns_.streamed(sessionId)) return;
  client_.send(textChunk(sessionId, "agent_message_chunk", params["unitId"].get<std::string>(),
                         params["text"].get<std::string>(), unitMeta(params["unitId"])));
}

// An extension request: the core's answer, result or error, goes back as it is.
void Agent::passThrough(const json& id, const std::string& groveMethod, const json& params) {
  core_.call(groveMethod, params, [this, id](CoreCaller::Outcome o) {
    if (o.ok) return reply(id, std::move(o.value));
    failFromCore(id, o.value, /*asAcp=*/false);
  });
}

void Agent::reply(const json& id, json result) {
  client_.send(json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Agent::fail(const json& id, int code, const std::string& message) { client_.sendError(id, code, message); }

void Agent::failFromCore(const json& id, const json& coreError, bool asAcp) {
  int code = coreError.value("code", static_cast<int>(rpc::InternalError));
  if (asAcp && code == rpc::NotFound) code = kResourceNotFound;
  client_.sendError(id, code, coreError.value("message", std::string("the Grove core refused")),
                    coreError.contains("data") ? coreError["data"] : json());
}

std::string Agent::ownMessageId() {
  // Unique across restarts too: a client may keep messages of an earlier run.
  static const auto started = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  std::chrono::system_clock::now().time_since_epoch())
                                  .count();
  return "grove-note-" + std::to_string(started) + "-" + std::to_string(++ownMessages_);
}

}  // namespace grove::frontends::acp
