// StoreCopy: every row of one store into another, empty one, whichever
// their backends (grove-server --migrate-store FROM TO, issue 19).
//
// Tables go in an order that keeps foreign keys satisfied (a unit after its
// parent), with the columns both schemas have, read from their catalogs, so
// generated columns (PostgreSQL's tsvectors) and search indexes (SQLite's
// FTS5, rebuilt from the rows) are left to the destination. The source is
// read in one snapshot, the destination written in one transaction, and
// before it commits every table is read back and compared by row count and
// by a checksum of every row's values: a copy that differs is rolled back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "store/Sql.h"

namespace grove {

struct TableCopy {
  std::string table;
  int64_t rows = 0;
  uint64_t checksum = 0;  // order-independent: the sum of the rows' hashes
};

/// Every table a store holds, parents before children.
const std::vector<std::string>& storeTables();

/// Copies `from` into `to` (both at the current schema; `to` must hold no
/// project, memolet, board or knowledge map). Returns what was copied and
/// verified; throws grove::Error (and leaves `to` as it was) on any failure.
std::vector<TableCopy> copyStore(sql::Db& from, sql::Db& to);

}  // namespace grove
