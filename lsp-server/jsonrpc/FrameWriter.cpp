#include "jsonrpc/FrameWriter.h"

#include <unistd.h>

#include <cerrno>

namespace grove::rpc {

namespace {
void appendFrame(std::string& out, std::string_view body) {
  out += "Content-Length: ";
  out += std::to_string(body.size());
  out += "\r\n\r\n";
  out += body;
}
}  // namespace

bool FrameWriter::writeRaw(const std::string& bytes) {
  if (closed_) return false;
  size_t off = 0;
  while (off < bytes.size()) {
    ssize_t n = ::write(fd_, bytes.data() + off, bytes.size() - off);
    if (n > 0) {
      off += static_cast<size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      closed_ = true;
      return false;
    }
  }
  return true;
}

bool FrameWriter::write(std::string_view body) {
  std::string frame;
  frame.reserve(body.size() + 32);
  appendFrame(frame, body);
  std::lock_guard<std::mutex> lock(mu_);
  return writeRaw(frame);
}

bool FrameWriter::writeAll(const std::vector<std::string>& bodies) {
  if (bodies.empty()) return true;
  std::string out;
  for (const auto& b : bodies) appendFrame(out, b);
  std::lock_guard<std::mutex> lock(mu_);
  return writeRaw(out);
}

bool FrameWriter::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

}  // namespace grove::rpc
