// TlsPump: carries bytes both ways between a TLS stream (after its
// handshake) and a plain local socket, so code written for a plain socket
// (TcpSession, its FrameWriter, the tests' RpcClient) serves a TLS client
// unchanged: the TLS listener hands TcpSession the other end of a
// socketpair. Backpressure passes through: a direction reads again only
// once its last chunk was written, so a full socket buffer on one side
// stops reading on the other. When either side ends, the other is told
// (half-close), and once both directions are done both are closed.
//
// Both streams must run on one strand (an SSL object is not thread-safe).
#pragma once

#include <asio.hpp>
#include <asio/ssl.hpp>

#include <array>
#include <functional>
#include <memory>

namespace grove::transport {

class TlsPump : public std::enable_shared_from_this<TlsPump> {
public:
  using TlsStream = asio::ssl::stream<asio::ip::tcp::socket>;
  using Local = asio::local::stream_protocol::socket;

  TlsPump(std::unique_ptr<TlsStream> tls, Local local);
  /// Starts both directions; `done` runs (on the strand) once both ended.
  void start(std::function<void()> done = {});
  /// Closes both sides now (from the streams' strand).
  void close();

private:
  void fromTls();
  void fromLocal();
  void ended();

  std::unique_ptr<TlsStream> tls_;
  Local local_;
  std::function<void()> done_;
  std::array<char, 16384> inBuf_{}, outBuf_{};
  int running_ = 0;
  bool closed_ = false;
};

}  // namespace grove::transport
