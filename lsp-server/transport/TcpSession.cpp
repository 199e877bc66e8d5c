#include "transport/TcpSession.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "support/Log.h"
#include "transport/TcpListener.h"

namespace grove::transport {

namespace {

// Reads per turn before other connections get theirs.
constexpr size_t kReadPerTurn = 256 * 1024;
// The least a client sending a large frame must keep up (bytes per second).
constexpr long long kMinBodyRate = 64 * 1024;
constexpr auto kLastRepliesWait = std::chrono::seconds(2);

long long millis(std::chrono::milliseconds d) { return d.count(); }

}  // namespace

TcpSession::TcpSession(TcpListener& listener, Socket socket, std::string peer)
    : listener_(listener),
      strand_(asio::make_strand(listener.io_)),
      socket_(std::move(socket)),
      timer_(strand_),
      peer_(std::move(peer)),
      decoder_(listener.server_.options().maxMessageBytes) {}

std::string TcpSession::describe() const {
  return "TCP client " + (conn_ ? std::to_string(conn_->id()) + " " : std::string()) + "from " +
         peer_;
}

void TcpSession::start(Clock::duration delay) {
  asio::post(strand_, [self = shared_from_this(), delay] {
    server::Server::ConnectionOptions o;
    self->listener_.access_.applyTo(o);
    o.peer = self->peer_;
    std::weak_ptr<TcpSession> weak = self;
    o.wantWritable = [weak] {
      if (auto s = weak.lock()) asio::post(s->strand_, [s] { s->armWrite(); });
    };
    self->conn_ = self->listener_.server_.open(self->socket_.native_handle(), "tcp", o);
    self->authBy_ = Clock::now() + delay + self->listener_.limits_.authTimeout;
    if (delay <= Clock::duration::zero()) {
      self->resume();
      return;
    }
    // A penalised address: nothing it sent is read until the delay is over.
    ++self->timerGeneration_;
    self->timer_.expires_after(delay);
    self->timer_.async_wait(asio::bind_executor(self->strand_, [self](const asio::error_code& ec) {
      if (ec || self->closing_) return;
      self->resume();
    }));
  });
}

void TcpSession::stop() {
  asio::post(strand_, [self = shared_from_this()] { self->finish("the core is stopping"); });
}

void TcpSession::resume() {
  if (closing_ || busy_ || reading_ || paused_) return;
  auto& writer = conn_->writer();
  if (writer.closed()) {
    finish("its replies could not be written");
    return;
  }
  if (writer.backlog() > writer.softLimit()) {
    // Backpressure: the client is not reading its replies; take none of its
    // requests (buffered or not) until they drain to half the bound.
    paused_ = true;
    std::weak_ptr<TcpSession> weak = weak_from_this();
    bool ready = writer.whenAtMost(writer.softLimit() / 2, [weak] {
      if (auto s = weak.lock())
        asio::post(s->strand_, [s] {
          s->paused_ = false;
          // The client was not to blame for the time we did not read.
          if (s->decoder_.midFrame()) s->frameStarted_ = Clock::now();
          s->resume();
        });
    });
    if (!ready) {
      armDeadline();
      return;
    }
    paused_ = false;
  }
  process();
}

void TcpSession::onReadable(const asio::error_code& ec) {
  reading_ = false;
  if (closing_) return;
  if (ec) {
    finish("reading failed: " + ec.message());
    return;
  }
  // One buffer per I/O thread: an idle connection holds no read buffer. Made on first use:
  // a thread_local array would be static TLS, zeroed in every thread the process starts (64 KiB,
  // 16 page faults each, at every core's start-up), reading or not.
  constexpr size_t kChunk = 65536;
  thread_local std::unique_ptr<char[]> chunkBuffer;
  if (!chunkBuffer) chunkBuffer = std::make_unique_for_overwrite<char[]>(kChunk);
  char* chunk = chunkBuffer.get();
  const bool wasMidFrame = decoder_.midFrame();
  for (size_t total = 0; total < kReadPerTurn;) {
    ssize_t n = ::read(socket_.native_handle(), chunk, kChunk);
    if (n > 0) {
      decoder_.append(chunk, static_cast<size_t>(n));
      total += static_cast<size_t>(n);
      continue;
    }
    if (n == 0 || errno == ECONNRESET) {  // a client may go without reading its last replies
      eof_ = true;
      break;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) break;
    finish(std::string("reading failed: ") + std::strerror(errno));
    return;
  }
  if (!wasMidFrame && decoder_.midFrame()) frameStarted_ = Clock::now();
  resume();
}

void TcpSession::process() {
  auto& server = listener_.server_;
  const size_t maxBatch = server.options().maxBatch;
  std::string body, error;
  for (;;) {
    std::vector<std::string> frames;
    while (frames.size() < maxBatch && decoder_.frameBuffered()) {
      decoder_.next(body, error);
      frames.push_back(std::move(body));
    }
    auto r = frames.empty() ? decoder_.next(body, error) : rpc::FrameDecoder::Result::NeedMore;
    if (r == rpc::FrameDecoder::Result::Frame) frames.push_back(std::move(body));
    if (!frames.empty()) {
      dispatch(std::move(frames));
      return;
    }
    if (r == rpc::FrameDecoder::Result::NeedMore) break;
    if (!server.refuseFrame(*conn_, r == rpc::FrameDecoder::Result::Malformed, error)) {
      finish("its header was malformed");
      return;
    }
  }
  if (eof_) {
    finish("");
    return;
  }
  armDeadline();
  reading_ = true;
  socket_.async_wait(asio::socket_base::wait_read,
                     asio::bind_executor(strand_, [self = shared_from_this()](const asio::error_code& ec) {
                       self->onReadable(ec);
                     }));
}

void TcpSession::dispatch(std::vector<std::string> frames) {
  // Whatever is buffered after these belongs to a frame begun no earlier.
  frameStarted_ = Clock::now();
  // One batch at a time, so the client's requests keep their order.
  busy_ = true;
  asio::post(listener_.requests_, [self = shared_from_this(), frames = std::move(frames)]() mutable {
    try {
      self->listener_.server_.handleFrames(*self->conn_, frames);
    } catch (const std::exception& e) {
      log::error("a request batch of " + self->describe() + " failed: " + e.what());
    }
    asio::post(self->strand_, [self] { self->onBatchDone(); });
  });
}

void TcpSession::onBatchDone() {
  busy_ = false;
  if (closing_) return;
  if (conn_->exitRequested) {
    finish(conn_->initialized ? "" : "it failed to authenticate");
    return;
  }
  resume();
}

void TcpSession::armWrite() {
  if (writing_ || closed_) return;
  writing_ = true;
  socket_.async_wait(asio::socket_base::wait_write,
                     asio::bind_executor(strand_, [self = shared_from_this()](const asio::error_code& ec) {
                       self->writing_ = false;
                       if (self->closed_) return;
                       if (ec) {
                         self->finish("writing failed: " + ec.message());
                         return;
                       }
                       self->conn_->writer().onWritable();
                     }));
}

TcpSession::Clock::time_point TcpSession::deadline() const {
  auto at = Clock::time_point::max();
  if (!conn_->initialized) at = authBy_;
  if (decoder_.midFrame() && !busy_ && !paused_) {
    auto allowance = listener_.limits_.headerTimeout;
    if (long long length = decoder_.pendingLength(); length > 0)
      allowance += std::chrono::seconds(length / kMinBodyRate);
    at = std::min(at, frameStarted_ + allowance);
  }
  return at;
}

void TcpSession::armDeadline() {
  if (closing_) return;
  ++timerGeneration_;
  auto at = deadline();
  if (at == Clock::time_point::max()) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(at);
  timer_.async_wait(asio::bind_executor(
      strand_, [self = shared_from_this(), g = timerGeneration_](const asio::error_code& ec) {
        if (!ec && g == self->timerGeneration_) self->onDeadline(g);
      }));
}

void TcpSession::onDeadline(uint64_t) {
  if (closing_) return;
  const auto now = Clock::now();
  const auto& limits = listener_.limits_;
  if (!conn_->initialized && now >= authBy_) {
    finish("it did not authenticate within " + std::to_string(millis(limits.authTimeout)) + " ms");
    return;
  }
  if (deadline() <= now) {
    finish("it left a frame incomplete for longer than allowed (" +
           std::to_string(millis(limits.headerTimeout)) + " ms for a header)");
    return;
  }
  armDeadline();
}

void TcpSession::finish(const std::string& why) {
  if (closing_) return;
  closing_ = true;
  ++timerGeneration_;
  timer_.cancel();
  if (why.empty())
    log::debug("closing " + describe());
  else
    listener_.closeLog_.warn("closing " + describe() + ": " + why);
  if (!conn_) {
    closeSocket();
    return;
  }
  if (conn_->needsToken()) {
    if (conn_->initialized)
      listener_.ledger_.authSucceeded(peer_);
    else
      listener_.ledger_.authFailed(peer_);
  }
  // Unregistered (no more notifications), the last replies still go out.
  listener_.server_.close(conn_, false);
  std::weak_ptr<TcpSession> weak = weak_from_this();
  bool drained = conn_->writer().whenAtMost(0, [weak] {
    if (auto s = weak.lock()) asio::post(s->strand_, [s] { s->closeSocket(); });
  });
  if (drained) {
    closeSocket();
    return;
  }
  timer_.expires_after(kLastRepliesWait);
  timer_.async_wait(asio::bind_executor(strand_, [self = shared_from_this()](const asio::error_code& ec) {
    if (!ec) self->closeSocket();
  }));
}

void TcpSession::closeSocket() {
  if (closed_) return;
  closed_ = true;
  timer_.cancel();
  // No write may reach the descriptor once it is closed (its number is reused).
  if (conn_) conn_->writer().detach(std::chrono::milliseconds(0));
  asio::error_code ec;
  socket_.shutdown(asio::socket_base::shutdown_both, ec);
  socket_.close(ec);
  listener_.ledger_.release(peer_);
  listener_.forget(shared_from_this());
}

void TcpSession::abandon() {
  if (!closing_) finish("the core is stopping");
  closeSocket();
}

}  // namespace grove::transport
