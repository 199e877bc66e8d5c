#include "protocol/BoardJson.h"

#include <algorithm>

#include "protocol/Convert.h"
#include "protocol/MemoletJson.h"
#include "support/Error.h"

namespace grove::proto {

namespace {

json optStr(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

json ids(const std::vector<std::string>& v) { return v.empty() ? json::array() : json(v); }

/// Reads a nested object with a Params, naming its fields `<prefix>.<field>`.
template <class F>
auto nested(const std::string& prefix, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidArgument) throw;
    Params::fail(prefix + "." + e.field(), e.what());
  }
}

std::optional<std::vector<std::string>> optList(const Params& p, const char* key) {
  if (!p.has(key) || p.raw()[key].is_null()) return std::nullopt;
  return p.strList(key);
}

std::optional<bool> optFlag(const Params& p, const char* key) {
  if (!p.has(key) || p.raw()[key].is_null()) return std::nullopt;
  return p.flag(key, false);
}

std::optional<double> optNumber(const Params& p, const char* key) {
  if (!p.has(key) || p.raw()[key].is_null()) return std::nullopt;
  const json& v = p.raw()[key];
  if (!v.is_number()) Params::fail(key, std::string(key) + " must be a number");
  return v.get<double>();
}

BoardOp opFrom(const json& raw) {
  if (!raw.is_object()) Params::fail("op", "each op must be an object");
  Params p(raw);
  BoardOp op;
  std::string name = p.str("op");
  if (name == "UpdateItem") {
    op.op = BoardOp::Kind::UpdateItem;
    op.id = p.str("id");
    op.title = p.optStr("title");
    op.summary = p.optStr("summary");
    op.context = p.optStr("context");
    op.memo = p.optStr("memo");
    op.content = p.optStr("content");
    op.tags = optList(p, "tags");
    op.hidden = optFlag(p, "hidden");
    op.archived = optFlag(p, "archived");
    op.dismissBadges = p.flag("dismissBadges", false);
    if (op.title && op.title->find_first_not_of(" \t\r\n") == std::string::npos)
      Params::fail("title", "title must not be blank");
  } else if (name == "Move") {
    op.op = BoardOp::Kind::Move;
    op.itemIds = optList(p, "itemIds").value_or(std::vector<std::string>{});
    op.groupIds = optList(p, "groupIds").value_or(std::vector<std::string>{});
    if (!p.has("to")) Params::fail("to", "to is required (a group id, or null for the top level)");
    op.to = p.nullableStr("to");
  } else if (name == "Group") {
    op.op = BoardOp::Kind::Group;
    op.ref = p.optStr("ref");
    op.itemIds = optList(p, "itemIds").value_or(std::vector<std::string>{});
    op.groupIds = optList(p, "groupIds").value_or(std::vector<std::string>{});
    op.title = p.optStr("title");
    op.summary = p.optStr("summary");
    op.parentId = p.field("parentId");
  } else if (name == "UpdateGroup") {
    op.op = BoardOp::Kind::UpdateGroup;
    op.id = p.str("id");
    op.title = p.optStr("title");
    op.summary = p.optStr("summary");
  } else if (name == "Ungroup") {
    op.op = BoardOp::Kind::Ungroup;
    op.id = p.str("id");
  } else if (name == "Link") {
    op.op = BoardOp::Kind::Link;
    op.ref = p.optStr("ref");
    op.from = p.str("from");
    op.to = p.str("to");
    op.label = p.field("label");
  } else if (name == "Unlink") {
    op.op = BoardOp::Kind::Unlink;
    op.id = p.str("id");
  } else {
    Params::fail("op", "unknown op " + name +
                           " (UpdateItem, Move, Group, UpdateGroup, Ungroup, Link or Unlink)");
  }
  return op;
}

const char* opName(BoardOp::Kind k) {
  switch (k) {
    case BoardOp::Kind::UpdateItem: return "UpdateItem";
    case BoardOp::Kind::Move: return "Move";
    case BoardOp::Kind::Group: return "Group";
    case BoardOp::Kind::UpdateGroup: return "UpdateGroup";
    case BoardOp::Kind::Ungroup: return "Ungroup";
    case BoardOp::Kind::Link: return "Link";
    case BoardOp::Kind::Unlink: return "Unlink";
  }
  return "";
}

}  // namespace

json toJson(const BoardOp& op) {
  // Only what the op kind reads, so a card's ops can be sent back to
  // grove/board/edit as they are (for a preview).
  json j{{"op", opName(op.op)}};
  auto put = [&](const char* key, const auto& v) {
    if (v) j[key] = *v;
  };
  switch (op.op) {
    case BoardOp::Kind::UpdateItem:
      j["id"] = op.id;
      put("title", op.title);
      put("summary", op.summary);
      put("context", op.context);
      put("memo", op.memo);
      put("content", op.content);
      put("tags", op.tags);
      put("hidden", op.hidden);
      put("archived", op.archived);
      if (op.dismissBadges) j["dismissBadges"] = true;
      break;
    case BoardOp::Kind::Move:
      j["itemIds"] = ids(op.itemIds);
      j["groupIds"] = ids(op.groupIds);
      j["to"] = optStr(op.to);
      break;
    case BoardOp::Kind::Group:
      put("ref", op.ref);
      j["itemIds"] = ids(op.itemIds);
      j["groupIds"] = ids(op.groupIds);
      put("title", op.title);
      put("summary", op.summary);
      if (op.parentId) j["parentId"] = optStr(*op.parentId);
      break;
    case BoardOp::Kind::UpdateGroup:
      j["id"] = op.id;
      put("title", op.title);
      put("summary", op.summary);
      break;
    case BoardOp::Kind::Ungroup:
    case BoardOp::Kind::Unlink:
      j["id"] = op.id;
      break;
    case BoardOp::Kind::Link:
      put("ref", op.ref);
      j["from"] = op.from;
      j["to"] = optStr(op.to);
      if (op.label) j["label"] = optStr(*op.label);
      break;
  }
  return j;
}

json toJson(const BoardPlacement& p) {
  json related = json::array(), groups = json::array();
  for (const auto& r : p.related) related.push_back({{"itemId", r.id}, {"sigma", r.score}});
  for (const auto& g : p.groups) groups.push_back({{"groupId", g.id}, {"score", g.score}});
  return {{"groupId", p.groupId}, {"score", p.score},   {"created", p.created}, {"threshold", p.threshold},
          {"related", related},   {"groups", groups},   {"method", p.method}};
}

json toJson(const BoardItem& i) {
  json out = toJson(i.memolet);
  const Memolet& m = i.memolet;
  out["projectId"] = m.projectId.empty() ? json(nullptr) : json(m.projectId);
  out["workspaceUri"] = i.workspaceUri;
  out["kind"] = i.kind;
  out["content"] = m.text;
  size_t cut = std::min<size_t>(m.text.size(), 200);
  // Cut at a character boundary: never inside a UTF-8 sequence.
  while (cut < m.text.size() && cut > 0 && (static_cast<unsigned char>(m.text[cut]) & 0xC0) == 0x80) --cut;
  out["preview"] = m.text.substr(0, cut);
  if (i.source) {
    json s = toJson(*i.source);
    // Provenance the client did not send stays unknown; anchoring fills it.
    if (!s.contains("gitBranch")) s["gitBranch"] = nullptr;
    if (!s.contains("dirty")) s["dirty"] = nullptr;
    if (!s.contains("capturedRange")) s["capturedRange"] = s["range"];
    if (!s.contains("anchor"))
      s["anchor"] = {{"state", "unchecked"}, {"checkedAt", nullptr}, {"diffSummary", nullptr}};
    out["source"] = s;
  } else {
    out["source"] = nullptr;
  }
  out["memo"] = i.memo;
  out["tags"] = ids(i.tags);
  out["context"] = i.context;
  out["groupId"] = optStr(i.groupId);
  out["archived"] = i.archived;
  out["hidden"] = i.hidden;
  out["userEdited"] = ids(i.userEdited);
  json badges = json::array();
  for (const auto& b : i.badges)
    badges.push_back({{"kind", b.kind}, {"fields", ids(b.fields)}, {"byItemId", optStr(b.byItemId)},
                      {"suggestionId", optStr(b.suggestionId)}, {"since", isoTime(b.since)}});
  out["badges"] = badges;
  out["placement"] = i.placement ? toJson(*i.placement) : json(nullptr);
  out["updatedAt"] = isoTime(m.updatedAt);
  return out;
}

json toJson(const BoardEvolution& e) {
  json updated = json::array();
  for (const auto& u : e.updated) updated.push_back({{"itemId", u.itemId}, {"fields", ids(u.fields)}});
  return {{"updated", updated}, {"proposed", ids(e.proposed)}};
}

json toJson(const BoardGroupView& v) {
  const BoardGroup& g = v.group;
  return {{"id", g.id},
          {"parentId", optStr(g.parentId)},
          {"title", g.title},
          {"summary", g.summary},
          {"userEdited", ids(g.userEdited)},
          {"itemIds", ids(v.itemIds)},
          {"groupIds", ids(v.groupIds)},
          {"origin", g.origin}};
}

json toJson(const BoardLink& l) {
  return {{"id", l.id}, {"from", l.from}, {"to", l.to}, {"label", optStr(l.label)}, {"origin", l.origin}};
}

json toJson(const BoardSettings& s) {
  return {{"minGroupScore", s.minGroupScore}, {"relatedK", s.relatedK},
          {"relatedFloor", s.relatedFloor},   {"linkScore", s.linkScore},
          {"evolveScore", s.evolveScore},     {"evolution", s.evolution},
          {"groupMentionSize", s.groupMentionSize}};
}

json toJson(const BoardInfo& b) {
  return {{"workspaceUri", b.workspaceUri},
          {"revision", b.revision},
          {"settings", toJson(b.settings)},
          {"understanding",
           {{"text", b.understanding.text},
            {"updatedAt", b.understanding.updatedAt ? json(isoTime(*b.understanding.updatedAt)) : json(nullptr)},
            {"source", b.understanding.source}}}};
}

json toJson(const BoardChange& c) {
  json out{{"workspaceUri", c.workspaceUri}, {"revision", c.revision}, {"itemIds", ids(c.itemIds)},
           {"groupIds", ids(c.groupIds)},    {"linkIds", ids(c.linkIds)}, {"op", c.op}};
  if (!c.actor.empty()) out["actor"] = c.actor;
  return out;
}

json toJson(const CaptureResult& r) {
  return {{"item", toJson(r.item)},
          {"placement", toJson(r.placement)},
          {"evolution", r.evolution ? toJson(*r.evolution) : json(nullptr)},
          {"unit", r.unit ? toJson(*r.unit) : json(nullptr)}};
}

json toJson(const BoardSnapshot& s) {
  json groups = json::array(), items = json::array(), links = json::array();
  for (const auto& g : s.groups) groups.push_back(toJson(g));
  for (const auto& i : s.items) items.push_back(toJson(i));
  for (const auto& l : s.links) links.push_back(toJson(l));
  return {{"board", toJson(s.board)}, {"groups", groups}, {"items", items}, {"links", links}};
}

json toJson(const BoardEditResult& r) {
  json out = toJson(r.change);
  out["refs"] = json::object();
  for (const auto& [ref, id] : r.refs) out["refs"][ref] = id;
  return out;
}

CaptureRequest captureFrom(const Params& p) {
  CaptureRequest r;
  r.workspaceUri = p.str("workspaceUri");
  r.content = p.str("content");
  if (const json* s = p.object("source")) r.source = sourceFrom(*s);
  r.title = p.optStr("title");
  r.projectId = p.optStr("projectId");
  r.parentId = p.field("parentId");
  r.groupId = p.field("groupId");
  return r;
}

BoardEditRequest boardEditFrom(const Params& p) {
  BoardEditRequest r;
  r.workspaceUri = p.str("workspaceUri");
  const json* ops = p.has("ops") ? &p.raw()["ops"] : nullptr;
  if (!ops || !ops->is_array()) Params::fail("ops", "ops must be an array of BoardOp");
  for (size_t i = 0; i < ops->size(); ++i) {
    std::string prefix = "ops[" + std::to_string(i) + "]";
    r.ops.push_back(nested(prefix, [&] { return opFrom((*ops)[i]); }));
  }
  r.preview = p.flag("preview", false);
  if (p.has("expectedRevision") && !p.raw()["expectedRevision"].is_null()) {
    const json& v = p.raw()["expectedRevision"];
    if (!v.is_number_integer()) Params::fail("expectedRevision", "expectedRevision must be an integer");
    r.expectedRevision = v.get<int64_t>();
  }
  return r;
}

ReorganizeRequest reorganizeFrom(const Params& p) {
  ReorganizeRequest r;
  r.workspaceUri = p.str("workspaceUri");
  r.instruction = p.str("instruction");
  r.itemIds = optList(p, "itemIds").value_or(std::vector<std::string>{});
  r.groupIds = optList(p, "groupIds").value_or(std::vector<std::string>{});
  return r;
}

BoardSettingsUpdate boardSettingsFrom(const json& j) {
  if (!j.is_object()) Params::fail("board", "board must be an object");
  return nested("board", [&] {
    Params p(j);
    BoardSettingsUpdate u;
    u.minGroupScore = optNumber(p, "minGroupScore");
    u.relatedFloor = optNumber(p, "relatedFloor");
    u.linkScore = optNumber(p, "linkScore");
    u.evolveScore = optNumber(p, "evolveScore");
    u.relatedK = p.optInt("relatedK");
    u.groupMentionSize = p.optInt("groupMentionSize");
    u.evolution = p.optStr("evolution");
    return u;
  });
}

}  // namespace grove::proto
