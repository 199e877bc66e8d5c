#include "tool/MigrateStore.h"

#include <cstdio>
#include <filesystem>
#include <memory>

#include "store/PostgresStore.h"
#include "store/SqliteStore.h"
#include "store/StoreCopy.h"
#include "tool/StoreAccess.h"

namespace grove::tool {
namespace {

std::unique_ptr<SqlStore> open(const std::string& where, const std::string& schema, bool source) {
  if (isPostgresAddress(where)) return std::make_unique<PostgresStore>(PostgresStore::Options{where, schema});
  if (source && !std::filesystem::exists(where))
    throw std::runtime_error("there is no store at " + where);
  if (!source) createStoreFolder(where);
  return std::make_unique<SqliteStore>(SqliteStore::Options{where});
}

}  // namespace

int runMigrateStore(const Flags& flags) {
  try {
    auto from = open(flags.migrateFrom, flags.dbSchema, true);
    auto to = open(flags.migrateTo, flags.dbSchema, false);
    int64_t rows = 0;
    auto copied = copyStore(from->connection(), to->connection());
    for (const auto& t : copied) {
      if (t.rows) std::printf("%-22s %8lld rows\n", t.table.c_str(), static_cast<long long>(t.rows));
      rows += t.rows;
    }
    std::printf("copied %lld rows in %zu tables from %s to %s; every table read back with the same count and "
                "checksum\n",
                static_cast<long long>(rows), copied.size(), shownStore(flags.migrateFrom).c_str(),
                shownStore(flags.migrateTo).c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove-server: --migrate-store: %s\n", e.what());
    return 1;
  }
}

}  // namespace grove::tool
