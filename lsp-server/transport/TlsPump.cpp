#include "transport/TlsPump.h"

namespace grove::transport {

TlsPump::TlsPump(std::unique_ptr<TlsStream> tls, Local local) : tls_(std::move(tls)), local_(std::move(local)) {}

void TlsPump::start(std::function<void()> done) {
  done_ = std::move(done);
  running_ = 2;
  fromTls();
  fromLocal();
}

void TlsPump::fromTls() {
  tls_->async_read_some(asio::buffer(inBuf_), [self = shared_from_this()](const asio::error_code& ec, size_t n) {
    if (ec || self->closed_) {
      // The client is gone (or closed without close_notify): the plain side
      // sees end of stream and finishes what it has.
      asio::error_code ignored;
      self->local_.shutdown(asio::socket_base::shutdown_send, ignored);
      self->ended();
      return;
    }
    asio::async_write(self->local_, asio::buffer(self->inBuf_.data(), n),
                      [self](const asio::error_code& ec, size_t) {
                        if (ec) {
                          self->close();
                          self->ended();
                          return;
                        }
                        self->fromTls();
                      });
  });
}

void TlsPump::fromLocal() {
  local_.async_read_some(asio::buffer(outBuf_), [self = shared_from_this()](const asio::error_code& ec, size_t n) {
    if (ec || self->closed_) {
      // The plain side closed: everything it wrote went out; so does the TLS
      // connection. (No close_notify wait: the peer may never answer it.)
      self->close();
      self->ended();
      return;
    }
    asio::async_write(*self->tls_, asio::buffer(self->outBuf_.data(), n),
                      [self](const asio::error_code& ec, size_t) {
                        if (ec) {
                          self->close();
                          self->ended();
                          return;
                        }
                        self->fromLocal();
                      });
  });
}

void TlsPump::close() {
  if (closed_) return;
  closed_ = true;
  asio::error_code ignored;
  auto& tcp = tls_->lowest_layer();
  tcp.shutdown(asio::socket_base::shutdown_both, ignored);
  tcp.close(ignored);
  local_.close(ignored);
}

void TlsPump::ended() {
  if (--running_ > 0) return;
  close();
  if (auto done = std::move(done_)) done();
}

}  // namespace grove::transport
