#include "support/Ids.h"

#include <random>

namespace grove {

std::string newId(char prefix) {
  static const char kAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";
  thread_local std::mt19937_64 rng{std::random_device{}()};
  std::string id;
  id.reserve(18);
  id += prefix;
  id += '_';
  uint64_t a = rng(), b = rng();
  for (int i = 0; i < 16; ++i) {
    uint64_t& src = i < 12 ? a : b;
    id += kAlphabet[src & 31];
    src >>= 5;
  }
  return id;
}

}  // namespace grove
