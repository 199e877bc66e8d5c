// Utf8: cutting text without splitting a character. Titles, excerpts and
// reasons are cut to a byte budget; a cut inside a multi-byte character
// would put invalid UTF-8 on the wire.
#pragma once

#include <string>

namespace grove {

/// The largest character boundary of `s` at or before byte `at`.
inline size_t utf8Boundary(const std::string& s, size_t at) {
  if (at >= s.size()) return s.size();
  while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return at;
}

/// `s` cut to at most `bytes` bytes on a character boundary, with `mark`
/// appended when something was cut.
inline std::string utf8Cut(const std::string& s, size_t bytes, const std::string& mark = "") {
  if (s.size() <= bytes) return s;
  return s.substr(0, utf8Boundary(s, bytes)) + mark;
}

}  // namespace grove
