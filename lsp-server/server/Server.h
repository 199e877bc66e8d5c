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
#include "server/Connection.h"
#include "server/MethodTable.h"

namespace grove::server {

constexpr int kProtocolVersion = 1;

class Server {
public:
  struct Options {
    size_t maxMessageBytes = 64u << 20;  // documented in PROTOCOL.md
    size_t maxBatch = 256;               // frames handled in one commit
    std::string version = "0.1.0";
  };

  Server(Engine& engine, Options options);
  ~Server();

  /// Serves one client until it sends `exit`, closes its stream, or sends a
  /// header that cannot be resynced. Returns the process exit code LSP asks
  /// for: 0 when `shutdown` came before `exit` (or the stream just closed
  /// after shutdown), 1 otherwise.
  int serve(int inFd, int outFd, const std::string& transport);

  const MethodTable& methods() const { return methods_; }
  /// Connected clients (name and since when), for grove/server/clients.
  nlohmann::json clients();
  const Options& options() const { return options_; }

private:
  void handleBatch(Connection& conn, std::vector<std::string>& frames);
  nlohmann::json dispatch(Connection& conn, const nlohmann::json& msg, bool& isRequest);
  nlohmann::json initialize(Connection& conn, const nlohmann::json& params);
  void broadcast(const std::vector<ChangeEvent>& events);

  Engine& engine_;
  Options options_;
  MethodTable methods_;
  std::mutex engineMu_;
  std::vector<ChangeEvent> outbox_;  // filled by the engine's listener, on the lock
  std::mutex connMu_;
  std::vector<std::shared_ptr<Connection>> connections_;
  uint64_t nextConnId_ = 1;
};

}  // namespace grove::server
