// Stable ids for projects and units: a one-letter prefix and 16 base-32
// characters, so ids say what they name when read in a log. The first 9
// characters are the time in milliseconds (good until the year 3084), the
// last 7 are random (35 bits), drawn once a millisecond per thread and
// counted up from there, so one thread never makes the same id twice and two
// threads meet only if their counts overlap. Time first because ids are keys: an id made
// now sorts after every older one, so the indexes over ids (and over parent
// ids) grow at their right edge, where an append touches one leaf page,
// instead of at a random leaf each time (which was a fresh page written to
// the log per index per append).
#pragma once

#include <cstdint>
#include <string>

namespace grove {

std::string newId(char prefix);
/// The id made at `ms` (milliseconds since 1970) with these random bits.
std::string idAt(char prefix, uint64_t ms, uint64_t random);

}  // namespace grove
