#include "store/KnowledgeRows.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "store/KnowledgeImages.h"
#include "support/Error.h"

namespace grove {

using nlohmann::json;
using sql::Stmt;
using namespace knowledge;

namespace {

// The stored form is the store's own (store/KnowledgeImages.h).
json graphJson(const KnowledgeGraph& g) {
  json nodes = json::array(), edges = json::array(), groups = json::array();
  for (const auto& n : g.nodes) {
    json sources = json::array();
    for (const auto& c : n.sources) sources.push_back(store::citationJson(c));
    nodes.push_back({{"id", n.id}, {"title", n.title}, {"details", n.details}, {"origin", originName(n.origin)},
                     {"sources", sources}, {"unitIds", n.unitIds}, {"starred", n.starred},
                     {"position", n.position ? json::array({n.position->x, n.position->y}) : json(nullptr)},
                     {"groupId", store::optText(n.groupId)}, {"createdAt", n.createdAt}, {"updatedAt", n.updatedAt},
                     {"seq", n.seq}});
  }
  for (const auto& e : g.edges)
    edges.push_back({{"id", e.id}, {"from", e.from}, {"to", e.to}, {"label", store::optText(e.label)},
                     {"hierarchy", e.hierarchy}, {"origin", originName(e.origin)}, {"seq", e.seq}});
  for (const auto& gr : g.groups) groups.push_back({{"id", gr.id}, {"title", gr.title}, {"seq", gr.seq}});
  return {{"nextSeq", g.nextSeq}, {"nodes", nodes}, {"edges", edges}, {"groups", groups}};
}

KnowledgeGraph graphFrom(const std::string& text, const std::string& workspaceUri, int64_t revision) {
  KnowledgeGraph g;
  g.workspaceUri = workspaceUri;
  g.revision = revision;
  try {
    json j = json::parse(text);
    g.nextSeq = j.value("nextSeq", int64_t(1));
    for (const auto& n : j.at("nodes")) {
      KnowledgeNode k;
      k.id = n.at("id");
      k.title = n.at("title");
      k.details = n.value("details", "");
      k.origin = originFrom(n.value("origin", "user")).value_or(Origin::User);
      for (const auto& c : n.value("sources", json::array())) k.sources.push_back(store::citationFrom(c));
      k.unitIds = n.value("unitIds", std::vector<std::string>{});
      k.starred = n.value("starred", false);
      if (auto p = n.find("position"); p != n.end() && p->is_array() && p->size() == 2)
        k.position = Position2{(*p)[0].get<double>(), (*p)[1].get<double>()};
      k.groupId = store::optTextFrom(n, "groupId");
      k.createdAt = n.value("createdAt", int64_t(0));
      k.updatedAt = n.value("updatedAt", int64_t(0));
      k.seq = n.value("seq", int64_t(0));
      g.nodes.push_back(std::move(k));
    }
    for (const auto& e : j.at("edges")) {
      KnowledgeEdge k;
      k.id = e.at("id");
      k.from = e.at("from");
      k.to = e.at("to");
      k.label = store::optTextFrom(e, "label");
      k.hierarchy = e.value("hierarchy", false);
      k.origin = originFrom(e.value("origin", "user")).value_or(Origin::User);
      k.seq = e.value("seq", int64_t(0));
      g.edges.push_back(std::move(k));
    }
    for (const auto& gr : j.at("groups")) g.groups.push_back({gr.at("id"), gr.value("title", ""), gr.value("seq", int64_t(0))});
  } catch (const json::exception& e) {
    throw Error::storage("the knowledge map of " + workspaceUri + " is damaged: " + e.what());
  }
  return g;
}

json changedJson(const ChangedIds& c) {
  return {{"nodeIds", c.nodeIds}, {"edgeIds", c.edgeIds}, {"groupIds", c.groupIds}};
}

ChangedIds changedFrom(const std::string& text) {
  ChangedIds c;
  try {
    json j = json::parse(text);
    c.nodeIds = j.value("nodeIds", std::vector<std::string>{});
    c.edgeIds = j.value("edgeIds", std::vector<std::string>{});
    c.groupIds = j.value("groupIds", std::vector<std::string>{});
  } catch (const json::exception&) {
  }
  return c;
}

}  // namespace

std::optional<KnowledgeGraph> KnowledgeRows::knowledgeGraph(const std::string& workspaceUri) {
  // Locked on PostgreSQL until the transaction ends, as BoardRows::info.
  Stmt st(db_, std::string("SELECT revision, graph FROM knowledge_maps WHERE workspace_uri = ?") +
                   sql::forUpdate(db_));
  st.bind(1, workspaceUri);
  if (!st.step()) return std::nullopt;
  int64_t revision = st.integer(0);
  std::string text = st.text(1);
  st.reset();
  return graphFrom(text, workspaceUri, revision);
}

void KnowledgeRows::putKnowledgeGraph(const KnowledgeGraph& graph) {
  Stmt st(db_, sql::upsert("knowledge_maps", "workspace_uri, revision, graph", "workspace_uri"));
  st.bind(1, graph.workspaceUri).bind(2, graph.revision).bind(3, graphJson(graph).dump());
  st.run();
}

void KnowledgeRows::appendKnowledgeOp(KnowledgeLogEntry& entry) {
  Stmt st(db_,
          "INSERT INTO knowledge_log(workspace_uri, op, actor, at, undone, before, after, changed) "
          "VALUES(?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq");
  st.bind(1, entry.workspaceUri)
      .bind(2, entry.op)
      .bind(3, entry.actor)
      .bind(4, entry.at)
      .bind(5, int64_t(entry.undone ? 1 : 0))
      .bind(6, graphJson(entry.before).dump())
      .bind(7, graphJson(entry.after).dump())
      .bind(8, changedJson(entry.changed).dump());
  st.step();
  entry.seq = st.integer(0);
}

std::optional<KnowledgeLogEntry> KnowledgeRows::logEntry(const char* sql, const std::string& workspaceUri) {
  Stmt st(db_, sql);
  st.bind(1, workspaceUri);
  if (!st.step()) return std::nullopt;
  KnowledgeLogEntry e;
  e.seq = st.integer(0);
  e.workspaceUri = workspaceUri;
  e.op = st.text(1);
  e.actor = st.text(2);
  e.at = st.integer(3);
  e.undone = st.integer(4) != 0;
  std::string before = st.text(5), after = st.text(6), changed = st.text(7);
  st.reset();
  e.before = graphFrom(before, workspaceUri, 0);
  e.after = graphFrom(after, workspaceUri, 0);
  e.changed = changedFrom(changed);
  return e;
}

std::optional<KnowledgeLogEntry> KnowledgeRows::lastDoneKnowledgeOp(const std::string& workspaceUri) {
  return logEntry(
      "SELECT seq, op, actor, at, undone, before, after, changed FROM knowledge_log "
      "WHERE workspace_uri = ? AND undone = 0 ORDER BY seq DESC LIMIT 1",
      workspaceUri);
}

std::optional<KnowledgeLogEntry> KnowledgeRows::firstUndoneKnowledgeOp(const std::string& workspaceUri) {
  return logEntry(
      "SELECT seq, op, actor, at, undone, before, after, changed FROM knowledge_log "
      "WHERE workspace_uri = ? AND undone = 1 ORDER BY seq ASC LIMIT 1",
      workspaceUri);
}

void KnowledgeRows::setKnowledgeOpUndone(int64_t seq, bool undone) {
  Stmt st(db_, "UPDATE knowledge_log SET undone = ? WHERE seq = ?");
  st.bind(1, int64_t(undone ? 1 : 0)).bind(2, seq);
  st.run();
}

void KnowledgeRows::dropUndoneKnowledgeOps(const std::string& workspaceUri) {
  Stmt st(db_, "DELETE FROM knowledge_log WHERE workspace_uri = ? AND undone = 1");
  st.bind(1, workspaceUri);
  st.run();
}

void KnowledgeRows::putKnowledgeTurn(const KnowledgeTurnRow& turn) {
  Stmt st(db_,
          sql::upsert("knowledge_turns", "id, workspace_uri, created_at, node_id, turn", "id"));
  st.bind(1, turn.id).bind(2, turn.workspaceUri).bind(3, turn.createdAt).bind(4, turn.nodeId).bind(5, turn.body);
  st.run();
}

std::vector<KnowledgeTurnRow> KnowledgeRows::knowledgeTurns(const std::string& workspaceUri, size_t limit) {
  Stmt st(db_,
          "SELECT id, created_at, node_id, turn FROM knowledge_turns WHERE workspace_uri = ? "
          "ORDER BY created_at DESC, id DESC LIMIT ?");
  st.bind(1, workspaceUri).bind(2, int64_t(limit));
  std::vector<KnowledgeTurnRow> out;
  while (st.step()) out.push_back({st.text(0), workspaceUri, st.integer(1), st.optText(2), st.text(3)});
  std::reverse(out.begin(), out.end());
  return out;
}

std::optional<KnowledgeSettings> KnowledgeRows::knowledgeSettings(const std::string& workspaceUri) {
  Stmt st(db_, "SELECT settings FROM knowledge_settings WHERE workspace_uri = ?");
  st.bind(1, workspaceUri);
  if (!st.step()) return std::nullopt;
  json j = json::parse(st.text(0), nullptr, false);
  KnowledgeSettings s;
  if (!j.is_object()) return s;  // unreadable: the defaults, never a failed read
  // A field missing or of another type keeps its default (an older row).
  auto list = [&](const char* k, std::vector<std::string>& out) {
    if (!j.contains(k) || !j[k].is_array()) return;
    for (const auto& v : j[k])
      if (v.is_string()) out.push_back(v.get<std::string>());
  };
  list("include", s.include);
  list("exclude", s.exclude);
  if (j.contains("clarifyBelow") && j["clarifyBelow"].is_number()) s.clarifyBelow = j["clarifyBelow"].get<double>();
  if (j.contains("growOnSearch") && j["growOnSearch"].is_boolean()) s.growOnSearch = j["growOnSearch"].get<bool>();
  for (auto [k, v] : {std::pair<const char*, int*>{"maxNewNodes", &s.maxNewNodes},
                      {"maxCorrections", &s.maxCorrections}, {"maxReplans", &s.maxReplans}})
    if (j.contains(k) && j[k].is_number_integer()) *v = j[k].get<int>();
  return s;
}

void KnowledgeRows::putKnowledgeSettings(const std::string& workspaceUri, const KnowledgeSettings& s) {
  json j = {{"include", s.include},           {"exclude", s.exclude},         {"clarifyBelow", s.clarifyBelow},
            {"growOnSearch", s.growOnSearch}, {"maxNewNodes", s.maxNewNodes}, {"maxCorrections", s.maxCorrections},
            {"maxReplans", s.maxReplans}};
  Stmt st(db_, sql::upsert("knowledge_settings", "workspace_uri, settings", "workspace_uri"));
  st.bind(1, workspaceUri).bind(2, j.dump());
  st.run();
}

}  // namespace grove
