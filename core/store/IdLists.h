// Lists of ids stored in one TEXT column as a JSON array.
#pragma once

#include <string>
#include <vector>

namespace grove::store {

std::string idsToText(const std::vector<std::string>& ids);
/// Tolerates a damaged value (returns what it can read, never throws).
std::vector<std::string> idsFromText(const std::string& text);

}  // namespace grove::store
