// LineChannel: newline-delimited JSON-RPC on a pair of file descriptors, the
// transport of ACP and of MCP over stdio: one message per line, no headers.
//
// Reading refuses what would hurt us before parsing it: a line over the size
// limit is skipped to its newline and answered with -32600, a line nested too
// deep with -32600, a line that is not JSON with -32700, anything but a JSON
// object (a batch array, a number) with -32600; each answer has `id: null`
// and the channel keeps reading. So a peer's mistake costs one error line,
// never the process.
//
// Writing goes through an rpc::FrameWriter in line mode: thread-safe, one
// message per line, and never blocked by a peer that reads slowly.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "jsonrpc/FrameWriter.h"

namespace grove::frontends {

class LineChannel {
public:
  LineChannel(int inFd, int outFd, size_t maxLineBytes = 64u << 20);
  LineChannel(const LineChannel&) = delete;
  LineChannel& operator=(const LineChannel&) = delete;

  /// Blocks for the next message (a JSON object: request, notification or
  /// response). Bad lines are answered here and skipped. nullopt at the end
  /// of input. Call from one thread.
  std::optional<nlohmann::json> next();

  /// Writes one message as one line (invalid UTF-8 in strings is replaced,
  /// never thrown). Any thread. False once the peer has gone.
  bool send(const nlohmann::json& message);
  /// A JSON-RPC error answer to `id`.
  bool sendError(const nlohmann::json& id, int code, const std::string& message,
                 const nlohmann::json& data = nullptr);
  /// Blocks until everything sent so far was written (or the peer went).
  void flush() { out_.flush(); }

private:
  enum class Line { Text, TooLong, Eof };
  Line readLine(std::string& line);
  bool fill();

  int inFd_;
  size_t maxLineBytes_;
  std::string buffer_;
  size_t scanned_ = 0;  // bytes of buffer_ known to hold no newline
  bool eof_ = false;
  rpc::FrameWriter out_;
};

}  // namespace grove::frontends
