// FrameReader: splits a byte stream into LSP base-protocol frames
// (`Content-Length: N\r\n\r\n` + N bytes of JSON).
//
// It reads with blocking read(2) on its own thread (editors spawn servers
// over anonymous pipes, which asio cannot wait on portably), keeps what it
// over-read, and can say whether another whole frame is already buffered so
// the caller can handle a pipelined burst as one batch (one commit).
#pragma once

#include <cstddef>
#include <string>

namespace grove::rpc {

class FrameReader {
public:
  enum class Result {
    Frame,      // `body` holds one message
    TooLarge,   // Content-Length above the limit; the body is skipped by the next call
    Malformed,  // a header we cannot parse; the stream cannot be resynced
    Eof,        // the peer closed the stream
  };

  FrameReader(int fd, size_t maxBodyBytes) : fd_(fd), maxBody_(maxBodyBytes) {}

  /// Blocks for the next frame. On TooLarge and Malformed, `error` says why.
  Result next(std::string& body, std::string& error);
  /// True when a complete frame is already buffered (next() will not block).
  bool frameBuffered() const;

  static constexpr size_t kMaxHeaderBytes = 8192;

private:
  bool fill();  // reads more bytes; false on EOF or error
  bool skipPending();  // skips what is left of a refused body; false on EOF
  /// Parses the header at the front of the buffer; returns its length or 0
  /// when incomplete. Sets length_ or malformed_.
  size_t parseHeader(std::string& error) const;

  int fd_;
  size_t maxBody_;
  std::string buf_;
  size_t pos_ = 0;  // start of unconsumed bytes in buf_
  mutable long long length_ = -1;
  size_t skip_ = 0;  // bytes of a refused body still to skip
};

}  // namespace grove::rpc
