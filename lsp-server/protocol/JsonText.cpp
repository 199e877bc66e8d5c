#include "protocol/JsonText.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstring>

namespace grove::proto {

namespace {

// Well-formed UTF-8 (the Unicode standard's table 3-7, which the parser's
// validation follows): no overlong forms, surrogates or values past U+10FFFF.
bool wellFormedUtf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  auto cont = [](unsigned char c) { return c >= 0x80 && c <= 0xBF; };
  while (p < end) {
    unsigned char c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;  // bounds of the second byte
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (static_cast<size_t>(end - p) < n || p[1] < lo || p[1] > hi) return false;
    for (size_t k = 2; k < n; ++k)
      if (!cont(p[k])) return false;
    p += n;
  }
  return true;
}

constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kHighs = 0x8080808080808080ull;

uint64_t load8(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// Whether a byte of v is zero (exact as to whether, not which).
uint64_t zeroByte(uint64_t v) { return (v - kOnes) & ~v & kHighs; }

// Whether any of the eight bytes is a control character, '"' or '\\'.
// Bytes at 0x80 and above never count: they are copied as they are.
bool needsEscape(uint64_t v) {
  uint64_t control = (v - kOnes * 0x20) & ~v & kHighs;
  return (control | zeroByte(v ^ (kOnes * '"')) | zeroByte(v ^ (kOnes * '\\'))) != 0;
}

bool asciiOnly(std::string_view s) {
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8)
    if (load8(s.data() + i) & kHighs) return false;
  for (; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) >= 0x80) return false;
  return true;
}

}  // namespace

void appendJsonString(std::string& out, std::string_view s) {
  // Invalid UTF-8 is rare and its replacement has rules of its own: the
  // library writes such a string, so the bytes are the same either way.
  if (!asciiOnly(s) && !wellFormedUtf8(s)) {
    out += nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return;
  }
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  size_t run = 0;  // start of the bytes copied as they are
  size_t i = 0;
  while (i < s.size()) {
    // Eight bytes at a time while none needs escaping: prompts are mostly
    // plain text, and this loop is most of what writing a preview costs.
    if (s.size() - i >= 8 && !needsEscape(load8(s.data() + i))) {
      i += 8;
      continue;
    }
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    out.append(s.data() + run, i - run);
    run = ++i;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        static const char hex[] = "0123456789abcdef";
        char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
        out.append(u, 6);
      }
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

void appendJsonInt(std::string& out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

}  // namespace grove::proto
