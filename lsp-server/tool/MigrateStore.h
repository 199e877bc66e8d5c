// MigrateStore: `grove-server --migrate-store FROM TO` copies a store into an
// empty one, SQLite file to PostgreSQL database or back (or file to file),
// verified table by table by row count and checksum before it commits
// (store/StoreCopy). --db-schema names the PostgreSQL side's schema.
#pragma once

#include "tool/Flags.h"

namespace grove::tool {

/// Returns a process exit code; prints one line per table and a verdict.
int runMigrateStore(const Flags& flags);

}  // namespace grove::tool
