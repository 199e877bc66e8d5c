// TcpListener: the team core's TCP transport. One asio io_context run by a
// small fixed pool of threads serves every connection (a connection costs
// a socket and a few hundred bytes, not threads); requests run on a second
// small pool so a slow request never stalls accepting, reading or timers.
//
// It cannot be knocked over: accept errors (out of descriptors) are logged
// and retried after a backoff, connections are limited overall and per
// address, a connection must finish each header and authenticate within a
// deadline, and an address that fails to authenticate waits longer each
// time (TcpLimits, AddressLedger).
//
// With TLS (TcpAccess::tls) each connection first completes a TLS handshake
// within the authentication deadline (a failed one counts as a failed
// authentication); its decrypted bytes then reach an ordinary TcpSession
// through a socketpair (TlsPump), so framing, backpressure and limits are
// the same code for both.
#pragma once

#include <asio.hpp>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/Server.h"
#include "jsonrpc/AcceptBackoff.h"
#include "transport/AddressLedger.h"
#include "jsonrpc/LogThrottle.h"
#include "transport/TcpAccess.h"
#include "transport/TcpLimits.h"
#include "transport/TcpSession.h"

namespace grove::transport {


class TcpListener {
public:
  struct Hooks {
    std::function<void()> enter;  // a client starts being served
    std::function<void()> leave;  // ...and is gone
  };

  /// Binds host:port (port 0 picks one) and starts serving. Throws with the
  /// reason when it cannot bind.
  TcpListener(server::Server& server, const std::string& host, int port, TcpAccess access,
              TcpLimits limits, Hooks hooks);
  /// Stops accepting, closes every connection (their last replies get a
  /// moment to go out), and joins the threads.
  ~TcpListener();
  TcpListener(const TcpListener&) = delete;
  TcpListener& operator=(const TcpListener&) = delete;

  int port() const { return port_; }

private:
  friend class TcpSession;

  void accept();
  void admit(asio::ip::tcp::socket socket);
  /// TLS: the handshake (after the address's penalty), then serve().
  void handshake(asio::ip::tcp::socket socket, std::string peer, AddressLedger::Clock::duration delay);
  /// Hands a connection (admitted in the ledger) to a new TcpSession.
  void serve(TcpSession::Socket socket, const std::string& peer, AddressLedger::Clock::duration delay);
  void forget(const std::shared_ptr<TcpSession>& session);

  server::Server& server_;
  TcpAccess access_;  // its TLS context outlives every stream (declared before io_)
  TcpLimits limits_;
  Hooks hooks_;
  asio::io_context io_;
  asio::executor_work_guard<asio::io_context::executor_type> work_;
  asio::strand<asio::io_context::executor_type> acceptStrand_;
  asio::ip::tcp::acceptor acceptor_;
  asio::steady_timer backoffTimer_;
  AcceptBackoff backoff_;
  AddressLedger ledger_;
  LogThrottle acceptLog_, refusalLog_, closeLog_;
  asio::thread_pool requests_;
  std::mutex mu_;
  std::condition_variable gone_;
  std::set<std::shared_ptr<TcpSession>> sessions_;
  bool stopping_ = false;
  int port_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace grove::transport
