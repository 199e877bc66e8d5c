// SqlStore: the suggestions table.
#include "store/IdLists.h"
#include "store/Sql.h"
#include "store/SqlStore.h"
#include "store/SuggestionColumns.h"

namespace grove {

using sql::Stmt;

namespace {

const char* kColumns =
    "id, project_id, kind, anchor_ids, reason, confidence, source, state, created_at, title, "
    "trigger_unit_id, delegated, capsule_type, resolved_at";

Suggestion readSuggestion(const Stmt& st) {
  Suggestion s;
  s.id = st.text(0);
  s.projectId = st.text(1);
  store::readSharedSuggestionColumns(st, s);
  s.triggerUnitId = st.optText(10);
  s.delegated = st.integer(11) != 0;
  s.capsuleType = st.optText(12);
  s.resolvedAt = st.optInteger(13);
  return s;
}

std::string select(const char* where) {
  return std::string("SELECT ") + kColumns + " FROM suggestions " + where;
}

}  // namespace

void store::readSharedSuggestionColumns(const Stmt& st, Suggestion& s) {
  s.kind = parseSuggestionKind(st.text(2)).value_or(SuggestionKind::Branch);
  s.anchorIds = store::idsFromText(st.text(3));
  s.reason = st.text(4);
  s.confidence = st.real(5);
  s.source = parseSuggestionSource(st.text(6)).value_or(SuggestionSource::Native);
  s.state = parseSuggestionState(st.text(7)).value_or(SuggestionState::Pending);
  s.createdAt = st.integer(8);
  s.title = st.optText(9);
}

Stmt& store::bindSharedSuggestionColumns(Stmt& st, const Suggestion& s) {
  return st.bind(3, toString(s.kind))
      .bind(4, store::idsToText(s.anchorIds))
      .bind(5, s.reason)
      .bindReal(6, s.confidence)
      .bind(7, toString(s.source))
      .bind(8, toString(s.state))
      .bind(9, s.createdAt)
      .bind(10, s.title);
}

void SqlStore::putSuggestion(const Suggestion& s) {
  Stmt st(db(), sql::upsert("suggestions", kColumns, "id"));
  st.bind(1, s.id).bind(2, s.projectId);
  store::bindSharedSuggestionColumns(st, s)
      .bind(11, s.triggerUnitId)
      .bind(12, int64_t(s.delegated))
      .bind(13, s.capsuleType)
      .bind(14, s.resolvedAt)
      .run();
}

std::optional<Suggestion> SqlStore::suggestion(const std::string& id) {
  Stmt st(db(), select("WHERE id=?").c_str());
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return readSuggestion(st);
}

std::vector<Suggestion> SqlStore::suggestions(const std::string& projectId,
                                                 const std::optional<SuggestionState>& state) {
  Stmt st(db(), select("WHERE project_id=?1 AND (CAST(?2 AS TEXT) IS NULL OR state=?2) "
                       "ORDER BY created_at, rowid")
                    .c_str());
  st.bind(1, projectId);
  if (state)
    st.bind(2, toString(*state));
  else
    st.bindNull(2);
  std::vector<Suggestion> out;
  while (st.step()) out.push_back(readSuggestion(st));
  return out;
}

int SqlStore::countSuggestionsSince(const std::string& projectId, int64_t sinceMs) {
  Stmt st(db(),
          "SELECT COUNT(*) FROM suggestions WHERE project_id=? AND created_at>=? AND delegated=0");
  st.bind(1, projectId).bind(2, sinceMs);
  return st.step() ? static_cast<int>(st.integer(0)) : 0;
}

}  // namespace grove
