// Interchange: `grove-server --import KIND PATH` and `--export PROJECT_ID
// --format markdown|json [--branch HEAD_ID]` (DESIGN §10).
//
// Both speak the protocol (grove/import/run, grove/export/run) so there is
// one implementation: to the store's owner over its Unix socket when another
// grove-server holds the store, else to a core this process opens for the
// duration (as the relay does when it takes a store over), through a pipe
// pair.
#pragma once

#include <optional>
#include <string>

#include "tool/Flags.h"

namespace grove::tool {

using EnvLookup = std::optional<std::string> (*)(const char*);

/// Prints one line per project and a total; 0, 2 when a file was refused,
/// 1 when the import could not run (unknown kind, missing path, no store).
int runImport(const Flags& flags, EnvLookup env);
/// Prints the export to stdout; 0, or 1 with the reason on stderr.
int runExport(const Flags& flags, EnvLookup env);

}  // namespace grove::tool
