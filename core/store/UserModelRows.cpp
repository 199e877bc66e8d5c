// SqlStore: the structure event log, the user model's reset point and each
// project's initiative policy.
#include "store/Sql.h"
#include "store/SqlStore.h"

namespace grove {

using sql::Stmt;

void SqlStore::appendStructureEvent(StructureEvent& e) {
  Stmt st(db(),
          "INSERT INTO structure_events(project_id, outcome, action, suggestion_id, detail, "
          "created_at) VALUES (?,?,?,?,?,?) RETURNING id");
  st.bind(1, e.projectId)
      .bind(2, e.outcome)
      .bind(3, e.action)
      .bind(4, e.suggestionId)
      .bind(5, e.detail)
      .bind(6, e.createdAt);
  st.step();
  e.id = st.integer(0);
}

std::vector<StructureEvent> SqlStore::structureEvents(int64_t afterId) {
  Stmt st(db(),
          "SELECT id, project_id, outcome, action, suggestion_id, detail, created_at "
          "FROM structure_events WHERE id>? ORDER BY id");
  st.bind(1, afterId);
  std::vector<StructureEvent> out;
  while (st.step())
    out.push_back({st.integer(0), st.text(1), st.text(2), st.text(3), st.text(4), st.text(5),
                   st.integer(6)});
  return out;
}

int64_t SqlStore::userModelResetPoint() {
  Stmt st(db(), "SELECT reset_after FROM user_model WHERE id=1");
  return st.step() ? st.integer(0) : 0;
}

void SqlStore::setUserModelResetPoint(int64_t eventId) {
  Stmt st(db(), "UPDATE user_model SET reset_after=? WHERE id=1");
  st.bind(1, eventId).run();
}

std::optional<InitiativePolicy> SqlStore::initiative(const std::string& projectId) {
  Stmt st(db(),
          "SELECT level, cooldown_turns, max_per_hour, turns_since_card, last_trigger_id "
          "FROM initiative WHERE project_id=?");
  st.bind(1, projectId);
  if (!st.step()) return std::nullopt;
  InitiativePolicy p;
  p.level = parseInitiativeLevel(st.text(0)).value_or(InitiativeLevel::Suggest);
  p.cooldownTurns = static_cast<int>(st.integer(1));
  p.maxPerHour = static_cast<int>(st.integer(2));
  p.turnsSinceCard = static_cast<int>(st.integer(3));
  p.lastTriggerId = st.text(4);
  return p;
}

void SqlStore::putInitiative(const std::string& projectId, const InitiativePolicy& p) {
  Stmt st(db(),
          "INSERT INTO initiative(project_id, level, cooldown_turns, max_per_hour, "
          "turns_since_card, last_trigger_id) VALUES (?,?,?,?,?,?) ON CONFLICT(project_id) DO "
          "UPDATE SET level=excluded.level, cooldown_turns=excluded.cooldown_turns, "
          "max_per_hour=excluded.max_per_hour, turns_since_card=excluded.turns_since_card, "
          "last_trigger_id=excluded.last_trigger_id");
  st.bind(1, projectId)
      .bind(2, toString(p.level))
      .bind(3, int64_t(p.cooldownTurns))
      .bind(4, int64_t(p.maxPerHour))
      .bind(5, int64_t(p.turnsSinceCard))
      .bind(6, p.lastTriggerId)
      .run();
}

}  // namespace grove
