// SqlStore: import provenance (migration 6), what makes a re-import of the
// same history add only what is new.
#include "store/Sql.h"
#include "store/SqlStore.h"

namespace grove {

using sql::Stmt;

std::optional<std::string> SqlStore::importedProject(const std::string& kind,
                                                        const std::string& sourceId) {
  Stmt st(db(), "SELECT project_id FROM import_sessions WHERE kind=? AND source_id=?");
  st.bind(1, kind).bind(2, sourceId);
  if (!st.step()) return std::nullopt;
  return st.text(0);
}

void SqlStore::putImportedProject(const std::string& kind, const std::string& sourceId,
                                     const std::string& projectId) {
  Stmt st(db(),
          "INSERT INTO import_sessions(kind, source_id, project_id) VALUES (?,?,?) "
          "ON CONFLICT(kind, source_id) DO UPDATE SET project_id=excluded.project_id");
  st.bind(1, kind).bind(2, sourceId).bind(3, projectId).run();
}

std::vector<std::pair<std::string, std::string>> SqlStore::importedUnits(
    const std::string& projectId) {
  Stmt st(db(), "SELECT source_id, unit_id FROM import_units WHERE project_id=?");
  st.bind(1, projectId);
  std::vector<std::pair<std::string, std::string>> out;
  while (st.step()) out.emplace_back(st.text(0), st.text(1));
  return out;
}

void SqlStore::putImportedUnit(const std::string& projectId, const std::string& sourceId,
                                  const std::string& unitId) {
  Stmt st(db(), "INSERT INTO import_units(project_id, source_id, unit_id) VALUES (?,?,?) "
                "ON CONFLICT(project_id, source_id) DO UPDATE SET unit_id=excluded.unit_id");
  st.bind(1, projectId).bind(2, sourceId).bind(3, unitId).run();
}

}  // namespace grove
