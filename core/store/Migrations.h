// Numbered schema migrations. `PRAGMA user_version` is the single record of
// which have run; each runs inside its own transaction, so a crash mid-way
// leaves the store at the previous version.
#pragma once

#include <string>

#include "store/Sqlite.h"

namespace grove {

/// The schema version this build writes.
int latestSchemaVersion();

/// Brings the store up to latestSchemaVersion(). Refuses a store written by a
/// newer Grove (its version is higher than ours) rather than guessing.
void migrate(sqlite::Db& db);

/// For a store opened read-only: throws unless it is at
/// latestSchemaVersion() already (an upgrade would have to write).
void requireCurrentSchema(sqlite::Db& db);

/// Runs migrations up to `target` only; for tests of old schemas.
void migrateTo(sqlite::Db& db, int target);

/// SQL for an FTS5 match expression: the one in parameter `matchParam`
/// (e.g. "?1"), limited to the project in `projectParam`, through the
/// full-text indexes' `scope` column (migration 16), which holds
/// hex(project_id) as one token.
std::string scopedFtsMatch(const std::string& matchParam, const std::string& projectParam);

}  // namespace grove
