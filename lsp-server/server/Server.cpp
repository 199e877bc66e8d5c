#include "server/Server.h"

#include <chrono>

#include "jsonrpc/ErrorCodes.h"
#include "jsonrpc/FrameReader.h"
#include "jsonrpc/JsonDepth.h"
#include "protocol/BoardJson.h"
#include "protocol/Convert.h"
#include "protocol/KnowledgeJson.h"
#include "protocol/SuggestionJson.h"
#include "server/ChangeResult.h"
#include "server/Replies.h"
#include "support/Log.h"

namespace grove::server {

using nlohmann::json;

namespace {

int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

bool validId(const json& id) { return id.is_string() || id.is_number_integer() || id.is_null(); }

}  // namespace

Server::Server(session::Session& session, Options options, MethodTable methods)
    : session_(session), engine_(session.engine()), options_(std::move(options)), methods_(std::move(methods)) {
  listen();
}

Server::Server(session::Session& session, Options options)
    : Server(session, std::move(options), makeMethodTable()) {}

Server::Server(Engine& engine, Options options)
    : ownSession_(std::make_unique<session::Session>(engine)),
      session_(*ownSession_),
      engine_(engine),
      options_(std::move(options)),
      methods_(makeMethodTable()) {
  listen();
}

Server::~Server() {
  // The session may outlive this server: nothing may reach it afterwards.
  session_.setEventSink({});
}

// What a committed change announces, to every initialized client.
void Server::listen() {
  session::EventSink sink;
  sink.changes = [this](const std::vector<ChangeEvent>& events) {
    std::vector<json> out;
    for (const auto& e : events) out.push_back(notification("grove/project/didChange", proto::toJson(e)));
    broadcast(out);
  };
  sink.suggestions = [this](const std::vector<SuggestionEvent>& events) {
    std::vector<json> out;
    for (const auto& e : events) {
      json params{{"projectId", e.projectId}, {"suggestion", proto::toJson(e.suggestion)}};
      if (e.suggestion.onBoard()) {  // a board card: its workspace, no project
        params["projectId"] = nullptr;
        params["workspaceUri"] = *e.suggestion.workspaceUri;
      }
      out.push_back(notification(e.created ? "grove/suggestion/didCreate" : "grove/suggestion/didChange", params));
    }
    broadcast(out);
  };
  sink.memolets = [this](const std::vector<MemoletEvent>& events) {
    std::vector<json> out;
    for (const auto& e : events)
      out.push_back(notification("grove/memolet/didChange",
                                 {{"projectId", e.projectId}, {"memoletIds", e.memoletIds}}));
    broadcast(out);
  };
  sink.boards = [this](const std::vector<BoardChange>& events) {
    std::vector<json> out;
    for (const auto& e : events) out.push_back(notification("grove/board/didChange", proto::toJson(e)));
    broadcast(out);
  };
  sink.knowledge = [this](const std::vector<KnowledgeChange>& events) {
    std::vector<json> out;
    for (const auto& e : events) out.push_back(notification("grove/knowledge/didChange", proto::toJson(e)));
    broadcast(out);
  };
  session_.setEventSink(std::move(sink));
}

json Server::clients() {
  std::lock_guard<std::mutex> lock(connMu_);
  json list = json::array();
  for (const auto& c : connections_)
    list.push_back({{"id", c->id()},
                    {"name", c->clientName},
                    {"user", c->user.empty() ? json(nullptr) : json(c->user)},
                    {"transport", c->transport()},
                    {"since", proto::isoTime(c->connectedAtMs)}});
  return list;
}

int Server::serve(int inFd, int outFd, const std::string& transport) {
  return serve(inFd, outFd, transport, {});
}

size_t Server::connectionCount() {
  std::lock_guard<std::mutex> lock(connMu_);
  return connections_.size();
}

void Server::setOnDisconnect(std::function<void(size_t)> callback) {
  std::lock_guard<std::mutex> lock(connMu_);
  onDisconnect_ = std::move(callback);
}

std::shared_ptr<Connection> Server::open(int outFd, const std::string& transport,
                                         const ConnectionOptions& options) {
  std::lock_guard<std::mutex> lock(connMu_);
  std::shared_ptr<Connection> conn;
  if (options.wantWritable)
    conn = std::make_shared<Connection>(nextConnId_++, outFd, transport, options.wantWritable,
                                        options_.maxUnsentBytes);
  else
    conn = std::make_shared<Connection>(nextConnId_++, outFd, transport, options_.maxUnsentBytes);
  conn->connectedAtMs = nowMs();
  conn->requiredToken = options.requiredToken;
  conn->authenticate = options.authenticate;
  conn->peer = options.peer;
  conn->writer().setLabel("client " + std::to_string(conn->id()) + " (" + transport +
                          (options.peer.empty() ? "" : " from " + options.peer) + ")");
  connections_.push_back(conn);
  return conn;
}

void Server::handleFrames(Connection& conn, std::vector<std::string>& frames) {
  handleBatch(conn, frames);
}

bool Server::refuseFrame(Connection& conn, bool malformed, const std::string& error) {
  if (!malformed) {
    log::warn("refused a frame: " + error);
    conn.writer().write(errorReply(nullptr, rpc::InvalidRequest, error).dump());
    return true;
  }
  log::warn("closing connection: " + error);
  conn.writer().write(
      errorReply(nullptr, rpc::ParseError, "malformed header: " + error + "; closing").dump());
  return false;
}

void Server::close(const std::shared_ptr<Connection>& conn, bool waitForWriter) {
  conn->cancelAll();
  // Replies are out; nothing may be written to this fd once the caller closes it.
  if (waitForWriter)
    conn->writer().detach();
  else
    conn->writer().seal();
  std::function<void(size_t)> onDisconnect;
  size_t remaining;
  {
    std::lock_guard<std::mutex> lock(connMu_);
    std::erase(connections_, conn);
    remaining = connections_.size();
    onDisconnect = onDisconnect_;
  }
  if (onDisconnect) onDisconnect(remaining);
}

int Server::serve(int inFd, int outFd, const std::string& transport,
                  const ConnectionOptions& options) {
  std::shared_ptr<Connection> conn = open(outFd, transport, options);
  rpc::FrameReader reader(inFd, options_.maxMessageBytes);
  reader.setPollWindow(options_.readPollWindow);
  std::vector<std::string> frames;
  std::string body, error;
  // Backpressure: a client that leaves its replies unread is not served
  // more requests until it reads them (FrameWriter).
  while (conn->writer().waitForRoom()) {
    auto r = reader.next(body, error);
    if (r == rpc::FrameReader::Result::Eof) break;
    if (r == rpc::FrameReader::Result::TooLarge || r == rpc::FrameReader::Result::Malformed) {
      if (refuseFrame(*conn, r == rpc::FrameReader::Result::Malformed, error)) continue;
      break;
    }
    frames.clear();
    frames.push_back(std::move(body));
    // Take whatever else already arrived: a pipelined burst is one commit.
    while (frames.size() < options_.maxBatch && reader.frameBuffered()) {
      if (reader.next(body, error) != rpc::FrameReader::Result::Frame) break;
      frames.push_back(std::move(body));
    }
    handleBatch(*conn, frames);
    if (conn->exitRequested) break;
  }
  close(conn, true);
  return conn->shutdownRequested ? 0 : 1;
}

void Server::handleBatch(Connection& conn, std::vector<std::string>& frames) {
  // Parse and peel off what must not wait for the engine lock.
  std::vector<json> messages;
  std::vector<std::string> early;
  for (auto& f : frames) {
    if (!rpc::nestingWithin(f, rpc::kMaxJsonDepth)) {
      early.push_back(errorReply(nullptr, rpc::InvalidRequest,
                                 "JSON nested deeper than " + std::to_string(rpc::kMaxJsonDepth) + " levels")
                          .dump());
      continue;
    }
    json msg = json::parse(f, nullptr, false);
    if (msg.is_discarded()) {
      early.push_back(errorReply(nullptr, rpc::ParseError, "invalid JSON").dump());
      continue;
    }
    auto method = msg.is_object() ? msg.find("method") : msg.end();
    if (msg.is_object() && method != msg.end() && method->is_string() &&
        *method == "$/cancelRequest") {
      auto params = msg.find("params");
      if (params != msg.end() && params->is_object() && params->contains("id"))
        conn.markCancelled((*params)["id"].dump());
      continue;
    }
    messages.push_back(std::move(msg));
  }
  if (!early.empty()) conn.writer().writeAll(early);
  if (messages.empty()) return;

  std::vector<std::shared_ptr<ReplyState>> pending;  // left to workers
  session_.runBatch(
      conn.actor(),
      [&](Engine&) {
        conn.holdReplies();
        for (const auto& msg : messages) {
          if (conn.exitRequested) break;
          dispatch(conn, msg, pending);
        }
      },
      [&](const std::optional<Error>& failed) {
        std::vector<json> replies = conn.releaseReplies();
        if (failed) {
          // Nothing of the batch is durable: no request in it may report success.
          for (auto& r : replies)
            if (r.contains("result")) r = errorReply(r["id"], *failed);
        }
        std::vector<std::string> out;
        out.reserve(replies.size());
        for (auto& r : replies) out.push_back(replyText(std::move(r)));
        conn.writer().writeAll(std::move(out));
        // Their continuations are dropped with the batch: answer for them.
        if (failed)
          for (const auto& state : pending)
            if (!state->answered()) state->send(errorReply(state->id(), *failed));
      });
}

void Server::send(Connection& conn, const json& message) {
  conn.writer().write(replyText(message));
}

void Server::notifyAll(const json& message) {
  std::string frame = message.dump(-1, ' ', false, json::error_handler_t::replace);
  std::vector<std::shared_ptr<Connection>> targets;
  {
    std::lock_guard<std::mutex> lock(connMu_);
    targets = connections_;
  }
  for (const auto& c : targets)
    if (c->initialized && !c->exitRequested) c->writer().write(frame);
}

void Server::broadcast(const std::vector<json>& notifications) {
  std::vector<std::string> frames;
  frames.reserve(notifications.size());
  for (const auto& n : notifications) frames.push_back(n.dump(-1, ' ', false, json::error_handler_t::replace));
  std::vector<std::shared_ptr<Connection>> targets;
  {
    std::lock_guard<std::mutex> lock(connMu_);
    targets = connections_;
  }
  for (const auto& c : targets)
    if (c->initialized && !c->exitRequested) c->writer().writeAll(frames);
}

void Server::dispatch(Connection& conn, const json& msg, std::vector<std::shared_ptr<ReplyState>>& pending) {
  if (!msg.is_object()) {
    conn.deliver(errorReply(nullptr, rpc::InvalidRequest,
                            msg.is_array() ? "batch requests are not supported" : "a message must be a JSON object"));
    return;
  }
  auto idIt = msg.find("id");
  const bool isRequest = idIt != msg.end();
  json id = isRequest ? *idIt : json(nullptr);
  if (isRequest && !validId(id)) {
    conn.deliver(errorReply(nullptr, rpc::InvalidRequest, "id must be a string, an integer or null"));
    return;
  }
  auto mIt = msg.find("method");
  if (mIt == msg.end() || !mIt->is_string()) {
    // A response to a server request (none are sent yet) needs no answer.
    if (msg.contains("result") || msg.contains("error")) return;
    conn.deliver(errorReply(id, rpc::InvalidRequest, "method must be a string"));
    return;
  }
  const std::string method = mIt->get<std::string>();
  const json params = msg.contains("params") ? msg["params"] : json(nullptr);
  // Notifications are never answered, whatever their handler does.
  auto answer = [&](json reply) {
    if (isRequest) conn.deliver(std::move(reply));
  };

  if (method == "exit") {
    conn.exitRequested = true;
    return;
  }
  if (method == "initialize") {
    if (!isRequest) return;
    if (conn.initialized) return answer(errorReply(id, rpc::InvalidRequest, "initialize was already called"));
    try {
      answer(resultReply(id, initialize(conn, params)));
    } catch (const Error& e) {
      answer(errorReply(id, e));
    }
    return;
  }
  if (!conn.initialized)
    return answer(errorReply(id, rpc::ServerNotInitialized, "the server is not initialized: send initialize first"));
  if (method == "initialized") return;
  if (conn.shutdownRequested)
    return answer(errorReply(id, rpc::InvalidRequest, "shutdown was requested; only exit is accepted"));
  if (method == "shutdown") {
    conn.shutdownRequested = true;
    return answer(resultReply(id, nullptr));
  }
  const Method* m = methods_.find(method);
  if (!m) return answer(errorReply(id, rpc::MethodNotFound, "unknown method: " + method));
  if (isRequest && conn.takeCancelled(id.dump()))
    return answer(errorReply(id, rpc::RequestCancelled, "request cancelled"));
  if (m->spec.revision == Revision::Checked && params.is_object() && params.contains("expectedRevision")) {
    if (json conflict = checkRevision(id, params); !conflict.is_null()) return answer(std::move(conflict));
  }

  std::shared_ptr<Connection> self = conn.shared_from_this();
  // A change's result also reports the revision it made (and the cursor if it moved).
  ResultStamp stamp;
  if (isRequest && m->spec.revision == Revision::Checked) stamp = stampForChange(engine_, params);
  auto state = std::make_shared<ReplyState>(id, method, [self, isRequest, stamp](json reply) {
    if (!isRequest) return;
    if (stamp) stamp(reply);
    self->deliver(std::move(reply));
  });
  state->setInHandler(true);
  try {
    proto::Params p(params);
    RequestContext ctx{session_, engine_, conn, *this, id};
    engine_.setActor(conn.actor());  // this request's changes are this client's
    m->handler(ctx, p, Reply(state));
  } catch (const Error& e) {
    state->send(errorReply(id, e));
  } catch (const json::exception& e) {
    state->send(errorReply(id, rpc::InvalidParams, std::string("bad params: ") + e.what(), {{"field", "params"}}));
  } catch (const std::exception& e) {
    log::error("internal error in " + method + ": " + e.what());
    state->send(errorReply(id, rpc::InternalError, std::string("internal error: ") + e.what()));
  }
  state->setInHandler(false);
  // A Worker method may still be running; its Reply answers when it is done.
  if (!state->answered()) pending.push_back(state);
}

json Server::checkRevision(const json& id, const json& params) {
  const json& expected = params["expectedRevision"];
  if (!expected.is_number_integer())
    return errorReply(id, rpc::InvalidParams, "expectedRevision must be an integer",
                      {{"field", "expectedRevision"}});
  // The project a request changes: named, or the project of the unit(s) or suggestion it names.
  try {
    std::string projectId = changedProject(engine_, params);
    if (projectId.empty()) return nullptr;
    int64_t current = engine_.project(projectId).revision;
    if (current != expected.get<int64_t>())
      return errorReply(id, rpc::InvalidOperation,
                        "the project changed since revision " + std::to_string(expected.get<int64_t>()) +
                            " (now " + std::to_string(current) + "); reload and retry",
                        {{"kind", "revisionConflict"}, {"revision", current}, {"id", projectId}});
  } catch (const Error& e) {
    return errorReply(id, e);
  }
  return nullptr;
}

json Server::initialize(Connection& conn, const json& raw) {
  proto::Params p(raw);
  if (conn.needsToken()) {
    std::string token;
    if (const json* init = p.object("initializationOptions")) {
      auto it = init->find("token");
      if (it != init->end() && it->is_string()) token = it->get<std::string>();
    }
    std::optional<std::string> who;
    if (conn.authenticate)
      who = conn.authenticate(token);
    else if (token == conn.requiredToken)
      who = std::string();
    if (!who) {
      log::warn("refused a client from " + conn.peer + ": wrong or missing token");
      conn.exitRequested = true;  // the connection closes after this reply
      throw Error(ErrorKind::InvalidOperation, "unauthorized",
                  "this Grove core needs initializationOptions.token: a personal token "
                  "(grove-server --token-add NAME) or the shared GROVE_TOKEN");
    }
    conn.user = *who;
    if (!who->empty()) log::info("client from " + conn.peer + " authenticated as " + *who);
  }
  if (const json* info = p.object("clientInfo")) {
    auto it = info->find("name");
    if (it != info->end() && it->is_string()) conn.clientName = it->get<std::string>();
  }
  if (!conn.peer.empty()) conn.clientName += "@" + conn.peer;
  conn.initialized = true;
  json methods = methods_.names();
  // Whether this client started the core or joined one another editor runs.
  const std::string& t = conn.transport();
  std::string role = t == "tcp" ? "remote" : (t == "unix" ? "joined" : "owner");
  json core{{"role", role}, {"clients", connectionCount()}};
  return json{{"serverInfo", {{"name", "grove-server"}, {"version", options_.version}}},
              {"capabilities",
               {{"grove", {{"protocolVersion", kProtocolVersion}, {"methods", methods}, {"core", core}}}}}};
}

}  // namespace grove::server
