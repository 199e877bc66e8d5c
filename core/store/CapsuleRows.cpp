// SqlStore: capsules and the projects each is enabled in.
#include "store/IdLists.h"
#include "store/Sql.h"
#include "store/SqlStore.h"

namespace grove {

using sql::Stmt;

namespace {

const char* kColumns =
    "c.id, c.type, c.name, c.instruction, c.example, c.requires_review, c.reviewed, c.source, "
    "c.project_id, c.source_unit_ids, c.created_at, c.updated_at";

Capsule readCapsule(const Stmt& st) {
  Capsule c;
  c.id = st.text(0);
  c.type = parseCapsuleType(st.text(1)).value_or(CapsuleType::TaskSop);
  c.name = st.text(2);
  c.instruction = st.text(3);
  c.example = st.text(4);
  c.requiresReview = st.integer(5) != 0;
  c.reviewed = st.integer(6) != 0;
  c.source = st.text(7);
  c.projectId = st.text(8);
  c.sourceUnitIds = store::idsFromText(st.text(9));
  c.createdAt = st.integer(10);
  c.updatedAt = st.integer(11);
  return c;
}

std::vector<std::string> enabledIn(sql::Db& db, const std::string& capsuleId) {
  Stmt st(db, "SELECT project_id FROM capsule_enabled WHERE capsule_id=? ORDER BY enabled_at, project_id");
  st.bind(1, capsuleId);
  std::vector<std::string> out;
  while (st.step()) out.push_back(st.text(0));
  return out;
}

std::vector<Capsule> readAll(sql::Db& db, Stmt& st) {
  std::vector<Capsule> out;
  while (st.step()) out.push_back(readCapsule(st));
  for (auto& c : out) c.enabledIn = enabledIn(db, c.id);
  return out;
}

}  // namespace

void SqlStore::putCapsule(const Capsule& c) {
  // An upsert: a replace would delete the row and cascade to its enablements.
  Stmt st(db(),
          "INSERT INTO capsules(id, type, name, instruction, example, requires_review, reviewed, "
          "source, project_id, source_unit_ids, created_at, updated_at) "
          "VALUES (?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET type=excluded.type, "
          "name=excluded.name, instruction=excluded.instruction, example=excluded.example, "
          "requires_review=excluded.requires_review, reviewed=excluded.reviewed, "
          "source=excluded.source, updated_at=excluded.updated_at");
  st.bind(1, c.id)
      .bind(2, toString(c.type))
      .bind(3, c.name)
      .bind(4, c.instruction)
      .bind(5, c.example)
      .bind(6, int64_t(c.requiresReview))
      .bind(7, int64_t(c.reviewed))
      .bind(8, c.source)
      .bind(9, c.projectId)
      .bind(10, store::idsToText(c.sourceUnitIds))
      .bind(11, c.createdAt)
      .bind(12, c.updatedAt)
      .run();
}

std::optional<Capsule> SqlStore::capsule(const std::string& id) {
  Stmt st(db(), (std::string("SELECT ") + kColumns + " FROM capsules c WHERE c.id=?").c_str());
  st.bind(1, id);
  auto all = readAll(db(), st);
  if (all.empty()) return std::nullopt;
  return all.front();
}

std::vector<Capsule> SqlStore::capsules(const std::optional<std::string>& projectId) {
  Stmt st(db(), (std::string("SELECT ") + kColumns +
                 " FROM capsules c WHERE CAST(?1 AS TEXT) IS NULL OR c.project_id=?1 OR EXISTS (SELECT 1 FROM "
                 "capsule_enabled e WHERE e.capsule_id=c.id AND e.project_id=?1) "
                 "ORDER BY c.created_at, c.id")
                    .c_str());
  st.bind(1, projectId);
  return readAll(db(), st);
}

std::vector<Capsule> SqlStore::enabledCapsules(const std::string& projectId) {
  Stmt st(db(), (std::string("SELECT ") + kColumns +
                 " FROM capsules c JOIN capsule_enabled e ON e.capsule_id=c.id "
                 "WHERE e.project_id=? ORDER BY e.enabled_at, c.id")
                    .c_str());
  st.bind(1, projectId);
  return readAll(db(), st);
}

void SqlStore::setCapsuleEnabled(const std::string& capsuleId, const std::string& projectId,
                                    bool enabled) {
  if (enabled) {
    Stmt st(db(),
            "INSERT INTO capsule_enabled(capsule_id, project_id, enabled_at) VALUES (?,?,"
            "(SELECT COALESCE(MAX(enabled_at), 0) + 1 FROM capsule_enabled)) "
            "ON CONFLICT DO NOTHING");
    st.bind(1, capsuleId).bind(2, projectId).run();
  } else {
    Stmt st(db(), "DELETE FROM capsule_enabled WHERE capsule_id=? AND project_id=?");
    st.bind(1, capsuleId).bind(2, projectId).run();
  }
}

void SqlStore::deleteCapsule(const std::string& id) {
  Stmt st(db(), "DELETE FROM capsules WHERE id=?");
  st.bind(1, id).run();
}

}  // namespace grove
