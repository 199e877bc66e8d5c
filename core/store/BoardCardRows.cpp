// BoardRows: the board_cards table (a workspace's cards: evolve and
// reorganize of its board, child and knowledgeEdit of its knowledge map). A
// board card's ops are kept as JSON with the wire's field names, so a stored
// card reads like the one the client was shown; a map card's KnowledgeOps,
// relation and citations are the `knowledge` column (store/KnowledgeImages).
#include <nlohmann/json.hpp>

#include "store/BoardRows.h"
#include "store/IdLists.h"
#include "store/KnowledgeImages.h"
#include "store/SuggestionColumns.h"

namespace grove {

using nlohmann::json;
using sql::Stmt;

namespace {

const char* const kOpNames[] = {"UpdateItem", "Move", "Group", "UpdateGroup", "Ungroup", "Link", "Unlink"};

template <class T>
void putOpt(json& j, const char* key, const std::optional<T>& v) {
  if (v) j[key] = *v;
}

template <class T>
void putField(json& j, const char* key, const Field<T>& v) {
  if (v) j[key] = *v ? json(**v) : json(nullptr);
}

template <class T>
std::optional<T> getOpt(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}

Field<std::string> getField(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) return std::nullopt;
  if (it->is_null()) return std::optional<std::string>{};
  return std::optional<std::string>{it->get<std::string>()};
}

json opJson(const BoardOp& op) {
  json j{{"op", kOpNames[static_cast<int>(op.op)]}};
  if (!op.id.empty()) j["id"] = op.id;
  putOpt(j, "ref", op.ref);
  putOpt(j, "title", op.title);
  putOpt(j, "summary", op.summary);
  putOpt(j, "context", op.context);
  putOpt(j, "memo", op.memo);
  putOpt(j, "content", op.content);
  putOpt(j, "tags", op.tags);
  putOpt(j, "hidden", op.hidden);
  putOpt(j, "archived", op.archived);
  if (op.dismissBadges) j["dismissBadges"] = true;
  if (!op.itemIds.empty()) j["itemIds"] = op.itemIds;
  if (!op.groupIds.empty()) j["groupIds"] = op.groupIds;
  // Move's `to` null (top level) is stored as null; Link's is an item id.
  if (op.op == BoardOp::Kind::Move) j["to"] = op.to ? json(*op.to) : json(nullptr);
  else putOpt(j, "to", op.to);
  if (!op.from.empty()) j["from"] = op.from;
  putField(j, "label", op.label);
  putField(j, "parentId", op.parentId);
  return j;
}

BoardOp opFrom(const json& j) {
  BoardOp op;
  std::string name = j.value("op", "");
  for (size_t i = 0; i < std::size(kOpNames); ++i)
    if (name == kOpNames[i]) op.op = static_cast<BoardOp::Kind>(i);
  op.id = j.value("id", "");
  op.ref = getOpt<std::string>(j, "ref");
  op.title = getOpt<std::string>(j, "title");
  op.summary = getOpt<std::string>(j, "summary");
  op.context = getOpt<std::string>(j, "context");
  op.memo = getOpt<std::string>(j, "memo");
  op.content = getOpt<std::string>(j, "content");
  op.tags = getOpt<std::vector<std::string>>(j, "tags");
  op.hidden = getOpt<bool>(j, "hidden");
  op.archived = getOpt<bool>(j, "archived");
  op.dismissBadges = j.value("dismissBadges", false);
  op.itemIds = j.value("itemIds", std::vector<std::string>{});
  op.groupIds = j.value("groupIds", std::vector<std::string>{});
  op.to = getOpt<std::string>(j, "to");
  op.from = j.value("from", "");
  op.label = getField(j, "label");
  op.parentId = getField(j, "parentId");
  return op;
}

const char* kColumns =
    "id, workspace_uri, kind, item_ids, reason, confidence, source, state, created_at, title, ops, resolved_at, "
    "knowledge";

Suggestion readCard(const Stmt& st) {
  Suggestion s;
  s.id = st.text(0);
  s.workspaceUri = st.text(1);
  store::readSharedSuggestionColumns(st, s);
  for (const auto& op : json::parse(st.text(10))) s.ops.push_back(opFrom(op));
  s.resolvedAt = st.optInteger(11);
  if (auto k = st.optText(12))
    s.knowledge = std::make_shared<const knowledge::KnowledgeCard>(store::cardFromText(*k));
  return s;
}

}  // namespace

void BoardRows::putCard(const Suggestion& s) {
  json ops = json::array();
  for (const auto& op : s.ops) ops.push_back(opJson(op));
  Stmt& st = prepared(sql::upsert("board_cards", kColumns, "id"));
  st.bind(1, s.id).bind(2, s.workspaceUri.value_or(""));
  store::bindSharedSuggestionColumns(st, s)
      .bind(11, ops.dump())
      .bind(12, s.resolvedAt);
  if (s.knowledge) st.bind(13, store::cardText(*s.knowledge));
  else st.bindNull(13);
  st.run();
}

std::optional<Suggestion> BoardRows::card(const std::string& id) {
  Stmt& st = prepared(std::string("SELECT ") + kColumns + " FROM board_cards WHERE id=?");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return readCard(st);
}

std::vector<Suggestion> BoardRows::cards(const std::string& workspaceUri, const std::optional<SuggestionKind>& kind,
                                         const std::optional<SuggestionState>& state) {
  Stmt& st = prepared(std::string("SELECT ") + kColumns +
                      " FROM board_cards WHERE workspace_uri=?1 AND (CAST(?2 AS TEXT) IS NULL OR kind=?2) "
                      "AND (CAST(?3 AS TEXT) IS NULL OR state=?3) ORDER BY created_at, rowid");
  st.bind(1, workspaceUri);
  if (kind) st.bind(2, toString(*kind));
  else st.bindNull(2);
  if (state) st.bind(3, toString(*state));
  else st.bindNull(3);
  std::vector<Suggestion> out;
  while (st.step()) out.push_back(readCard(st));
  return out;
}

}  // namespace grove
