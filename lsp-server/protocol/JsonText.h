// JsonText: appends JSON values to a string as text, byte for byte what
// nlohmann's dump (compact, UTF-8 kept, invalid UTF-8 replaced) writes for
// them. For results too large to build as a json tree first: a 100,000-unit
// map as a tree was 100,000s of allocations before one byte was written.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace grove::proto {

/// Appends `s` as a JSON string, quoted and escaped.
void appendJsonString(std::string& out, std::string_view s);
void appendJsonInt(std::string& out, int64_t v);

}  // namespace grove::proto
