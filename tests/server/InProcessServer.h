// InProcessServer: a grove Server on a SQLite file in a temp dir, serving
// each client on its own thread over two pipes. Tests talk to it through an
// RpcClient exactly as an editor would over stdio.
#pragma once

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "RpcClient.h"
#include "TempDir.h"
#include "engine/Engine.h"
#include "server/Server.h"
#include "session/Session.h"

namespace grove::test {

class InProcessServer {
public:
  explicit InProcessServer(server::Server::Options options = {});
  /// With a session made with `sessionOptions` (deterministic: slow work
  /// waits for runUntilIdle()) and, when given, a method table of its own.
  InProcessServer(server::Server::Options options, session::SessionOptions sessionOptions,
                  std::optional<server::MethodTable> methods = std::nullopt);
  /// Closes every client's side and waits (bounded) for each serve() to return.
  ~InProcessServer();

  /// The first client.
  RpcClient& client() { return *sessions_.front()->client; }
  /// Another client of the same server (a second editor); not initialized.
  RpcClient& connect();
  const std::string& dbPath() const { return dbPath_; }
  session::Session& session() { return *session_; }
  /// The first client's serve() return value, once it returned in `timeout`.
  std::optional<int> waitServeReturned(Millis timeout = RpcClient::kDefaultTimeout);

private:
  struct Client {
    std::unique_ptr<RpcClient> client;
    std::promise<int> exitCode;
    std::shared_future<int> exitFuture;
    std::thread thread;
  };

  TempDir dir_;
  std::string dbPath_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<session::Session> session_;
  std::unique_ptr<server::Server> server_;
  std::vector<std::unique_ptr<Client>> sessions_;
};

}  // namespace grove::test
