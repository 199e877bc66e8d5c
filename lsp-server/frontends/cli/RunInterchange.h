// runImport / runExport: `grove-server --import KIND PATH` and `--export
// PROJECT_ID --format markdown|json [--branch HEAD_ID]` (DESIGN §10).
//
// A command-line front end: it sends grove/import/run or grove/export/run to
// the store's core through a CoreLink, so there is one implementation. When
// another grove-server owns the store the request runs there (an open editor
// sees the projects arrive); otherwise this process owns the core for the
// duration.
#pragma once

#include <string>

#include "tool/Flags.h"

namespace grove::frontends::cli {

/// Prints one line per project and a total; 0, 2 when a file was refused,
/// 1 when the import could not run (unknown kind, missing path, no core).
int runImport(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath);
/// Prints the export to stdout; 0, or 1 with the reason on stderr.
int runExport(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath);

}  // namespace grove::frontends::cli
