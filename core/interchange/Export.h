// Export: a project as Markdown (for people) or as a Grove JSON bundle that
// `--import grove` reads back without loss (tree, scope, branch metadata,
// capsules, memolets). Runs on the engine thread.
#pragma once

#include <optional>
#include <string>

#include "engine/Engine.h"

namespace grove::interchange {

enum class ExportFormat { Markdown, Json };
std::optional<ExportFormat> parseExportFormat(const std::string& name);

/// `headId`: only the path from the root to the end of the branch headed
/// there, and what grows under it. Throws grove::Error (notFound, invalidArg).
std::string exportProject(Engine& engine, const std::string& projectId, ExportFormat format,
                          const std::optional<std::string>& headId);

/// The bundle's `format` field and the version this build writes.
inline constexpr const char* kBundleFormat = "grove-export";

}  // namespace grove::interchange
