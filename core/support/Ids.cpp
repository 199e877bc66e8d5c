#include "support/Ids.h"

#include <chrono>
#include <random>

namespace grove {

std::string idAt(char prefix, uint64_t ms, uint64_t random) {
  static const char kAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";  // in ASCII order
  std::string id(18, '0');
  id[0] = prefix;
  id[1] = '_';
  // Most significant first, so the text sorts as the time does.
  for (int i = 10; i >= 2; --i, ms >>= 5) id[i] = kAlphabet[ms & 31];
  for (int i = 11; i < 18; ++i, random >>= 5) id[i] = kAlphabet[random & 31];
  return id;
}

std::string newId(char prefix) {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::system_clock::now().time_since_epoch());
  return idAt(prefix, static_cast<uint64_t>(ms.count()), rng());
}

}  // namespace grove
