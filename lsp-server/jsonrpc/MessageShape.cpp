#include "jsonrpc/MessageShape.h"

#include <cstring>
#include <string>

namespace grove::rpc {

namespace {

class Scanner {
public:
  explicit Scanner(std::string_view t) : t_(t) {}

  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ >= t_.size() || t_[i_] != c) return false;
    ++i_;
    return true;
  }
  bool atEnd() {
    space();
    return i_ == t_.size();
  }
  size_t at() const { return i_; }

  /// A string starting at the current '"'; its raw inside when `inside`.
  bool string(std::string_view* inside = nullptr) {
    if (i_ >= t_.size() || t_[i_] != '"') return false;
    size_t begin = ++i_;
    for (;;) {
      // memchr runs far faster than a byte loop over long texts.
      const void* q = std::memchr(t_.data() + i_, '"', t_.size() - i_);
      if (!q) return false;
      size_t end = static_cast<const char*>(q) - t_.data();
      // The quote is escaped when an odd number of backslashes precede it.
      size_t slashes = 0;
      while (end - slashes > begin && t_[end - slashes - 1] == '\\') ++slashes;
      i_ = end + 1;
      if (slashes % 2 == 0) {
        if (inside) *inside = t_.substr(begin, end - begin);
        return true;
      }
    }
  }

  /// Skips one value (object, array, string, number or literal), checking
  /// that brackets pair up; nested containers are counted, not recursed.
  bool value() {
    space();
    if (i_ >= t_.size()) return false;
    char c = t_[i_];
    if (c == '"') return string();
    if (c != '{' && c != '[') return scalar();
    std::string open;  // the brackets still open, innermost last
    while (i_ < t_.size()) {
      c = t_[i_];
      if (c == '"') {
        if (!string()) return false;
        continue;
      }
      if (c == '{' || c == '[') {
        open.push_back(c);
      } else if (c == '}' || c == ']') {
        if (open.empty() || open.back() != (c == '}' ? '{' : '[')) return false;
        open.pop_back();
        if (open.empty()) {
          ++i_;
          return true;
        }
      }
      ++i_;
    }
    return false;
  }

private:
  bool scalar() {
    size_t begin = i_;
    while (i_ < t_.size()) {
      char c = t_[i_];
      bool part = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '+' || c == '.' ||
                  c == 'E';
      if (!part) break;
      ++i_;
    }
    return i_ > begin;
  }

  std::string_view t_;
  size_t i_ = 0;
};

}  // namespace

std::optional<MessageShape> scanMessage(std::string_view text) {
  Scanner s(text);
  MessageShape shape;
  if (!s.eat('{')) return std::nullopt;
  if (!s.eat('}')) {
    do {
      s.space();
      std::string_view key;
      if (!s.string(&key) || key.find('\\') != std::string_view::npos) return std::nullopt;
      if (!s.eat(':')) return std::nullopt;
      s.space();
      size_t begin = s.at();
      if (!s.value()) return std::nullopt;
      // A repeated key counts once, as its last value (as the parser reads it).
      if (key == "id") shape.id = text.substr(begin, s.at() - begin);
      if (key == "method") shape.hasMethod = true;
    } while (s.eat(','));
    if (!s.eat('}')) return std::nullopt;
  }
  if (!s.atEnd()) return std::nullopt;
  return shape;
}

}  // namespace grove::rpc
