#include "store/KnowledgeImages.h"

namespace grove::store {

using nlohmann::json;
using namespace knowledge;

namespace {

json rangeJson(const Range& r) {
  return json::array({r.start.line, r.start.character, r.end.line, r.end.character});
}

Range rangeFrom(const json& j) {
  Range r;
  if (j.is_array() && j.size() == 4) {
    r.start.line = j[0].get<int>();
    r.start.character = j[1].get<int>();
    r.end.line = j[2].get<int>();
    r.end.character = j[3].get<int>();
  }
  return r;
}

json fieldJson(const Field<std::string>& f) { return *f ? json(**f) : json(nullptr); }

Field<std::string> fieldFrom(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) return std::nullopt;
  return optTextFrom(j, key);
}

// Only what an op sets is written: an absent field stays absent on reading.
json opJson(const KnowledgeOp& op) {
  json j{{"op", opKindName(op.kind)}};
  if (op.ref) j["ref"] = *op.ref;
  if (!op.id.empty()) j["id"] = op.id;
  if (op.title) j["title"] = *op.title;
  if (op.details) j["details"] = *op.details;
  if (op.parentId) j["parentId"] = fieldJson(op.parentId);
  if (op.label) j["label"] = fieldJson(op.label);
  if (op.origin) j["origin"] = originName(*op.origin);
  if (!op.sources.empty()) {
    json sources = json::array();
    for (const auto& c : op.sources) sources.push_back(citationJson(c));
    j["sources"] = sources;
  }
  if (!op.unitIds.empty()) j["unitIds"] = op.unitIds;
  if (op.position) j["position"] = *op.position ? json::array({(*op.position)->x, (*op.position)->y}) : json(nullptr);
  if (op.starred) j["starred"] = *op.starred;
  if (op.groupId) j["groupId"] = fieldJson(op.groupId);
  if (op.subtree) j["subtree"] = true;
  if (!op.from.empty()) j["from"] = op.from;
  if (!op.to.empty()) j["to"] = op.to;
  if (op.hierarchy) j["hierarchy"] = true;
  if (!op.nodeIds.empty()) j["nodeIds"] = op.nodeIds;
  return j;
}

KnowledgeOp opFrom(const json& j) {
  KnowledgeOp op;
  op.kind = opKindFrom(j.value("op", "")).value_or(OpKind::AddNode);
  op.ref = optTextFrom(j, "ref");
  op.id = j.value("id", "");
  op.title = optTextFrom(j, "title");
  op.details = optTextFrom(j, "details");
  op.parentId = fieldFrom(j, "parentId");
  op.label = fieldFrom(j, "label");
  if (auto o = optTextFrom(j, "origin")) op.origin = originFrom(*o);
  for (const auto& c : j.value("sources", json::array())) op.sources.push_back(citationFrom(c));
  op.unitIds = j.value("unitIds", std::vector<std::string>{});
  if (auto p = j.find("position"); p != j.end()) {
    if (p->is_array() && p->size() == 2) op.position = std::optional<Position2>(Position2{(*p)[0], (*p)[1]});
    else op.position = std::optional<Position2>();
  }
  if (auto s = j.find("starred"); s != j.end() && s->is_boolean()) op.starred = s->get<bool>();
  op.groupId = fieldFrom(j, "groupId");
  op.subtree = j.value("subtree", false);
  op.from = j.value("from", "");
  op.to = j.value("to", "");
  op.hierarchy = j.value("hierarchy", false);
  op.nodeIds = j.value("nodeIds", std::vector<std::string>{});
  return op;
}

}  // namespace

json citationJson(const Citation& c) {
  return {{"uri", c.uri}, {"range", rangeJson(c.range)}, {"title", c.title},
          {"quote", c.quote}, {"level", c.level}, {"stale", c.stale}};
}

Citation citationFrom(const json& c) {
  return {c.value("uri", ""), rangeFrom(c.value("range", json())), c.value("title", ""),
          c.value("quote", ""), c.value("level", 0), c.value("stale", false)};
}

json optText(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

std::optional<std::string> optTextFrom(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<std::string>();
}

std::string cardText(const KnowledgeCard& card) {
  json ops = json::array(), citations = json::array();
  for (const auto& op : card.ops) ops.push_back(opJson(op));
  for (const auto& c : card.citations) citations.push_back(citationJson(c));
  return json{{"ops", ops}, {"relation", optText(card.relation)}, {"citations", citations}}.dump();
}

KnowledgeCard cardFromText(const std::string& text) {
  json j = json::parse(text);
  KnowledgeCard card;
  for (const auto& op : j.value("ops", json::array())) card.ops.push_back(opFrom(op));
  card.relation = optTextFrom(j, "relation");
  for (const auto& c : j.value("citations", json::array())) card.citations.push_back(citationFrom(c));
  return card;
}

}  // namespace grove::store
