// TcpSession: one TCP client of the team core, driven by asio on a strand
// (so its handlers never run at once). It waits for the socket to be
// readable, reads what is there into a FrameDecoder, and hands the frames
// it decoded to the server on the request pool, one batch at a time (the
// client's requests keep their order). It stops reading while the client
// leaves too many replies unread (backpressure, FrameWriter), and closes
// the connection when a header or the authentication is overdue.
//
// The socket is a TCP connection, or for a TLS client the plain end of a
// socketpair whose other end a TlsPump carries over TLS (TcpListener).
#pragma once

#include <asio.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "jsonrpc/FrameDecoder.h"
#include "server/Connection.h"

namespace grove::transport {

class TcpListener;

class TcpSession : public std::enable_shared_from_this<TcpSession> {
public:
  using Clock = std::chrono::steady_clock;

  using Socket = asio::generic::stream_protocol::socket;

  TcpSession(TcpListener& listener, Socket socket, std::string peer);

  /// Starts serving after `delay` (an address's authentication penalty).
  void start(Clock::duration delay);
  /// Closes the connection (the core is stopping); from any thread.
  void stop();
  /// Closes at once, off the strand: only once the I/O threads are joined.
  void abandon();
  const std::string& peer() const { return peer_; }

private:
  void resume();            // the one gate to more input: not while busy, paused or closing
  void onReadable(const asio::error_code& ec);
  void process();           // dispatches a buffered batch, or waits for bytes
  void dispatch(std::vector<std::string> frames);  // on the request pool
  void onBatchDone();
  void armWrite();          // the writer has bytes the socket did not take
  void armDeadline();
  void onDeadline(uint64_t generation);
  void finish(const std::string& why);
  void closeSocket();
  Clock::time_point deadline() const;
  std::string describe() const;

  TcpListener& listener_;
  asio::strand<asio::io_context::executor_type> strand_;
  Socket socket_;
  asio::steady_timer timer_;
  std::string peer_;
  rpc::FrameDecoder decoder_;
  std::shared_ptr<server::Connection> conn_;
  Clock::time_point authBy_{};
  Clock::time_point frameStarted_{};
  uint64_t timerGeneration_ = 0;
  bool reading_ = false;   // a readability wait is pending
  bool writing_ = false;   // a writability wait is pending
  bool busy_ = false;      // a batch is running on the request pool
  bool paused_ = false;    // backpressure: waiting for the backlog to drain
  bool closing_ = false;   // finishing: last replies going out
  bool closed_ = false;
  bool eof_ = false;       // the client closed its end; buffered frames still run
};

}  // namespace grove::transport
