// fnv1aHex: a cheap, stable 64-bit fingerprint (FNV-1a) as 16 hex digits.
// Not cryptographic: used to name things (sockets) and to notice changes
// (a captured selection's content hash).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace grove {

inline std::string fnv1aHex(std::string_view text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace grove
