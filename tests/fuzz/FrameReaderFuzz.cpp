// Fuzzes rpc::FrameReader, the first code that sees a client's bytes: header
// lines, Content-Length values, refused oversized bodies and frames split
// across reads. The first input byte picks the body limit and the size of
// the writes the peer makes, so partial reads are exercised too.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>

#include "jsonrpc/FrameReader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const size_t maxBody = 16 + (data[0] & 0x0f) * 64;  // 16..976: small, so TooLarge happens
  const size_t writeSize = 1 + (data[0] >> 4) * 7;     // 1..106 bytes per write
  std::string input(reinterpret_cast<const char*>(data) + 1, size - 1);

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) std::abort();
  std::thread writer([&] {
    for (size_t off = 0; off < input.size(); off += writeSize) {
      size_t n = std::min(writeSize, input.size() - off);
      if (::write(fds[1], input.data() + off, n) != static_cast<ssize_t>(n)) break;
    }
    ::close(fds[1]);
  });

  grove::rpc::FrameReader reader(fds[0], maxBody);
  std::string body, error;
  // Every call consumes input or ends the stream, so this loop is bounded.
  for (size_t calls = 0; calls <= input.size() + 1; ++calls) {
    auto r = reader.next(body, error);
    if (r == grove::rpc::FrameReader::Result::Frame) {
      if (body.size() > maxBody) std::abort();  // a frame above the limit got through
      continue;
    }
    if (r == grove::rpc::FrameReader::Result::TooLarge) {
      if (error.empty()) std::abort();
      continue;
    }
    break;  // Eof or Malformed: the connection ends
  }
  // Drain, so the writer never blocks on a full pipe after we stopped reading.
  char sink[4096];
  while (::read(fds[0], sink, sizeof sink) > 0) {
  }
  writer.join();
  ::close(fds[0]);
  return 0;
}
