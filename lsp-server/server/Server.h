// Server: JSON-RPC over LSP framing in front of the Session.
//
// Threading: each connection's reader runs on its own thread and executes
// the requests it reads on the session's engine thread (its lock), so
// requests from all clients are serialised without a thread hop. A
// pipelined burst (frames already buffered) is handled as one batch: one
// durable commit, then all its replies, then the change notifications, which
// go to every connection. Each request gets a Reply that answers it exactly
// once, whatever its handler does.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "server/Connection.h"
#include "server/MethodTable.h"
#include "session/Session.h"

namespace grove::server {

constexpr int kProtocolVersion = 1;

class Server {
public:
  struct Options {
    size_t maxMessageBytes = 64u << 20;  // documented in PROTOCOL.md
    size_t maxBatch = 256;               // frames handled in one commit
    /// Unsent bytes a client may leave unread before the connection closes
    /// (reading pauses at a sixteenth of it: FrameWriter).
    size_t maxUnsentBytes = rpc::FrameWriter::kMaxBacklog;
    std::string version = "0.1.0";
    /// How long a connection's reader polls for the next request before
    /// its thread sleeps (rpc::pollBriefly): at most this much CPU after
    /// each message, for a wake-up saved on every request of a burst.
    std::chrono::microseconds readPollWindow{50};
  };

  Server(session::Session& session, Options options);
  /// With a session of its own over the offline provider (tests).
  Server(Engine& engine, Options options);
  /// With its own method table (tests of the dispatcher).
  Server(session::Session& session, Options options, MethodTable methods);
  ~Server();

  /// Serves one client until it sends `exit`, closes its stream, or sends a
  /// header that cannot be resynced. Returns the process exit code LSP asks
  /// for: 0 when `shutdown` came before `exit` (or the stream just closed
  /// after shutdown), 1 otherwise.
  int serve(int inFd, int outFd, const std::string& transport);

  struct ConnectionOptions {
    std::string requiredToken;  // TCP: the token initialize must present
    std::string peer;           // TCP: the remote address
    /// TCP: maps a presented token to its person ("" for a shared token),
    /// nullopt when it is refused (Connection::authenticate).
    std::function<std::optional<std::string>(const std::string&)> authenticate;
    /// Set by transports run by an event loop: the writer asks for a
    /// writability wait instead of running a flusher thread.
    std::function<void()> wantWritable;
  };
  int serve(int inFd, int outFd, const std::string& transport, const ConnectionOptions& options);

  // The transport side of a connection, for transports that read on their
  // own (the asynchronous TCP listener); serve() is built from the same.
  /// Registers a client writing to `outFd`.
  std::shared_ptr<Connection> open(int outFd, const std::string& transport,
                                   const ConnectionOptions& options);
  /// Handles frames the transport decoded (one commit).
  void handleFrames(Connection& conn, std::vector<std::string>& frames);
  /// Answers a frame that could not be taken; false when the stream cannot
  /// be resynced (`malformed`) and the connection must close.
  bool refuseFrame(Connection& conn, bool malformed, const std::string& error);
  /// Unregisters a client that is gone: cancels its requests; with
  /// `waitForWriter`, its last replies get a bounded wait to go out.
  void close(const std::shared_ptr<Connection>& conn, bool waitForWriter);
  /// How many clients are connected now.
  size_t connectionCount();
  /// Called (on the disconnecting client's thread) whenever a client leaves.
  void setOnDisconnect(std::function<void(size_t remaining)> callback);

  const MethodTable& methods() const { return methods_; }
  /// Connected clients (name and since when), for grove/server/clients.
  nlohmann::json clients();
  const Options& options() const { return options_; }
  session::Session& session() { return session_; }

  /// Sends one message to one client (thread-safe).
  void send(Connection& conn, const nlohmann::json& message);
  /// Broadcasts a notification to every initialized client.
  void notifyAll(const nlohmann::json& message);

private:
  void handleBatch(Connection& conn, std::vector<std::string>& frames);
  /// Runs one message of a batch. Requests left to a worker are added to `pending`.
  void dispatch(Connection& conn, const nlohmann::json& msg,
                std::vector<std::shared_ptr<ReplyState>>& pending);
  nlohmann::json initialize(Connection& conn, const nlohmann::json& params);
  /// A revisionConflict error when `expectedRevision` is stale, else null.
  nlohmann::json checkRevision(const nlohmann::json& id, const nlohmann::json& params);
  void broadcast(const std::vector<nlohmann::json>& notifications);
  void listen();

  std::unique_ptr<session::Session> ownSession_;
  session::Session& session_;
  Engine& engine_;
  Options options_;
  MethodTable methods_;
  std::mutex connMu_;
  std::vector<std::shared_ptr<Connection>> connections_;
  uint64_t nextConnId_ = 1;
  std::function<void(size_t)> onDisconnect_;
};

}  // namespace grove::server
