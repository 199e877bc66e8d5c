#include "Framing.h"

#include <cctype>
#include <stdexcept>

namespace grove::test {

std::string frame(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

std::optional<std::string> FrameParser::next() {
  size_t end = buf_.find("\r\n\r\n");
  if (end == std::string::npos) return std::nullopt;
  // The server only ever writes one header; insist on it exactly.
  const std::string prefix = "Content-Length: ";
  if (buf_.compare(0, prefix.size(), prefix) != 0)
    throw std::runtime_error("server wrote a frame without Content-Length: " + buf_.substr(0, end));
  size_t length = 0;
  for (size_t i = prefix.size(); i < end; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(buf_[i])))
      throw std::runtime_error("server wrote a bad Content-Length: " + buf_.substr(0, end));
    length = length * 10 + static_cast<size_t>(buf_[i] - '0');
  }
  size_t bodyStart = end + 4;
  if (buf_.size() - bodyStart < length) return std::nullopt;
  std::string body = buf_.substr(bodyStart, length);
  buf_.erase(0, bodyStart + length);
  return body;
}

}  // namespace grove::test
