// fnv1aHex: a cheap, stable 64-bit fingerprint (FNV-1a) as 16 hex digits.
// Not cryptographic: used to name things (sockets) and to notice changes
// (a captured selection's content hash, a copied table's checksum).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace grove {

/// FNV-1a fed piece by piece (a row of values, a record).
struct Fnv1a {
  uint64_t h = 1469598103934665603ull;
  void add(const void* data, size_t size) {
    auto* b = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
      h ^= b[i];
      h *= 1099511628211ull;
    }
  }
  void add(std::string_view text) { add(text.data(), text.size()); }
};

inline std::string fnv1aHex(std::string_view text) {
  Fnv1a f;
  f.add(text);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(f.h));
  return buf;
}

}  // namespace grove
