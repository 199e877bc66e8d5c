#include "protocol/KnowledgeJson.h"

#include "protocol/Convert.h"
#include "protocol/Limits.h"

namespace grove::proto {

using namespace knowledge;

namespace {

json opt(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

json rangeJson(const Range& r) {
  return {{"start", {{"line", r.start.line}, {"character", r.start.character}}},
          {"end", {{"line", r.end.line}, {"character", r.end.character}}}};
}

[[noreturn]] void fail(const std::string& path, const std::string& message) { Params::fail(path, path + " " + message); }

const json* member(const json& j, const char* key) {
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string str(const json& j, const char* key, const std::string& path, bool required) {
  const json* v = member(j, key);
  if (!v || v->is_null()) {
    if (required) fail(path + "." + key, "is required");
    return {};
  }
  if (!v->is_string()) fail(path + "." + key, "must be a string");
  return v->get<std::string>();
}

std::optional<std::string> optStr(const json& j, const char* key, const std::string& path) {
  const json* v = member(j, key);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) fail(path + "." + key, "must be a string");
  return v->get<std::string>();
}

// absent / null / string
Field<std::string> fieldStr(const json& j, const char* key, const std::string& path) {
  const json* v = member(j, key);
  if (!v) return std::nullopt;
  if (v->is_null()) return std::optional<std::string>{};
  if (!v->is_string()) fail(path + "." + key, "must be a string or null");
  return std::optional<std::string>{v->get<std::string>()};
}

std::optional<bool> optBool(const json& j, const char* key, const std::string& path) {
  const json* v = member(j, key);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_boolean()) fail(path + "." + key, "must be a boolean");
  return v->get<bool>();
}

Field<Position2> fieldPosition(const json& j, const std::string& path) {
  const json* v = member(j, "position");
  if (!v) return std::nullopt;
  if (v->is_null()) return std::optional<Position2>{};
  if (!v->is_object() || !v->contains("x") || !v->contains("y") || !(*v)["x"].is_number() ||
      !(*v)["y"].is_number())
    fail(path + ".position", "must be {x, y} or null");
  return std::optional<Position2>{Position2{(*v)["x"].get<double>(), (*v)["y"].get<double>()}};
}

Citation citationFrom(const json& j, const std::string& path) {
  if (!j.is_object()) fail(path, "must be a citation object");
  Citation c;
  c.uri = str(j, "uri", path, true);
  if (const json* r = member(j, "range"); r && r->is_object()) {
    Source s = sourceFrom({{"uri", c.uri}, {"range", *r}});
    c.range = s.range;
  }
  c.title = str(j, "title", path, false);
  c.quote = str(j, "quote", path, false);
  if (const json* l = member(j, "level"); l && l->is_number_integer()) c.level = l->get<int>();
  c.stale = optBool(j, "stale", path).value_or(false);
  return c;
}

}  // namespace

json toJson(const Citation& c) {
  return {{"uri", c.uri}, {"range", rangeJson(c.range)}, {"title", c.title},
          {"quote", c.quote}, {"level", c.level},       {"stale", c.stale}};
}

json nodeJson(const KnowledgeGraph& g, const KnowledgeNode& n) {
  json sources = json::array();
  for (const auto& c : n.sources) sources.push_back(toJson(c));
  return {{"id", n.id},
          {"title", n.title},
          {"details", n.details},
          {"origin", originName(n.origin)},
          {"sources", sources},
          {"unitIds", n.unitIds},
          {"parentIds", g.parentIds(n.id)},
          {"starred", n.starred},
          {"position", n.position ? json{{"x", n.position->x}, {"y", n.position->y}} : json(nullptr)},
          {"groupId", opt(n.groupId)},
          {"createdAt", isoTime(n.createdAt)},
          {"updatedAt", isoTime(n.updatedAt)}};
}

json toJson(const KnowledgeEdge& e) {
  return {{"id", e.id},           {"from", e.from},           {"to", e.to},
          {"label", opt(e.label)}, {"hierarchy", e.hierarchy}, {"origin", originName(e.origin)}};
}

json groupJson(const KnowledgeGraph& g, const KnowledgeGroup& gr) {
  return {{"id", gr.id}, {"title", gr.title}, {"nodeIds", g.groupMembers(gr.id)}};
}

json toJson(const KnowledgeOp& op) {
  json j{{"op", opKindName(op.kind)}};
  if (op.ref) j["ref"] = *op.ref;
  if (!op.id.empty()) j["id"] = op.id;
  if (op.title) j["title"] = *op.title;
  if (op.details) j["details"] = *op.details;
  if (op.parentId) j["parentId"] = opt(*op.parentId);
  if (op.label) j["label"] = opt(*op.label);
  if (op.origin) j["origin"] = originName(*op.origin);
  if (!op.sources.empty()) {
    json s = json::array();
    for (const auto& c : op.sources) s.push_back(toJson(c));
    j["sources"] = s;
  }
  if (op.position) j["position"] = *op.position ? json{{"x", (*op.position)->x}, {"y", (*op.position)->y}} : json(nullptr);
  if (op.starred) j["starred"] = *op.starred;
  if (op.groupId) j["groupId"] = opt(*op.groupId);
  if (op.kind == OpKind::DeleteNode && op.subtree) j["subtree"] = true;
  if (!op.from.empty()) j["from"] = op.from;
  if (!op.to.empty()) j["to"] = op.to;
  if (op.kind == OpKind::AddEdge) j["hierarchy"] = op.hierarchy;
  if (op.kind == OpKind::Group) j["nodeIds"] = op.nodeIds;
  return j;
}

json toJson(const KnowledgeChange& c) {
  return {{"workspaceUri", c.workspaceUri}, {"revision", c.revision}, {"nodeIds", c.nodeIds},
          {"edgeIds", c.edgeIds},           {"groupIds", c.groupIds}, {"documentUris", c.documentUris},
          {"op", c.op}};
}

json toJson(const KnowledgeSettings& s) {
  return {{"include", s.include},           {"exclude", s.exclude},         {"clarifyBelow", s.clarifyBelow},
          {"growOnSearch", s.growOnSearch}, {"maxNewNodes", s.maxNewNodes}, {"maxCorrections", s.maxCorrections},
          {"maxReplans", s.maxReplans}};
}

json toJson(const session::KnowledgeIntent& i) {
  json scores = json::object();
  for (int k = 0; k < kIntentLabels; ++k) scores[intentName(static_cast<IntentLabel>(k))] = i.scores[k];
  return {{"label", intentName(i.label)}, {"confidence", i.confidence}, {"scores", scores},
          {"rewritten", i.rewritten}, {"nodeId", opt(i.nodeId)},  {"source", i.source}};
}

json turnJson(const session::KnowledgeTurn& t, const KnowledgeGraph& graph) {
  json answer = nullptr, plan = nullptr, failure = nullptr;
  if (t.answer) {
    json citations = json::array(), chunks = json::array();
    for (const auto& c : t.answer->citations) citations.push_back(toJson(c));
    for (const auto& c : t.answer->chunks)
      chunks.push_back({{"citation", toJson(c.citation)}, {"score", c.score}, {"kept", c.kept}});
    answer = {{"text", t.answer->text},           {"known", t.answer->known},
              {"citations", citations},           {"graphAnswer", opt(t.answer->graphAnswer)},
              {"refinedQuery", opt(t.answer->refinedQuery)}, {"chunks", chunks}};
  }
  if (t.plan) {
    json ops = json::array(), attempts = json::array();
    for (const auto& op : t.plan->ops) ops.push_back(toJson(op));
    for (const auto& a : t.plan->attempts) {
      json aops = json::array();
      for (const auto& op : a.ops) aops.push_back(toJson(op));
      attempts.push_back({{"ops", aops}, {"opIndex", a.opIndex}, {"error", a.error}});
    }
    plan = {{"ops", ops}, {"attempts", attempts}, {"suggestionId", opt(t.plan->suggestionId)}};
  }
  if (t.failure) {
    json candidates = json::array();
    for (const auto& id : t.failure->candidates)
      if (const KnowledgeNode* n = graph.node(id)) candidates.push_back(nodeJson(graph, *n));
    failure = {{"kind", t.failure->kind}, {"message", t.failure->message}, {"candidates", candidates}};
  }
  return {{"id", t.id},
          {"input", t.input},
          {"nodeId", opt(t.nodeId)},
          {"intent", t.intent ? toJson(*t.intent) : json(nullptr)},
          {"message", t.message},
          {"createdAt", isoTime(t.createdAt)},
          {"answer", answer},
          {"plan", plan},
          {"change", t.change ? toJson(*t.change) : json(nullptr)},
          {"failure", failure}};
}

KnowledgeOp knowledgeOpFrom(const json& j, const std::string& path) {
  if (!j.is_object()) fail(path, "must be an object");
  std::string name = str(j, "op", path, true);
  auto kind = opKindFrom(name);
  if (!kind) fail(path + ".op", "is not a knowledge op: " + name);
  KnowledgeOp op;
  op.kind = *kind;
  op.ref = optStr(j, "ref", path);
  switch (op.kind) {
    case OpKind::AddNode: {
      op.title = str(j, "title", path, true);
      if (op.title->size() > kMaxTitleBytes) fail(path + ".title", "is longer than " + std::to_string(kMaxTitleBytes) + " bytes");
      op.details = optStr(j, "details", path);
      op.parentId = fieldStr(j, "parentId", path);
      op.label = fieldStr(j, "label", path);
      if (auto o = optStr(j, "origin", path)) {
        op.origin = originFrom(*o);
        if (!op.origin) fail(path + ".origin", "must be document, user, model or conversation");
      }
      if (const json* s = member(j, "sources"); s && !s->is_null()) {
        if (!s->is_array()) fail(path + ".sources", "must be an array");
        for (size_t i = 0; i < s->size(); ++i)
          op.sources.push_back(citationFrom((*s)[i], path + ".sources[" + std::to_string(i) + "]"));
      }
      op.position = fieldPosition(j, path);
      break;
    }
    case OpKind::UpdateNode:
      op.id = str(j, "id", path, true);
      op.title = optStr(j, "title", path);
      op.details = optStr(j, "details", path);
      op.starred = optBool(j, "starred", path);
      op.position = fieldPosition(j, path);
      op.groupId = fieldStr(j, "groupId", path);
      break;
    case OpKind::DeleteNode:
      op.id = str(j, "id", path, true);
      op.subtree = optBool(j, "subtree", path).value_or(false);
      break;
    case OpKind::AddEdge:
      op.from = str(j, "from", path, true);
      op.to = str(j, "to", path, true);
      op.label = fieldStr(j, "label", path);
      op.hierarchy = optBool(j, "hierarchy", path).value_or(false);
      if (auto o = optStr(j, "origin", path)) op.origin = originFrom(*o);
      break;
    case OpKind::UpdateEdge:
    case OpKind::DeleteEdge:
      op.id = str(j, "id", path, false);
      if (op.id.empty()) {
        op.from = str(j, "from", path, true);
        op.to = str(j, "to", path, true);
      }
      op.label = fieldStr(j, "label", path);
      break;
    case OpKind::Reparent:
      op.id = str(j, "id", path, true);
      if (!member(j, "parentId")) fail(path + ".parentId", "is required (null: a root)");
      op.parentId = fieldStr(j, "parentId", path);
      op.label = fieldStr(j, "label", path);
      break;
    case OpKind::Group: {
      const json* ids = member(j, "nodeIds");
      if (!ids || !ids->is_array()) fail(path + ".nodeIds", "must be an array of node ids");
      for (const auto& id : *ids) {
        if (!id.is_string()) fail(path + ".nodeIds", "must be an array of node ids");
        op.nodeIds.push_back(id.get<std::string>());
      }
      op.title = optStr(j, "title", path);
      break;
    }
    case OpKind::Ungroup:
      op.id = str(j, "id", path, true);
      break;
  }
  return op;
}

std::vector<KnowledgeOp> knowledgeOpsFrom(const json& ops) {
  if (!ops.is_array()) fail("ops", "must be an array of knowledge ops");
  if (ops.size() > kMaxListItems) fail("ops", "holds more than " + std::to_string(kMaxListItems) + " ops");
  std::vector<KnowledgeOp> out;
  for (size_t i = 0; i < ops.size(); ++i) out.push_back(knowledgeOpFrom(ops[i], "ops[" + std::to_string(i) + "]"));
  return out;
}

}  // namespace grove::proto
