// Framing: LSP base framing on the client side of the tests.
//
// Deliberately independent of the server's FrameReader, so a framing bug in
// the server cannot be hidden by the same bug in the client.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace grove::test {

/// `Content-Length: N\r\n\r\n` followed by the body.
std::string frame(std::string_view body);

/// Splits bytes read from the server into message bodies.
class FrameParser {
public:
  void feed(std::string_view bytes) { buf_.append(bytes); }
  /// The next complete body, if one is buffered. Throws std::runtime_error
  /// when the server wrote something that is not a valid frame.
  std::optional<std::string> next();
  /// Bytes received but not yet part of a complete frame.
  size_t pending() const { return buf_.size(); }

private:
  std::string buf_;
};

}  // namespace grove::test
