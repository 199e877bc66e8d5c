#include "jsonrpc/FrameReader.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace grove::rpc {

bool FrameReader::fill() {
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0) {
      decoder_.append(chunk, static_cast<size_t>(n));
      return true;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      // A socket shared with a non-blocking FrameWriter: wait for data.
      pollfd p{fd_, POLLIN, 0};
      ::poll(&p, 1, -1);
      continue;
    }
    return false;
  }
}

FrameReader::Result FrameReader::next(std::string& body, std::string& error) {
  for (;;) {
    switch (decoder_.next(body, error)) {
      case FrameDecoder::Result::Frame: return Result::Frame;
      case FrameDecoder::Result::TooLarge: return Result::TooLarge;
      case FrameDecoder::Result::Malformed: return Result::Malformed;
      case FrameDecoder::Result::NeedMore:
        if (!fill()) return Result::Eof;
    }
  }
}

}  // namespace grove::rpc
