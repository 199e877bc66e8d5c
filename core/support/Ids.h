// Stable ids for projects and units: a one-letter prefix and 16 random
// base-32 characters (80 bits), so ids from different stores or machines
// never collide in practice and say what they name when read in a log.
#pragma once

#include <string>

namespace grove {

std::string newId(char prefix);

}  // namespace grove
