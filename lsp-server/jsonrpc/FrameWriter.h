// FrameWriter: writes LSP frames to a file descriptor. Thread-safe: one
// mutex keeps frames from interleaving when the engine, a streaming worker
// and a reader thread all write to one client.
#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace grove::rpc {

class FrameWriter {
public:
  explicit FrameWriter(int fd) : fd_(fd) {}

  /// Writes one frame; false once the peer has gone (later writes are dropped).
  bool write(std::string_view body);
  /// Writes several frames with one system call where possible.
  bool writeAll(const std::vector<std::string>& bodies);
  bool closed() const;

private:
  bool writeRaw(const std::string& bytes);
  int fd_;
  mutable std::mutex mu_;
  bool closed_ = false;
};

}  // namespace grove::rpc
