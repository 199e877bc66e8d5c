// grove/knowledge/*: the knowledge map's graph side (get, edit, undo, redo,
// classify, ask, suggest, toUnit, fromUnit). Ingestion lives in
// KnowledgeIngestHandlers.cpp.
#include "knowledge/Ingest.h"
#include "knowledge/Outline.h"
#include "protocol/Convert.h"
#include "protocol/KnowledgeJson.h"
#include "protocol/SuggestionJson.h"
#include "server/Connection.h"
#include "server/MethodTable.h"
#include "session/KnowledgeSuggest.h"
#include "session/KnowledgeUnits.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

namespace {

json graphJson(const knowledge::KnowledgeGraph& g, json& out) {
  json nodes = json::array(), edges = json::array(), groups = json::array();
  for (const auto& n : g.nodes) nodes.push_back(proto::nodeJson(g, n));
  for (const auto& e : g.edges) edges.push_back(toJson(e));
  for (const auto& gr : g.groups) groups.push_back(proto::groupJson(g, gr));
  out["nodes"] = nodes;
  out["edges"] = edges;
  out["groups"] = groups;
  return out;
}

// KnowledgeInfo: the map's revision and settings, and the document side
// (counts, the summary tree's levels, the last ingest) from the index.
json infoJson(RequestContext& c, const knowledge::KnowledgeGraph& g) {
  knowledge::DocumentIndexInfo d = knowledge::documentIndexInfo(c.engine.knowledgeDocuments(), g.workspaceUri);
  return {{"workspaceUri", g.workspaceUri},
          {"revision", g.revision},
          {"documents", d.documents},
          {"chunks", d.chunks},
          {"levels", d.levels},
          {"ingesting", c.session.knowledgeIngest().running(g.workspaceUri)},
          {"ingestedAt", d.ingestedAt ? json(proto::isoTime(*d.ingestedAt)) : json(nullptr)},
          {"starters", d.starters},
          {"settings", toJson(c.engine.knowledgeSettings(g.workspaceUri))}};
}

json documentsJson(RequestContext& c, const std::string& workspaceUri) {
  json out = json::array();
  for (const auto& d : c.engine.knowledgeDocuments().knowledgeDocuments(workspaceUri))
    out.push_back({{"uri", d.uri},
                   {"title", d.title},
                   {"chunks", d.chunks},
                   {"contentHash", d.contentHash},
                   {"ingestedAt", proto::isoTime(d.ingestedAt)}});
  return out;
}

json editResult(const KnowledgeEditResult& r) {
  json out = toJson(r.change);
  json refs = json::object();
  for (const auto& [ref, id] : r.refs) refs[ref] = id;
  out["refs"] = refs;
  return out;
}

// A turn on the wire; the turn log keeps this form (turns and deixis read it back).
json keptTurn(Engine& engine, const session::KnowledgeTurn& turn) {
  json out = proto::turnJson(turn, engine.knowledgeMap(turn.workspaceUri));
  engine.putKnowledgeTurn({turn.id, turn.workspaceUri, turn.createdAt, turn.nodeId, out.dump()});
  return out;
}

}  // namespace

void registerKnowledgeHandlers(MethodTable& t) {
  t.add("grove/knowledge/get", kRead, [](RequestContext& c, const Params& p) {
    knowledge::KnowledgeGraph g = c.engine.knowledgeMap(p.str("workspaceUri"));
    std::vector<std::string> include = p.has("include") ? p.strList("include") : std::vector<std::string>{"graph"};
    json out{{"knowledge", infoJson(c, g)}};
    for (const auto& what : include) {
      if (what == "graph") {
        graphJson(g, out);
      } else if (what == "outline") {
        out["outline"] = knowledge::outline(g);
      } else if (what == "documents") {
        out["documents"] = documentsJson(c, g.workspaceUri);
      } else if (what == "turns") {
        json turns = json::array();
        for (const auto& row : c.engine.knowledgeTurns(g.workspaceUri, 200)) turns.push_back(json::parse(row.body));
        out["turns"] = turns;
      } else {
        Params::fail("include", "include items are graph, documents, outline or turns, not " + what);
      }
    }
    return out;
  });

  t.add("grove/knowledge/edit", kChange, [](RequestContext& c, const Params& p) {
    KnowledgeEditRequest r;
    r.workspaceUri = p.str("workspaceUri");
    const json* ops = p.raw().contains("ops") ? &p.raw()["ops"] : nullptr;
    if (!ops) Params::fail("ops", "ops is required");
    r.ops = proto::knowledgeOpsFrom(*ops);
    r.preview = p.flag("preview", false);
    if (p.has("expectedRevision")) {
      const json& e = p.raw()["expectedRevision"];
      if (!e.is_number_integer()) Params::fail("expectedRevision", "expectedRevision must be an integer");
      r.expectedRevision = e.get<int64_t>();
    }
    return editResult(c.engine.editKnowledge(r));
  });

  // With a provider the Oracle and the planner answer later (session/KnowledgeAskJobs).
  t.addWithReply("grove/knowledge/classify", kSlowRead, [](RequestContext& c, const Params& p, Reply reply) {
    c.session.classifyKnowledge(p.str("workspaceUri"), p.str("input"), p.optStr("nodeId"),
                                answerWith<session::KnowledgeIntent>(std::move(reply), [](const auto& i) {
                                  return toJson(i);
                                }));
  });

  t.addWithReply("grove/knowledge/ask", kSlowChange, [](RequestContext& c, const Params& p, Reply reply) {
    session::KnowledgeAskRequest r;
    r.workspaceUri = p.str("workspaceUri");
    r.input = p.str("input");
    r.nodeId = p.optStr("nodeId");
    if (auto label = p.optStr("intent")) {
      r.intent = knowledge::intentFrom(*label);
      if (!r.intent) Params::fail("intent", "intent must be search, edit or expansion");
    }
    r.preview = p.flag("preview", false);
    Engine* engine = &c.engine;  // `done` runs on the engine thread, holding the lock
    // $/cancelRequest reaches the model's calls (the Oracle, the planner, the answer).
    std::shared_ptr<Connection> conn = c.connection.shared_from_this();
    std::string key = c.id.dump();
    CancellationToken cancel = conn->startRunning(key);
    auto answer = answerWith<session::KnowledgeTurn>(std::move(reply), [engine](const auto& turn) {
      return keptTurn(*engine, turn);
    });
    try {
      c.session.askKnowledge(r, [conn, key, answer](Expected<session::KnowledgeTurn> turn) {
        conn->stopRunning(key);
        answer(std::move(turn));
      }, cancel);
    } catch (...) {
      conn->stopRunning(key);  // refused before it started: nothing to cancel
      throw;
    }
  });

  // With a provider the model proposes the children (session/KnowledgeSuggestJobs).
  t.addWithReply("grove/knowledge/suggest", kSlowChange, [](RequestContext& c, const Params& p, Reply reply) {
    int limit = p.optInt("limit").value_or(session::kMaxChildSuggestions);
    if (limit < 1 || limit > session::kMaxChildSuggestions) Params::fail("limit", "limit must be 1 to 5");
    c.session.suggestKnowledge(p.str("workspaceUri"), p.str("nodeId"), limit,
                               answerWith<std::vector<Suggestion>>(std::move(reply), [](const auto& cards) {
                                 json out = json::array();
                                 for (const auto& s : cards) out.push_back(toJson(s));
                                 return json{{"suggestions", out}};
                               }));
  });

  t.add("grove/knowledge/fromUnit", kChange, [](RequestContext& c, const Params& p) {
    return keptTurn(c.engine,
                    session::knowledgeFromUnit(c.engine, p.str("workspaceUri"), p.str("unitId"), p.optStr("nodeId")));
  });

  t.add("grove/knowledge/toUnit", kChange, [](RequestContext& c, const Params& p) {
    if (!p.has("parentId")) Params::fail("parentId", "parentId is required (null: the project's root)");
    return toJson(session::knowledgeToUnit(c.engine, p.str("workspaceUri"), p.strList("nodeIds"), p.str("projectId"),
                                           p.nullableStr("parentId")));
  });

  t.add("grove/knowledge/undo", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.undoKnowledge(p.str("workspaceUri")));
  });

  t.add("grove/knowledge/redo", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.redoKnowledge(p.str("workspaceUri")));
  });
}

}  // namespace grove::server
