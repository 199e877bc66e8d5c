#include "jsonrpc/FrameDecoder.h"

#include <cctype>
#include <string_view>

namespace grove::rpc {
namespace {

bool iequalsPrefix(std::string_view line, std::string_view name) {
  if (line.size() < name.size()) return false;
  for (size_t i = 0; i < name.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(line[i])) !=
        std::tolower(static_cast<unsigned char>(name[i])))
      return false;
  return true;
}

}  // namespace

void FrameDecoder::compact() {
  if (pos_ == buf_.size()) {
    buf_.clear();
    // An idle connection keeps no buffer: thousands of them are held at once.
    if (buf_.capacity() > 4096) buf_.shrink_to_fit();
    pos_ = 0;
  } else if (pos_ > 0 && pos_ * 2 >= buf_.size()) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
}

void FrameDecoder::append(const char* data, size_t n) {
  // A refused body is dropped as it arrives instead of being buffered.
  if (skip_ > 0 && pos_ == buf_.size()) {
    size_t take = n < skip_ ? n : skip_;
    skip_ -= take;
    data += take;
    n -= take;
  }
  compact();
  buf_.append(data, n);
}

size_t FrameDecoder::parseHeader(std::string& error) const {
  std::string_view view(buf_.data() + pos_, buf_.size() - pos_);
  size_t end = view.find("\r\n\r\n");
  if (end == std::string_view::npos) {
    if (view.size() > kMaxHeaderBytes) error = "header longer than 8192 bytes without an end";
    return 0;
  }
  length_ = -1;
  std::string_view headers = view.substr(0, end);
  while (!headers.empty()) {
    size_t eol = headers.find("\r\n");
    std::string_view line = headers.substr(0, eol);
    headers = eol == std::string_view::npos ? std::string_view() : headers.substr(eol + 2);
    if (line.empty()) continue;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      error = "header line without ':'";
      return end + 4;
    }
    if (iequalsPrefix(line, "content-length") && colon == 14) {
      std::string_view v = line.substr(colon + 1);
      while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
      while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
      if (v.empty() || v.size() > 18) {
        error = "Content-Length is not a number";
        return end + 4;
      }
      long long n = 0;
      for (char c : v) {
        if (!std::isdigit(static_cast<unsigned char>(c))) {
          error = "Content-Length is not a number";
          return end + 4;
        }
        n = n * 10 + (c - '0');
      }
      length_ = n;
    }
    // Other headers (Content-Type) are allowed and ignored.
  }
  if (length_ < 0) error = "header without Content-Length";
  return end + 4;
}

long long FrameDecoder::pendingLength() const {
  if (skip_ > 0) return static_cast<long long>(skip_);
  std::string error;
  size_t h = parseHeader(error);
  return h == 0 || !error.empty() ? -1 : length_;
}

bool FrameDecoder::frameBuffered() const {
  if (skip_ > 0) return false;
  std::string error;
  size_t h = parseHeader(error);
  if (h == 0 || !error.empty()) return false;
  return buf_.size() - pos_ - h >= static_cast<size_t>(length_) &&
         static_cast<size_t>(length_) <= maxBody_;
}

FrameDecoder::Result FrameDecoder::next(std::string& body, std::string& error) {
  error.clear();
  if (skip_ > 0) {
    size_t have = buf_.size() - pos_;
    size_t take = have < skip_ ? have : skip_;
    pos_ += take;
    skip_ -= take;
    if (skip_ > 0) {
      compact();
      return Result::NeedMore;
    }
  }
  size_t headerLen = parseHeader(error);
  if (!error.empty()) return Result::Malformed;
  if (headerLen == 0) {
    compact();
    return Result::NeedMore;
  }
  size_t len = static_cast<size_t>(length_);
  if (len > maxBody_) {
    // Refused at once; the declared body is skipped as it arrives, so the
    // following frame can still be read.
    pos_ += headerLen;
    skip_ = len;
    error = "message of " + std::to_string(len) + " bytes is above the limit of " +
            std::to_string(maxBody_) + " bytes";
    return Result::TooLarge;
  }
  if (buf_.size() - pos_ - headerLen < len) return Result::NeedMore;
  pos_ += headerLen;
  body.assign(buf_, pos_, len);
  pos_ += len;
  compact();
  return Result::Frame;
}

}  // namespace grove::rpc
