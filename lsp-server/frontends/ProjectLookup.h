// ProjectLookup: one project's record (cursor, mainline, revision) without
// its tree. A translator needs the cursor on every prompt or note; reading
// grove/project/structure for it cost time in proportion to the project's
// units, grove/project/list costs one row per project.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "frontends/CoreCaller.h"

namespace grove::frontends {

/// The project `projectId` in a grove/project/list result, if listed.
std::optional<nlohmann::json> findProject(const nlohmann::json& listResult, const std::string& projectId);

/// The `Project` from the core, or the core's 1001 projectNotFound error.
CoreCaller::Outcome lookUpProject(CoreCaller& core, const std::string& projectId);

/// The error object the core gives for an unknown project.
nlohmann::json projectNotFound(const std::string& projectId);

}  // namespace grove::frontends
