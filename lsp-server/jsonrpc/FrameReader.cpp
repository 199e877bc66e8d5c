#include "jsonrpc/FrameReader.h"

#include "jsonrpc/BlockingRead.h"

namespace grove::rpc {

bool FrameReader::fill() {
  char chunk[65536];
  pollBriefly(fd_, pollWindow_);
  size_t n = readBlocking(fd_, chunk, sizeof chunk);
  if (n == 0) return false;
  decoder_.append(chunk, n);
  return true;
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
