// ChangeResult: what every change method's result reports besides its own
// fields (PROTOCOL.md, "Results of changes"): the revision of the project it
// changed, and the cursor when it moved. Added in one place, the reply path
// of the `Change` methods, so no handler can forget it.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

#include "engine/Engine.h"
#include "support/Error.h"

namespace grove::server {

/// The project a change request names: `projectId`, or the project owning
/// `unitId`, `unitIds[0]` or `suggestionId`; "" when it names none. Throws the
/// core's not-found errors.
std::string changedProject(Engine& engine, const nlohmann::json& params);

/// Called with a reply message just before it is sent (on the engine thread):
/// adds `revision` and, when the cursor moved, `cursorId` to an object result
/// that does not already carry them. Does nothing for a request that names no
/// project, or for an error.
using ResultStamp = std::function<void(nlohmann::json& reply)>;
ResultStamp stampForChange(Engine& engine, const nlohmann::json& params);

}  // namespace grove::server
