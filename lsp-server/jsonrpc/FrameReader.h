// FrameReader: reads LSP frames from a file descriptor with blocking
// read(2) on the caller's thread (editors spawn servers over anonymous
// pipes, which asio cannot wait on portably). Parsing is FrameDecoder's;
// this adds the reads, and can say whether another whole frame is already
// buffered so the caller can handle a pipelined burst as one batch (one
// commit).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

#include "jsonrpc/FrameDecoder.h"

namespace grove::rpc {

class FrameReader {
public:
  enum class Result {
    Frame,      // `body` holds one message
    TooLarge,   // Content-Length above the limit; the body is skipped by the next call
    Malformed,  // a header we cannot parse; the stream cannot be resynced
    Eof,        // the peer closed the stream
  };

  FrameReader(int fd, size_t maxBodyBytes) : fd_(fd), decoder_(maxBodyBytes) {}

  /// Blocks for the next frame. On TooLarge and Malformed, `error` says why.
  Result next(std::string& body, std::string& error);
  /// True when a complete frame is already buffered (next() will not block).
  bool frameBuffered() const { return decoder_.frameBuffered(); }
  /// Before sleeping for more bytes, poll for them this long
  /// (rpc::pollBriefly): a server's reader, so the next request of a burst
  /// does not wait for its thread to wake. 0 (the default) sleeps at once.
  void setPollWindow(std::chrono::microseconds window) { pollWindow_ = window; }

  static constexpr size_t kMaxHeaderBytes = FrameDecoder::kMaxHeaderBytes;

private:
  bool fill();  // reads more bytes; false on EOF or error

  int fd_;
  FrameDecoder decoder_;
  std::chrono::microseconds pollWindow_{0};
};

}  // namespace grove::rpc
