// PseudoWords: the fixed-seed random numbers and pronounceable pseudo-words
// the memolet and board benchmarks build their corpora from (4,096 words of
// three syllables; a word has no meaning, so no stop-word list or stemmer
// favours one benchmark's text over another's).
#pragma once

#include <cstdint>
#include <string>

namespace grove::bench {

/// splitmix64: the next number of the sequence `state` seeds.
inline uint64_t nextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Word `n` (mod 4,096) of the pseudo-word vocabulary.
inline std::string pseudoWord(uint64_t n) {
  static const char* const kSyllables[] = {"ka", "lo", "mi", "ne", "ru", "ta", "ve", "zo",
                                           "pri", "sol", "dan", "gre", "tor", "vil", "mar", "qen"};
  std::string w;
  for (int i = 0; i < 3; ++i) {
    w += kSyllables[n % 16];
    n /= 16;
  }
  return w;
}

}  // namespace grove::bench
