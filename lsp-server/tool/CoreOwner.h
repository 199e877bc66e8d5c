// CoreOwner: a grove-server that owns its store. It serves its own stdio
// (when it has an editor), every client that connects to its Unix socket,
// and TCP clients with --listen, all on one Engine; it lives while any
// client is connected and exits when the last one leaves.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/Engine.h"
#include "llm/ProviderRegistry.h"
#include "server/Server.h"
#include "session/Session.h"
#include "tool/Flags.h"
#include "tool/StoreAccess.h"
#include "store/PostgresChangeFeed.h"
#include "tool/StoreLock.h"
#include "transport/TcpListener.h"

namespace grove::tool {

class CoreOwner {
public:
  /// Opens the store (the lock must be held). Throws on a store it cannot open.
  CoreOwner(const Flags& flags, std::unique_ptr<StoreLock> lock, std::string socketPath);
  ~CoreOwner();

  /// Starts accepting on the Unix socket (when the store is shared) and on
  /// TCP (when --listen was given).
  void startListening();
  /// The TCP port served, 0 without --listen.
  int tcpPort() const { return tcp_ ? tcp_->port() : 0; }
  /// Serves one client on a thread of its own.
  void serveAsync(int inFd, int outFd, std::string transport, bool closeFds);
  /// Serves one client on this thread; returns its exit code.
  int serve(int inFd, int outFd, const std::string& transport);
  /// Blocks until no client is connected (after at least one was).
  void waitUntilIdle();
  server::Server& server() { return *server_; }

private:
  void acceptLoop(int listenFd);  // the Unix socket
  void enter();  // a client starts being served
  void leave();  // ...and is done

  Flags flags_;
  std::unique_ptr<StoreLock> lock_;
  std::string socketPath_;
  std::unique_ptr<IntegrityWatch> integrity_;
  std::unique_ptr<llm::ProviderRegistry> providers_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<session::Session> session_;
  std::unique_ptr<server::Server> server_;
  // A PostgreSQL store: what other cores on it change (after session_: it
  // calls into it, so it stops first).
  std::unique_ptr<PostgresChangeFeed> feed_;
  std::mutex mu_;
  std::condition_variable idle_;
  int active_ = 0;  // clients being served, counted here so a
                    // just-accepted client keeps the core alive
  bool everServed_ = false;
  std::vector<int> listenFds_;
  std::vector<std::thread> threads_;
  std::unique_ptr<transport::TcpListener> tcp_;  // --listen
};

}  // namespace grove::tool
