// Numbered schema migrations of a PostgreSQL store. The table grove_schema
// holds the single version number; all pending migrations run in one
// transaction under an advisory lock for the schema, so cores starting together on one
// database migrate it once and a crash leaves the previous version.
#pragma once

#include "store/Sql.h"

namespace grove {

/// The schema version this build writes on PostgreSQL.
int latestPostgresSchemaVersion();

/// Brings the database (its current schema) up to the latest version;
/// refuses one written by a newer Grove.
void migratePostgres(sql::Db& db);

int postgresSchemaVersion(sql::Db& db);

}  // namespace grove
