#include "jsonrpc/FrameReader.h"

#include <poll.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
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

bool FrameReader::fill() {
  if (pos_ > 0 && pos_ * 2 >= buf_.size()) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0) {
      buf_.append(chunk, static_cast<size_t>(n));
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

size_t FrameReader::parseHeader(std::string& error) const {
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

bool FrameReader::frameBuffered() const {
  if (skip_ > 0) return false;
  std::string error;
  size_t h = parseHeader(error);
  if (h == 0 || !error.empty()) return false;
  return buf_.size() - pos_ - h >= static_cast<size_t>(length_) &&
         static_cast<size_t>(length_) <= maxBody_;
}

bool FrameReader::skipPending() {
  while (skip_ > 0) {
    size_t have = buf_.size() - pos_;
    if (have == 0) {
      buf_.clear();
      pos_ = 0;
      if (!fill()) return false;
      continue;
    }
    size_t take = have < skip_ ? have : skip_;
    pos_ += take;
    skip_ -= take;
  }
  return true;
}

FrameReader::Result FrameReader::next(std::string& body, std::string& error) {
  error.clear();
  // The body of a refused frame is skipped now, after its refusal went out.
  if (!skipPending()) return Result::Eof;
  size_t headerLen;
  for (;;) {
    headerLen = parseHeader(error);
    if (!error.empty()) return Result::Malformed;
    if (headerLen > 0) break;
    if (!fill()) return Result::Eof;
  }
  pos_ += headerLen;
  size_t len = static_cast<size_t>(length_);
  if (len > maxBody_) {
    // Refuse at once; the declared body is skipped on the next call so the
    // following frame can still be read.
    skip_ = len;
    error = "message of " + std::to_string(len) + " bytes is above the limit of " +
            std::to_string(maxBody_) + " bytes";
    return Result::TooLarge;
  }
  while (buf_.size() - pos_ < len)
    if (!fill()) return Result::Eof;
  body.assign(buf_, pos_, len);
  pos_ += len;
  return Result::Frame;
}

}  // namespace grove::rpc
