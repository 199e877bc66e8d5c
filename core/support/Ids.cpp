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
  thread_local std::mt19937_64 rng{(static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()};
  // Within one millisecond a thread counts up from its first random draw
  // instead of drawing again: thousands of ids in a millisecond (an import, a
  // burst of appends) drawn at random would meet, by the birthday bound, about
  // once in every few dozen such bursts; counted, a thread never repeats one.
  thread_local uint64_t lastMs = 0, lastRandom = 0;
  const auto ms = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                            std::chrono::system_clock::now().time_since_epoch())
                                            .count());
  lastRandom = ms == lastMs ? lastRandom + 1 : rng();
  lastMs = ms;
  return idAt(prefix, ms, lastRandom);
}

}  // namespace grove
