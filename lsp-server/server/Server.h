// Server: JSON-RPC over LSP framing in front of the Engine.
//
// Threading: each connection's reader runs on its own thread and executes
// the requests it reads while holding the engine lock, so requests from all
// clients are serialised on the engine without a thread hop. A pipelined
// burst (frames already buffered) is handled as one engine batch: one
// durable commit, then all its replies, then the change notifications, which
// go to every connection.
#pragma once

#include <nlohmann/json.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "llm/ProviderRegistry.h"
#include "support/ThreadPool.h"
#include "server/Connection.h"
#include "server/MethodTable.h"

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
  };

  Server(Engine& engine, llm::ProviderRegistry& providers, Options options);
  /// With the offline provider only (tests).
  Server(Engine& engine, Options options);
  ~Server();

  /// Serves one client until it sends `exit`, closes its stream, or sends a
  /// header that cannot be resynced. Returns the process exit code LSP asks
  /// for: 0 when `shutdown` came before `exit` (or the stream just closed
  /// after shutdown), 1 otherwise.
  int serve(int inFd, int outFd, const std::string& transport);

  struct ConnectionOptions {
    std::string requiredToken;  // TCP: the token initialize must present
    std::string peer;           // TCP: the remote address
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
  llm::ProviderRegistry& providers() { return providers_; }
  ThreadPool& workers() { return workers_; }

  /// For handlers (on the engine lock): runs `task` once the current batch is
  /// durable; dropped if the commit fails (the request then gets the error).
  void afterCommit(std::function<void()> task);
  /// From any thread: runs `fn` on the engine lock, then sends the change
  /// notifications it caused. The continuation of deferred requests.
  void runLocked(const std::function<void(Engine&)>& fn);
  /// Sends one message to one client (thread-safe).
  void send(Connection& conn, const nlohmann::json& message);
  /// Broadcasts a notification to every initialized client.
  void notifyAll(const nlohmann::json& message);

private:
  void handleBatch(Connection& conn, std::vector<std::string>& frames);
  nlohmann::json dispatch(Connection& conn, const nlohmann::json& msg, bool& isRequest);
  nlohmann::json initialize(Connection& conn, const nlohmann::json& params);
  /// A revisionConflict reply when `expectedRevision` is stale, else null.
  nlohmann::json checkRevision(const nlohmann::json& id, const nlohmann::json& params);
  void broadcast(const std::vector<ChangeEvent>& events);
  void flushOutbox();

  Engine& engine_;
  std::unique_ptr<llm::ProviderRegistry> ownProviders_;
  llm::ProviderRegistry& providers_;
  Options options_;
  MethodTable methods_;
  std::mutex engineMu_;
  std::vector<ChangeEvent> outbox_;  // filled by the engine's listener, on the lock
  std::vector<MemoletEvent> memoletOutbox_;  // the same for memolet changes
  std::vector<std::function<void()>> afterCommit_;  // on the lock
  std::vector<nlohmann::json> deferredIds_;         // deferred requests of this batch
  std::mutex connMu_;
  std::vector<std::shared_ptr<Connection>> connections_;
  uint64_t nextConnId_ = 1;
  std::function<void(size_t)> onDisconnect_;
  ThreadPool workers_{4};  // last: joined first, while everything it uses lives
};

}  // namespace grove::server
