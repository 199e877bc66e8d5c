// ScopeResolver: what the model sees for a turn (DESIGN §5), as pure logic
// over units the caller has already gathered.
#pragma once

#include <string>
#include <vector>

#include "model/Unit.h"

namespace grove {

/// The ordered units a scope resolves to, before rendering.
struct ResolvedScope {
  std::vector<const Unit*> units;     // effective units in seq order, placeholders dropped
  std::vector<std::string> excluded;  // excluded units on the path
  std::vector<std::string> included;  // included units off the path
};

/// `path` is path(c): root (or the mainline start) first, ending at the
/// cursor, so strictly increasing in seq. `includedUnits` are the project's
/// live units whose scope is `included`, in seq order.
ResolvedScope resolveScope(const std::vector<const Unit*>& path,
                           const std::vector<const Unit*>& includedUnits);

}  // namespace grove
