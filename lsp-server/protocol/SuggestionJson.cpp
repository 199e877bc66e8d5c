#include "protocol/SuggestionJson.h"

#include "protocol/BoardJson.h"
#include "protocol/Convert.h"
#include "protocol/KnowledgeJson.h"

namespace grove::proto {

namespace {

json prefToJson(const Preference& p) {
  return {{"value", p.value}, {"evidence", p.evidence}, {"examples", p.examples}};
}

}  // namespace

json toJson(const Suggestion& s) {
  json j{{"id", s.id},
         {"projectId", s.projectId},
         {"kind", toString(s.kind)},
         {"anchorIds", s.anchorIds},
         {"reason", s.reason},
         {"confidence", s.confidence},
         {"source", toString(s.source)},
         {"state", toString(s.state)},
         {"createdAt", isoTime(s.createdAt)},
         {"delegated", s.delegated}};
  if (s.title) j["title"] = *s.title;
  if (s.triggerUnitId) j["triggerUnitId"] = *s.triggerUnitId;
  if (s.capsuleType) j["capsuleType"] = *s.capsuleType;
  if (s.onBoard()) {
    // A board card: no project, its workspace, and what accepting applies.
    j["projectId"] = nullptr;
    j["workspaceUri"] = *s.workspaceUri;
    json ops = json::array();
    for (const auto& op : s.ops) ops.push_back(toJson(op));
    j["ops"] = ops;
  }
  if (s.onMap()) {
    // A knowledge-map card: KnowledgeOps, and a child's relation and sources.
    json ops = json::array(), citations = json::array();
    for (const auto& op : s.knowledge->ops) ops.push_back(toJson(op));
    for (const auto& c : s.knowledge->citations) citations.push_back(toJson(c));
    j["ops"] = ops;
    j["relation"] = s.knowledge->relation ? json(*s.knowledge->relation) : json(nullptr);
    j["citations"] = citations;
  }
  return j;
}

json toJson(const Capsule& c) {
  return {{"id", c.id},
          {"type", toString(c.type)},
          {"name", c.name},
          {"instruction", c.instruction},
          {"example", c.example},
          {"requiresReview", c.requiresReview},
          {"reviewed", c.reviewed},
          {"enabledIn", c.enabledIn},
          {"source", c.source},
          {"projectId", c.projectId},
          {"sourceUnitIds", c.sourceUnitIds},
          {"createdAt", isoTime(c.createdAt)},
          {"updatedAt", isoTime(c.updatedAt)}};
}

json toJson(const InitiativePolicy& p) {
  return {{"level", toString(p.level)}, {"cooldownTurns", p.cooldownTurns}, {"maxPerHour", p.maxPerHour}};
}

json toJson(const UserModel& m) {
  return {{"stage", m.stage},
          {"events", m.events},
          {"preferences",
           {{"branching", prefToJson(m.branching)},
            {"returning", prefToJson(m.returning)},
            {"extracting", prefToJson(m.extracting)},
            {"granularity", prefToJson(m.granularity)}}}};
}

json toJson(const Resolution& r) {
  json changed{{"unitIds", r.unitIds}};
  if (r.project) changed["project"] = toJson(*r.project);
  if (r.capsule) changed["capsule"] = toJson(*r.capsule);
  if (r.board) changed["board"] = toJson(*r.board);
  if (r.knowledge) changed["knowledge"] = toJson(*r.knowledge);
  return {{"suggestion", toJson(r.suggestion)}, {"changed", changed}};
}

Decision decisionFrom(const Params& p) {
  std::string d = p.str("decision");
  if (d == "accept") return Decision::Accept;
  if (d == "reject") return Decision::Reject;
  if (d == "defer") return Decision::Defer;
  Params::fail("decision", "decision must be accept, reject or defer");
}

SuggestionState suggestionStateFrom(const std::string& s) {
  auto st = parseSuggestionState(s);
  if (!st) Params::fail("state", "state must be pending, accepted, rejected, deferred or ignored");
  return *st;
}

CapsuleType capsuleTypeFrom(const Params& p, const char* field) {
  auto t = parseCapsuleType(p.str(field));
  if (!t) Params::fail(field, std::string(field) + " must be reasoning, task_sop or context_case");
  return *t;
}

}  // namespace grove::proto
