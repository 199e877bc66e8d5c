#include "store/BoardRows.h"
#include "store/MemoletRows.h"

#include <nlohmann/json.hpp>

#include "memory/FtsText.h"
#include "store/Images.h"
#include "support/Error.h"

namespace grove {

using nlohmann::json;
using sql::Stmt;

namespace {

json optStr(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

std::optional<std::string> readOptStr(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<std::string>();
}

std::vector<std::string> strings(const std::string& text) {
  if (text.empty()) return {};
  return json::parse(text).get<std::vector<std::string>>();
}

json settingsJson(const BoardSettings& s) {
  return {{"minGroupScore", s.minGroupScore}, {"relatedK", s.relatedK},
          {"relatedFloor", s.relatedFloor},   {"linkScore", s.linkScore},
          {"evolveScore", s.evolveScore},     {"evolution", s.evolution},
          {"groupMentionSize", s.groupMentionSize}};
}

BoardSettings settingsFrom(const json& j) {
  BoardSettings s;
  s.minGroupScore = j.value("minGroupScore", s.minGroupScore);
  s.relatedK = j.value("relatedK", s.relatedK);
  s.relatedFloor = j.value("relatedFloor", s.relatedFloor);
  s.linkScore = j.value("linkScore", s.linkScore);
  s.evolveScore = j.value("evolveScore", s.evolveScore);
  s.evolution = j.value("evolution", s.evolution);
  s.groupMentionSize = j.value("groupMentionSize", s.groupMentionSize);
  return s;
}

json badgesJson(const std::vector<BoardBadge>& badges) {
  json out = json::array();
  for (const auto& b : badges)
    out.push_back({{"kind", b.kind}, {"fields", b.fields}, {"byItemId", optStr(b.byItemId)},
                   {"suggestionId", optStr(b.suggestionId)}, {"since", b.since}});
  return out;
}

std::vector<BoardBadge> badgesFrom(const json& j) {
  std::vector<BoardBadge> out;
  for (const auto& b : j)
    out.push_back({b.at("kind").get<std::string>(), b.at("fields").get<std::vector<std::string>>(),
                   readOptStr(b, "byItemId"), readOptStr(b, "suggestionId"), b.value("since", int64_t(0))});
  return out;
}

json scoredJson(const std::vector<ScoredId>& v) {
  json out = json::array();
  for (const auto& s : v) out.push_back({s.id, s.score});
  return out;
}

std::vector<ScoredId> scoredFrom(const json& j) {
  std::vector<ScoredId> out;
  for (const auto& s : j) out.push_back({s.at(0).get<std::string>(), s.at(1).get<double>()});
  return out;
}

json placementJson(const BoardPlacement& p) {
  return {{"groupId", p.groupId}, {"score", p.score},   {"created", p.created},
          {"threshold", p.threshold}, {"related", scoredJson(p.related)},
          {"groups", scoredJson(p.groups)}, {"method", p.method}};
}

BoardPlacement placementFrom(const json& j) {
  BoardPlacement p;
  p.groupId = j.value("groupId", "");
  p.score = j.value("score", 0.0);
  p.created = j.value("created", false);
  p.threshold = j.value("threshold", 0.0);
  p.related = scoredFrom(j.at("related"));
  p.groups = scoredFrom(j.at("groups"));
  p.method = j.value("method", "native");
  return p;
}

// Whole images for the undo log (the vector is not logged: the engine
// recomputes it from the fields whenever it writes an item).
json itemJson(const BoardItem& i) {
  const Memolet& m = i.memolet;
  return {{"id", m.id},
          {"projectId", m.projectId},
          {"title", m.title},
          {"summary", m.summary},
          {"text", m.text},
          {"sourceUnitIds", m.sourceUnitIds},
          {"createdAt", m.createdAt},
          {"updatedAt", m.updatedAt},
          {"workspaceUri", i.workspaceUri},
          {"kind", i.kind},
          {"source", i.source ? json(images::sourceToText(*i.source)) : json(nullptr)},
          {"memo", i.memo},
          {"tags", i.tags},
          {"context", i.context},
          {"groupId", optStr(i.groupId)},
          {"archived", i.archived},
          {"hidden", i.hidden},
          {"userEdited", i.userEdited},
          {"badges", badgesJson(i.badges)},
          {"placement", i.placement ? placementJson(*i.placement) : json(nullptr)}};
}

BoardItem itemFrom(const json& j) {
  BoardItem i;
  Memolet& m = i.memolet;
  m.id = j.at("id").get<std::string>();
  m.projectId = j.value("projectId", "");
  m.title = j.value("title", "");
  m.summary = j.value("summary", "");
  m.text = j.value("text", "");
  m.sourceUnitIds = j.value("sourceUnitIds", std::vector<std::string>{});
  m.createdAt = j.value("createdAt", int64_t(0));
  m.updatedAt = j.value("updatedAt", int64_t(0));
  m.manual = true;
  m.closed = true;
  i.workspaceUri = j.value("workspaceUri", "");
  i.kind = j.value("kind", "note");
  if (auto src = readOptStr(j, "source")) i.source = images::sourceFromText(*src);
  i.memo = j.value("memo", "");
  i.tags = j.value("tags", std::vector<std::string>{});
  i.context = j.value("context", "");
  i.groupId = readOptStr(j, "groupId");
  i.archived = j.value("archived", false);
  i.hidden = j.value("hidden", false);
  i.userEdited = j.value("userEdited", std::vector<std::string>{});
  i.badges = badgesFrom(j.at("badges"));
  if (j.contains("placement") && !j.at("placement").is_null()) i.placement = placementFrom(j.at("placement"));
  return i;
}

json groupJson(const BoardGroup& g) {
  return {{"id", g.id},         {"workspaceUri", g.workspaceUri}, {"parentId", optStr(g.parentId)},
          {"title", g.title},   {"summary", g.summary},           {"userEdited", g.userEdited},
          {"origin", g.origin}, {"createdAt", g.createdAt},       {"membershipChanges", g.membershipChanges}};
}

BoardGroup groupFrom(const json& j) {
  BoardGroup g;
  g.id = j.at("id").get<std::string>();
  g.workspaceUri = j.value("workspaceUri", "");
  g.parentId = readOptStr(j, "parentId");
  g.title = j.value("title", "");
  g.summary = j.value("summary", "");
  g.userEdited = j.value("userEdited", std::vector<std::string>{});
  g.origin = j.value("origin", "placement");
  g.createdAt = j.value("createdAt", int64_t(0));
  g.membershipChanges = j.value("membershipChanges", 0);
  return g;
}

json linkJson(const BoardLink& l) {
  return {{"id", l.id},     {"workspaceUri", l.workspaceUri}, {"from", l.from},
          {"to", l.to},     {"label", optStr(l.label)},       {"origin", l.origin},
          {"createdAt", l.createdAt}};
}

BoardLink linkFrom(const json& j) {
  BoardLink l;
  l.id = j.at("id").get<std::string>();
  l.workspaceUri = j.value("workspaceUri", "");
  l.from = j.value("from", "");
  l.to = j.value("to", "");
  l.label = readOptStr(j, "label");
  l.origin = j.value("origin", "placement");
  l.createdAt = j.value("createdAt", int64_t(0));
  return l;
}

template <class T, class ToJson>
json imagesJson(const std::vector<BoardImage<T>>& images, ToJson toJ) {
  json out = json::array();
  for (const auto& im : images)
    out.push_back({{"id", im.id},
                   {"before", im.before ? toJ(*im.before) : json(nullptr)},
                   {"after", im.after ? toJ(*im.after) : json(nullptr)}});
  return out;
}

template <class T, class FromJson>
std::vector<BoardImage<T>> imagesFrom(const json& j, FromJson fromJ) {
  std::vector<BoardImage<T>> out;
  for (const auto& im : j) {
    BoardImage<T> one;
    one.id = im.at("id").get<std::string>();
    if (!im.at("before").is_null()) one.before = fromJ(im.at("before"));
    if (!im.at("after").is_null()) one.after = fromJ(im.at("after"));
    out.push_back(std::move(one));
  }
  return out;
}

const char* kItemColumns =
    "m.id, m.project_id, m.title, m.summary, m.text, m.created_at, m.updated_at, "
    "b.workspace_uri, b.kind, b.source, b.memo, b.tags, b.context, b.group_id, b.archived, b.hidden, "
    "b.user_edited, b.badges, b.placement, m.vector, ";

BoardItem readItem(const Stmt& st) {
  BoardItem i;
  Memolet& m = i.memolet;
  m.id = st.text(0);
  m.projectId = st.text(1);
  m.title = st.text(2);
  m.summary = st.text(3);
  m.text = st.text(4);
  m.createdAt = st.integer(5);
  m.updatedAt = st.integer(6);
  m.manual = true;
  m.closed = true;
  i.workspaceUri = st.text(7);
  i.kind = st.text(8);
  if (auto src = st.optText(9)) i.source = images::sourceFromText(*src);
  i.memo = st.text(10);
  i.tags = strings(st.text(11));
  i.context = st.text(12);
  i.groupId = st.optText(13);
  i.archived = st.integer(14) != 0;
  i.hidden = st.integer(15) != 0;
  i.userEdited = strings(st.text(16));
  i.badges = badgesFrom(json::parse(st.text(17)));
  if (auto p = st.optText(18)) i.placement = placementFrom(json::parse(*p));
  m.vector = st.blob(19);
  std::string units = st.optText(20).value_or("");
  for (size_t at = 0; at < units.size();) {
    size_t end = units.find(' ', at);
    if (end == std::string::npos) end = units.size();
    if (end > at) m.sourceUnitIds.push_back(units.substr(at, end - at));
    at = end + 1;
  }
  m.keywords = i.tags;
  return i;
}

std::string itemSelect(sql::Db& db, const std::string& where) {
  return std::string("SELECT ") + kItemColumns + store::memoletSourcesColumn(db.dialect()) +
         " FROM board_items b JOIN memolets m ON m.id = b.memolet_id " + where;
}

const char* kGroupColumns =
    "id, workspace_uri, parent_id, title, summary, user_edited, origin, created_at, membership_changes";

BoardGroup readGroup(const Stmt& st) {
  BoardGroup g;
  g.id = st.text(0);
  g.workspaceUri = st.text(1);
  g.parentId = st.optText(2);
  g.title = st.text(3);
  g.summary = st.text(4);
  g.userEdited = strings(st.text(5));
  g.origin = st.text(6);
  g.createdAt = st.integer(7);
  g.membershipChanges = static_cast<int>(st.integer(8));
  return g;
}

const char* kLinkColumns = "id, workspace_uri, from_id, to_id, label, origin, created_at";

BoardLink readLink(const Stmt& st) {
  return BoardLink{st.text(0), st.text(1), st.text(2), st.text(3), st.optText(4), st.text(5), st.integer(6)};
}

const char* kOpColumns = "seq, workspace_uri, kind, payload, undone, created_at, author";

BoardOperation readOp(const Stmt& st) {
  BoardOperation op;
  op.seq = st.integer(0);
  op.workspaceUri = st.text(1);
  op.kind = st.text(2);
  json payload = json::parse(st.text(3));
  op.items = imagesFrom<BoardItem>(payload.at("items"), itemFrom);
  op.groups = imagesFrom<BoardGroup>(payload.at("groups"), groupFrom);
  op.links = imagesFrom<BoardLink>(payload.at("links"), linkFrom);
  op.undone = st.integer(4) != 0;
  op.createdAt = st.integer(5);
  op.author = st.text(6);
  return op;
}

// JSON columns written by this file only; a parse failure means damage.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const json::exception& e) {
    throw Error::storage(std::string("a board row could not be read: ") + e.what());
  }
}

}  // namespace

BoardRows::BoardRows(sql::Db& db, MemoletStore& memolets) : db_(db), memolets_(memolets) {}
BoardRows::~BoardRows() = default;

Stmt& BoardRows::prepared(const std::string& sql) {
  // Preparing against this schema costs more than most of these statements
  // take to run: each is prepared once per connection.
  auto it = statements_.find(sql);
  if (it == statements_.end()) it = statements_.emplace(sql, std::make_unique<Stmt>(db_, sql.c_str())).first;
  return it->second->reset();
}

BoardInfo BoardRows::info(const std::string& workspaceUri) {
  BoardInfo info;
  info.workspaceUri = workspaceUri;
  // On PostgreSQL the row stays locked to the end of the transaction, so
  // cores editing one board take turns and its revision never forks.
  Stmt& st = prepared(std::string("SELECT revision, settings, understanding, understanding_at, understanding_source "
                                  "FROM boards WHERE workspace_uri=?") +
                      sql::forUpdate(db_));
  st.bind(1, workspaceUri);
  if (!st.step()) return info;
  info.revision = st.integer(0);
  info.settings = guarded([&] { return settingsFrom(json::parse(st.text(1))); });
  info.understanding.text = st.text(2);
  info.understanding.updatedAt = st.optInteger(3);
  info.understanding.source = st.text(4);
  return info;
}

void BoardRows::putInfo(const BoardInfo& info) {
  Stmt& st = prepared("INSERT INTO boards(workspace_uri, revision, settings, understanding, understanding_at, "
          "understanding_source) VALUES (?1,?2,?3,?4,?5,?6) ON CONFLICT(workspace_uri) DO UPDATE SET "
          "revision=excluded.revision, settings=excluded.settings, understanding=excluded.understanding, "
          "understanding_at=excluded.understanding_at, understanding_source=excluded.understanding_source");
  st.bind(1, info.workspaceUri)
      .bind(2, info.revision)
      .bind(3, settingsJson(info.settings).dump())
      .bind(4, info.understanding.text)
      .bind(5, info.understanding.updatedAt)
      .bind(6, info.understanding.source)
      .run();
}

void BoardRows::putItem(const BoardItem& item) {
  Memolet m = item.memolet;
  m.keywords = item.tags;  // tags are what BM25 and `@` completion match besides the title
  memolets_.putMemolet(m);
  Stmt& st = prepared(sql::upsert("board_items",
                                  "memolet_id, workspace_uri, kind, source, memo, tags, context, "
                                  "group_id, archived, hidden, user_edited, badges, placement",
                                  "memolet_id"));
  st.bind(1, m.id)
      .bind(2, item.workspaceUri)
      .bind(3, item.kind)
      .bind(4, item.source ? std::optional<std::string>(images::sourceToText(*item.source)) : std::nullopt)
      .bind(5, item.memo)
      .bind(6, json(item.tags).dump())
      .bind(7, item.context)
      .bind(8, item.groupId)
      .bind(9, int64_t(item.archived))
      .bind(10, int64_t(item.hidden))
      .bind(11, json(item.userEdited).dump())
      .bind(12, badgesJson(item.badges).dump())
      .bind(13, item.placement ? std::optional<std::string>(placementJson(*item.placement).dump())
                               : std::nullopt)
      .run();
}

void BoardRows::deleteItem(const std::string& id) {
  // A chat item's memolet belongs to its conversation: only its board row goes.
  Stmt& kind = prepared("SELECT kind FROM board_items WHERE memolet_id=?");
  kind.bind(1, id);
  bool owned = kind.step() && kind.text(0) != "chat";
  prepared("DELETE FROM board_items WHERE memolet_id=?").bind(1, id).run();
  if (owned) prepared("DELETE FROM memolets WHERE id=?").bind(1, id).run();
}

std::optional<BoardItem> BoardRows::item(const std::string& id) {
  Stmt& st = prepared(itemSelect(db_, "WHERE b.memolet_id=?").c_str());
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return guarded([&] { return readItem(st); });
}

std::vector<BoardItem> BoardRows::items(const std::string& workspaceUri, bool archived) {
  Stmt& st = prepared(itemSelect(db_, std::string("WHERE b.workspace_uri=?1 ") +
                          (archived ? "" : "AND b.archived=0 ") + "ORDER BY m.rowid")
                   .c_str());
  st.bind(1, workspaceUri);
  std::vector<BoardItem> out;
  while (st.step()) out.push_back(guarded([&] { return readItem(st); }));
  return out;
}

std::vector<BoardRank> BoardRows::bm25(const std::string& workspaceUri, const std::string& match,
                                       size_t limit) {
  std::vector<BoardRank> out;
  if (match.empty()) return out;
  // The unary + keeps SQLite's planner on the FTS index (PostgreSQL has
  // statistics, and the + is not SQL it takes on text).
  const bool pg = db_.dialect() == sql::Dialect::Postgres;
  Stmt& st = prepared(
      pg ? "SELECT b.memolet_id, " + store::memoletRank("m.search") + " AS score FROM memolets m "
           "JOIN board_items b ON b.memolet_id = m.id, to_tsquery('simple', ?1) q "
           "WHERE m.search @@ q AND b.workspace_uri = ?2 AND b.archived = 0 "
           "ORDER BY score DESC LIMIT ?3"
         : "SELECT b.memolet_id, -bm25(memolets_fts, 2.0, 2.0, 1.0, 0.0) AS score FROM memolets_fts "
           "JOIN memolets m ON m.rowid = memolets_fts.rowid JOIN board_items b ON b.memolet_id = m.id "
           "WHERE memolets_fts MATCH ?1 AND +b.workspace_uri = ?2 AND +b.archived = 0 "
           "ORDER BY score DESC LIMIT ?3");
  st.bind(1, sql::searchMatch(db_, match)).bind(2, workspaceUri).bind(3, int64_t(limit));
  while (st.step()) out.push_back({st.text(0), st.real(1)});
  return out;
}

void BoardRows::putGroup(const BoardGroup& g) {
  prepared(sql::upsert("board_groups",
                       "id, workspace_uri, parent_id, title, summary, user_edited, origin, created_at, "
                       "membership_changes",
                       "id"))
      .bind(1, g.id)
      .bind(2, g.workspaceUri)
      .bind(3, g.parentId)
      .bind(4, g.title)
      .bind(5, g.summary)
      .bind(6, json(g.userEdited).dump())
      .bind(7, g.origin)
      .bind(8, g.createdAt)
      .bind(9, int64_t(g.membershipChanges))
      .run();
}

void BoardRows::deleteGroup(const std::string& id) {
  prepared("DELETE FROM board_groups WHERE id=?").bind(1, id).run();
}

std::optional<BoardGroup> BoardRows::group(const std::string& id) {
  Stmt& st = prepared((std::string("SELECT ") + kGroupColumns + " FROM board_groups WHERE id=?").c_str());
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return guarded([&] { return readGroup(st); });
}

std::vector<BoardGroup> BoardRows::groups(const std::string& workspaceUri) {
  Stmt& st = prepared((std::string("SELECT ") + kGroupColumns +
                " FROM board_groups WHERE workspace_uri=? ORDER BY created_at, id")
                   .c_str());
  st.bind(1, workspaceUri);
  std::vector<BoardGroup> out;
  while (st.step()) out.push_back(guarded([&] { return readGroup(st); }));
  return out;
}

void BoardRows::putLink(const BoardLink& l) {
  prepared(sql::upsert("board_links", "id, workspace_uri, from_id, to_id, label, origin, created_at", "id"))
      .bind(1, l.id)
      .bind(2, l.workspaceUri)
      .bind(3, l.from)
      .bind(4, l.to)
      .bind(5, l.label)
      .bind(6, l.origin)
      .bind(7, l.createdAt)
      .run();
}

void BoardRows::deleteLink(const std::string& id) {
  prepared("DELETE FROM board_links WHERE id=?").bind(1, id).run();
}

std::optional<BoardLink> BoardRows::link(const std::string& id) {
  Stmt& st = prepared((std::string("SELECT ") + kLinkColumns + " FROM board_links WHERE id=?").c_str());
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return readLink(st);
}

std::vector<BoardLink> BoardRows::links(const std::string& workspaceUri) {
  Stmt& st = prepared((std::string("SELECT ") + kLinkColumns +
                " FROM board_links WHERE workspace_uri=? ORDER BY created_at, id")
                   .c_str());
  st.bind(1, workspaceUri);
  std::vector<BoardLink> out;
  while (st.step()) out.push_back(readLink(st));
  return out;
}

void BoardRows::appendOp(BoardOperation& op) {
  prepared("INSERT INTO boards(workspace_uri, settings) VALUES (?1, ?2) ON CONFLICT(workspace_uri) DO NOTHING")
      .bind(1, op.workspaceUri)
      .bind(2, settingsJson(BoardSettings{}).dump())
      .run();
  Stmt& next = prepared("SELECT next_seq FROM boards WHERE workspace_uri=?");
  next.bind(1, op.workspaceUri);
  next.step();
  op.seq = next.integer(0);
  prepared("UPDATE boards SET next_seq=next_seq+1 WHERE workspace_uri=?").bind(1, op.workspaceUri).run();
  json payload{{"items", imagesJson(op.items, itemJson)},
               {"groups", imagesJson(op.groups, groupJson)},
               {"links", imagesJson(op.links, linkJson)}};
  prepared("INSERT INTO board_ops(workspace_uri, seq, kind, payload, undone, created_at, author) "
       "VALUES (?1,?2,?3,?4,?5,?6,?7)")
      .bind(1, op.workspaceUri)
      .bind(2, op.seq)
      .bind(3, op.kind)
      .bind(4, payload.dump())
      .bind(5, int64_t(op.undone))
      .bind(6, op.createdAt)
      .bind(7, op.author)
      .run();
}

std::optional<BoardOperation> BoardRows::lastDoneOp(const std::string& workspaceUri) {
  Stmt& st = prepared((std::string("SELECT ") + kOpColumns +
                " FROM board_ops WHERE workspace_uri=? AND undone=0 ORDER BY seq DESC LIMIT 1")
                   .c_str());
  st.bind(1, workspaceUri);
  if (!st.step()) return std::nullopt;
  return guarded([&] { return readOp(st); });
}

std::optional<BoardOperation> BoardRows::firstUndoneOp(const std::string& workspaceUri) {
  Stmt& st = prepared((std::string("SELECT ") + kOpColumns +
                " FROM board_ops " + sql::indexedBy(db_, "board_ops_undone") +
                "WHERE workspace_uri=? AND undone=1 ORDER BY seq ASC LIMIT 1"));
  st.bind(1, workspaceUri);
  if (!st.step()) return std::nullopt;
  return guarded([&] { return readOp(st); });
}

void BoardRows::setOpUndone(const std::string& workspaceUri, int64_t seq, bool undone) {
  prepared("UPDATE board_ops SET undone=?3 WHERE workspace_uri=?1 AND seq=?2")
      .bind(1, workspaceUri)
      .bind(2, seq)
      .bind(3, int64_t(undone))
      .run();
}

void BoardRows::dropUndoneOps(const std::string& workspaceUri) {
  prepared("DELETE FROM board_ops " + sql::indexedBy(db_, "board_ops_undone") + "WHERE workspace_uri=? AND undone=1")
      .bind(1, workspaceUri)
      .run();
}

}  // namespace grove
