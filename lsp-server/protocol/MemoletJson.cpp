#include "protocol/MemoletJson.h"

#include "protocol/Convert.h"

namespace grove::proto {

namespace {

int64_t offsetIn(const json& span, const char* key) {
  auto it = span.find(key);
  if (it == span.end()) Params::fail(std::string("span.") + key, std::string("span.") + key + " is required");
  if (!it->is_number_integer())
    Params::fail(std::string("span.") + key, std::string("span.") + key + " must be an integer");
  return it->get<int64_t>();
}

std::vector<std::string> optList(const Params& p, const char* key) {
  if (!p.has(key) || p.raw()[key].is_null()) return {};
  return p.strList(key);
}

}  // namespace

json toJson(const Memolet& m) {
  json sources = json::array();
  for (const auto& id : m.sourceUnitIds) sources.push_back(id);
  json out{{"id", m.id},
           {"projectId", m.projectId},
           {"title", m.title},
           {"keywords", m.keywords},
           {"summary", m.summary},
           {"sourceUnitIds", sources},
           {"cluster", m.cluster},
           {"position", {{"x", m.x}, {"y", m.y}}},
           {"createdAt", isoTime(m.createdAt)},
           {"manual", m.manual},
           {"closed", m.closed},
           {"embeddingModel", m.embedding.empty() ? json(nullptr) : json(m.embeddingModel)}};
  out["span"] = m.span ? json{{"unitId", m.span->unitId}, {"start", m.span->start}, {"end", m.span->end}}
                       : json(nullptr);
  out["parentId"] = m.parentId ? json(*m.parentId) : json(nullptr);
  return out;
}

json toJson(const MemoletGroup& g) {
  return json{{"id", g.id}, {"title", g.title}, {"summary", g.summary}, {"memoletIds", g.memoletIds}};
}

json toJson(const Sandbox& s) {
  json memolets = json::array(), groups = json::array();
  for (const auto& m : s.memolets) memolets.push_back(toJson(m));
  for (const auto& g : s.groups) groups.push_back(toJson(g));
  return json{{"memolets", memolets}, {"groups", groups}};
}

json toJson(const MemoletHit& h) {
  return json{{"memolet", toJson(h.memolet)}, {"score", h.score}, {"sentences", h.sentences},
              {"focusUnitIds", h.focusUnitIds}};
}

json toJson(const MemoletMap& map) {
  json points = json::array(), clusters = json::array();
  for (const auto& p : map.points)
    points.push_back({{"id", p.id}, {"x", p.x}, {"y", p.y}, {"cluster", p.cluster}});
  for (const auto& c : map.clusters)
    clusters.push_back({{"id", c.id}, {"keywords", c.keywords}, {"size", c.size}});
  return json{{"points", points}, {"clusters", clusters}};
}

json toJson(const MemoletCompletion& c) {
  return json{{"id", c.id}, {"label", c.label}, {"detail", c.detail}, {"insertText", c.insertText}, {"kind", c.kind}};
}

MemoletCreateRequest memoletCreateFrom(const Params& p) {
  MemoletCreateRequest r;
  r.projectId = p.str("projectId");
  if (const json* span = p.object("span")) {
    if (!span->is_object()) Params::fail("span", "span must be an object {start, end}");
    if (p.has("unitIds")) Params::fail("unitIds", "give either unitIds or unitId with span, not both");
    r.span = MemoletSpan{p.str("unitId"), offsetIn(*span, "start"), offsetIn(*span, "end")};
  } else {
    if (p.has("unitId") && !p.has("unitIds")) Params::fail("span", "span is required with unitId");
    r.unitIds = p.strList("unitIds");
  }
  r.parentId = p.optStr("parentId");
  r.title = p.optStr("title");
  return r;
}

RefineRequest refineFrom(const Params& p) {
  RefineRequest r;
  r.add = optList(p, "add");
  r.remove = optList(p, "remove");
  r.highlight = optList(p, "highlight");
  r.obscure = optList(p, "obscure");
  if (p.has("group") && !p.raw()["group"].is_null()) {
    const json& g = p.raw()["group"];
    if (!g.is_array()) Params::fail("group", "group must be an array of {a, b, weight}");
    for (const auto& item : g) {
      if (!item.is_object() || !item.contains("a") || !item.contains("b") || !item["a"].is_string() ||
          !item["b"].is_string())
        Params::fail("group", "each group entry needs memolet ids a and b");
      RefineRequest::Pair pair{item["a"].get<std::string>(), item["b"].get<std::string>(), 0.5};
      if (item.contains("weight") && !item["weight"].is_null()) {
        if (!item["weight"].is_number()) Params::fail("group", "weight must be a number in [0, 1]");
        pair.weight = item["weight"].get<double>();
      }
      r.group.push_back(std::move(pair));
    }
  }
  return r;
}

MemoryChoice memoryChoiceFrom(const Params& p) {
  MemoryChoice c;
  const json* m = p.object("memory");
  if (!m) return c;
  if (!m->is_object()) Params::fail("memory", "memory must be an object {add?, remove?, preset?, groupId?}");
  auto ids = [&](const char* key, std::vector<std::string>& out) {
    auto it = m->find(key);
    if (it == m->end() || it->is_null()) return;
    std::string field = std::string("memory.") + key;
    if (!it->is_array()) Params::fail(field, field + " must be an array of memolet ids");
    for (const auto& id : *it) {
      if (!id.is_string()) Params::fail(field, field + " must be an array of memolet ids");
      out.push_back(id.get<std::string>());
    }
  };
  ids("add", c.add);
  ids("remove", c.remove);
  auto text = [&](const char* key) -> std::optional<std::string> {
    auto it = m->find(key);
    if (it == m->end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) Params::fail(std::string("memory.") + key, std::string("memory.") + key + " must be a string");
    return it->get<std::string>();
  };
  if (auto preset = text("preset")) c.preset = *preset;
  c.groupId = text("groupId");
  return c;
}

json toJson(const MemoryBlock& b) {
  json contexty = nullptr;
  if (b.contexty)
    contexty = {{"overlap", b.contexty->overlap},
                {"tag", b.contexty->tag},
                {"recency", b.contexty->recency},
                {"total", b.contexty->total}};
  return json{{"memoletId", b.memoletId},
              {"title", b.title},
              {"kind", b.kind},
              {"why", b.why},
              {"groupId", b.groupId ? json(*b.groupId) : json(nullptr)},
              {"rank", b.rank ? json(*b.rank) : json(nullptr)},
              {"score", b.score ? json(*b.score) : json(nullptr)},
              {"contexty", contexty},
              {"stale", b.stale},
              {"tokens", b.tokens}};
}

json toJson(const std::vector<MemoryBlock>& blocks) {
  json out = json::array();
  for (const auto& b : blocks) out.push_back(toJson(b));
  return out;
}

std::optional<std::string> scopeProjectFrom(const Params& p) {
  const json* scope = p.object("scope");
  if (!scope) return std::nullopt;
  if (!scope->is_object()) Params::fail("scope", "scope must be an object {projectId?}");
  auto it = scope->find("projectId");
  if (it == scope->end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) Params::fail("scope.projectId", "scope.projectId must be a string");
  return it->get<std::string>();
}

}  // namespace grove::proto
