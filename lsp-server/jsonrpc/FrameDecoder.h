// FrameDecoder: splits bytes into LSP base-protocol frames
// (`Content-Length: N\r\n\r\n` + N bytes of JSON) without doing any I/O, so
// the blocking reader of stdio and the Unix socket (FrameReader) and the
// asynchronous TCP transport parse frames with the same code.
#pragma once

#include <cstddef>
#include <string>

namespace grove::rpc {

class FrameDecoder {
public:
  enum class Result {
    Frame,      // `body` holds one message
    NeedMore,   // no whole frame buffered yet
    TooLarge,   // Content-Length above the limit; the body is skipped as it arrives
    Malformed,  // a header we cannot parse; the stream cannot be resynced
  };

  explicit FrameDecoder(size_t maxBodyBytes) : maxBody_(maxBodyBytes) {}

  void append(const char* data, size_t n);
  /// The next buffered frame, if any. On TooLarge and Malformed, `error`
  /// says why.
  Result next(std::string& body, std::string& error);
  /// True when a complete frame is buffered (next() returns Frame).
  bool frameBuffered() const;
  /// True when part of a frame (or of a refused body) is buffered: the
  /// peer is in the middle of sending one.
  bool midFrame() const { return skip_ > 0 || pos_ < buf_.size(); }
  /// The declared length of the frame being received once its header is
  /// complete (of a refused body: what is left to skip), else -1.
  long long pendingLength() const;

  static constexpr size_t kMaxHeaderBytes = 8192;

private:
  /// Parses the header at the front of the buffer; returns its length or 0
  /// when incomplete. Sets length_ or `error`.
  size_t parseHeader(std::string& error) const;
  void compact();

  size_t maxBody_;
  std::string buf_;
  size_t pos_ = 0;  // start of unconsumed bytes in buf_
  mutable long long length_ = -1;
  size_t skip_ = 0;  // bytes of a refused body still to skip
};

}  // namespace grove::rpc
