#include "transport/TcpListener.h"

#include <stdexcept>

#include "support/Log.h"
#include "transport/TcpSession.h"

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
                         std::string token, TcpLimits limits, Hooks hooks)
    : server_(server),
      token_(std::move(token)),
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
  auto session = std::make_shared<TcpSession>(*this, std::move(socket), peer);
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) {
      ledger_.release(peer);
      return;
    }
    sessions_.insert(session);
  }
  if (delay > AddressLedger::Clock::duration::zero())
    refusalLog_.warn("serving a TCP client from " + peer + " only after " +
                     std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(delay).count()) +
                     " ms: that address failed to authenticate recently");
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
