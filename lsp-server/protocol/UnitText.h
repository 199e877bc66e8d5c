// UnitText: units as JSON text, byte for byte what toJson(Unit) dumps to
// (compact, invalid UTF-8 replaced), without building the json tree first.
// A whole 100,000-unit tree (grove/project/get) was a tree of about two
// million json values, most of the call's time and of its peak memory,
// before one byte was written.
#pragma once

#include <string>
#include <vector>

#include "model/Unit.h"

namespace grove::proto {

/// Appends `u` as toJson(u) dumps it: keys sorted, invalid UTF-8 replaced.
void appendUnitJson(std::string& out, const Unit& u);
/// Appends `[unit,...]`.
void appendUnitsJson(std::string& out, const std::vector<Unit>& units);
/// What the units' text will take, for reserving it at once.
size_t unitsJsonSize(const std::vector<Unit>& units);

}  // namespace grove::proto
