#include "transport/TcpListener.h"

#include <stdexcept>

#include "support/Log.h"
#include "transport/TcpSession.h"
#include "transport/TlsPump.h"

namespace grove::transport {

namespace {

constexpr auto kStopWait = std::chrono::seconds(3);

asio::ip::address listenAddress(const std::string& host) {
  asio::error_code ec;
  // Numeric only: a listen address never costs a DNS lookup.
  auto address = asio::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
  if (ec) throw std::runtime_error("bad listen address " + host + ": " + ec.message());
  return address;
}

}  // namespace

TcpListener::TcpListener(server::Server& server, const std::string& host, int port,
                         TcpAccess access, TcpLimits limits, Hooks hooks)
    : server_(server),
      access_(std::move(access)),
      limits_(limits),
      hooks_(std::move(hooks)),
      work_(asio::make_work_guard(io_)),
      acceptStrand_(asio::make_strand(io_)),
      acceptor_(acceptStrand_),
      backoffTimer_(acceptStrand_),
      ledger_(limits),
      requests_(limits.requestThreads) {
  asio::ip::tcp::endpoint endpoint(listenAddress(host), static_cast<unsigned short>(port));
  asio::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("listen on " + host + ":" + std::to_string(port) + ": " + ec.message());
  port_ = acceptor_.local_endpoint().port();
  asio::post(acceptStrand_, [this] { accept(); });
  for (size_t i = 0; i < limits_.ioThreads; ++i) threads_.emplace_back([this] { io_.run(); });
}

TcpListener::~TcpListener() {
  std::set<std::shared_ptr<TcpSession>> open;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
    open = sessions_;
  }
  asio::post(acceptStrand_, [this] {
    asio::error_code ec;
    acceptor_.close(ec);
    backoffTimer_.cancel();
  });
  for (const auto& s : open) s->stop();
  {
    std::unique_lock<std::mutex> lock(mu_);
    gone_.wait_for(lock, kStopWait, [this] { return sessions_.empty(); });
  }
  work_.reset();
  io_.stop();
  for (auto& t : threads_) t.join();
  requests_.join();
  {
    std::lock_guard<std::mutex> lock(mu_);
    open = sessions_;
  }
  // Whatever did not close in time is closed now; no handler runs any more.
  for (const auto& s : open) s->abandon();
}

void TcpListener::accept() {
  acceptor_.async_accept(asio::bind_executor(
      acceptStrand_, [this](const asio::error_code& ec, asio::ip::tcp::socket socket) {
        if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
        if (ec) {
          // Out of descriptors (EMFILE, ENFILE) or memory: never fatal. The
          // connection stays queued; wait for some to close and try again.
          auto wait = backoff_.next();
          acceptLog_.warn("accepting a TCP connection failed: " + ec.message() + "; retrying in " +
                          std::to_string(wait.count()) + " ms");
          backoffTimer_.expires_after(wait);
          backoffTimer_.async_wait(asio::bind_executor(acceptStrand_, [this](const asio::error_code& e) {
            if (!e) accept();
          }));
          return;
        }
        backoff_.reset();
        admit(std::move(socket));
        accept();
      }));
}

void TcpListener::admit(asio::ip::tcp::socket socket) {
  asio::error_code ec;
  auto remote = socket.remote_endpoint(ec);
  if (ec) return;  // gone already
  std::string peer = remote.address().to_string();
  switch (ledger_.admit(peer)) {
    case AddressLedger::Admission::TooManyInAll:
      refusalLog_.warn("refused a TCP connection from " + peer + ": " +
                       std::to_string(limits_.maxConnections) +
                       " are open, the most allowed (--max-connections)");
      return;  // the socket closes as it goes out of scope
    case AddressLedger::Admission::TooManyFromAddress:
      refusalLog_.warn("refused a TCP connection from " + peer + ": " +
                       std::to_string(limits_.maxPerAddress) +
                       " are open from that address, the most allowed (--max-connections-per-address)");
      return;
    case AddressLedger::Admission::Admitted:
      break;
  }
  socket.set_option(asio::ip::tcp::no_delay(true), ec);  // replies are small and awaited
  auto delay = ledger_.delayFor(peer);
  if (delay > AddressLedger::Clock::duration::zero())
    refusalLog_.warn("serving a TCP client from " + peer + " only after " +
                     std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(delay).count()) +
                     " ms: that address failed to authenticate recently");
  if (access_.tls)
    handshake(std::move(socket), peer, delay);
  else
    serve(std::move(socket), peer, delay);
}

void TcpListener::handshake(asio::ip::tcp::socket socket, std::string peer,
                            AddressLedger::Clock::duration delay) {
  // Everything of one TLS connection runs on its own strand: an SSL object
  // is not thread-safe, and the acceptor's strand must stay free.
  auto strand = asio::make_strand(io_);
  asio::error_code ec;
  auto protocol = socket.local_endpoint(ec).protocol();
  if (ec) {
    ledger_.release(peer);
    return;
  }
  auto tls = std::make_unique<TlsPump::TlsStream>(asio::ip::tcp::socket(strand, protocol, socket.release()),
                                                  *access_.tls);
  auto timer = std::make_shared<asio::steady_timer>(strand);
  struct Pending {
    std::unique_ptr<TlsPump::TlsStream> tls;
    bool done = false;
  };
  auto pending = std::make_shared<Pending>();
  pending->tls = std::move(tls);
  // The handshake must be done by the authentication deadline; a client
  // that stalls it is closed like one that never initializes.
  timer->expires_after(delay + limits_.authTimeout);
  timer->async_wait([pending](const asio::error_code& e) {
    if (e || pending->done) return;
    asio::error_code ignored;
    pending->tls->lowest_layer().close(ignored);
  });
  auto begin = [this, pending, timer, peer, strand] {
    pending->tls->async_handshake(asio::ssl::stream_base::server, [this, pending, timer, peer,
                                                                   strand](const asio::error_code& e) {
      pending->done = true;
      timer->cancel();
      if (e) {
        // Not TLS at all (a plain client), a certificate the client CA did
        // not sign, or too slow: an authentication failure of that address.
        refusalLog_.warn("refused a TCP connection from " + peer + ": TLS handshake failed (" + e.message() +
                         ")");
        ledger_.authFailed(peer);
        ledger_.release(peer);
        asio::error_code ignored;
        pending->tls->lowest_layer().close(ignored);
        return;
      }
      asio::local::stream_protocol::socket mine(strand), theirs(io_);
      asio::error_code pairError;
      asio::local::connect_pair(mine, theirs, pairError);
      if (pairError) {
        refusalLog_.warn("refused a TLS client from " + peer + ": no socketpair (" + pairError.message() + ")");
        ledger_.release(peer);
        return;
      }
      auto pump = std::make_shared<TlsPump>(std::move(pending->tls), std::move(mine));
      pump->start();
      serve(TcpSession::Socket(std::move(theirs)), peer, AddressLedger::Clock::duration::zero());
    });
  };
  if (delay <= AddressLedger::Clock::duration::zero()) {
    asio::post(strand, begin);
    return;
  }
  // A penalised address: not even its handshake is done until the delay is over.
  auto wait = std::make_shared<asio::steady_timer>(strand, delay);
  wait->async_wait([wait, begin](const asio::error_code& e) {
    if (!e) begin();
  });
}

void TcpListener::serve(TcpSession::Socket socket, const std::string& peer,
                        AddressLedger::Clock::duration delay) {
  auto session = std::make_shared<TcpSession>(*this, std::move(socket), peer);
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) {
      ledger_.release(peer);
      return;
    }
    sessions_.insert(session);
  }
  if (hooks_.enter) hooks_.enter();
  session->start(delay);
}

void TcpListener::forget(const std::shared_ptr<TcpSession>& session) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (sessions_.erase(session) == 0) return;
  }
  gone_.notify_all();
  if (hooks_.leave) hooks_.leave();
}

}  // namespace grove::transport
