#include "llm/ModelReplies.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "agents/CapsuleExtraction.h"

namespace grove::llm {

namespace {

using nlohmann::json;

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// Key `k` of `o` with the given type; false (with why) when absent or mistyped.
bool need(const json& o, const char* k, json::value_t type, std::string& why) {
  auto it = o.find(k);
  if (it == o.end()) {
    why = std::string("missing key ") + k;
    return false;
  }
  bool ok = type == json::value_t::number_float ? it->is_number() : it->type() == type;
  if (!ok) why = std::string("key ") + k + " has the wrong type";
  return ok;
}

// An optional string key: absent is fine, present must be a string (or null when allowed).
bool optionalString(const json& o, const char* k, bool nullAllowed, std::string& out, std::string& why) {
  auto it = o.find(k);
  if (it == o.end() || (nullAllowed && it->is_null())) return true;
  if (!it->is_string()) {
    why = std::string("key ") + k + " has the wrong type";
    return false;
  }
  out = it->get<std::string>();
  return true;
}

json toJson(const Preference& p) {
  auto round2 = [](double v) { return std::round(v * 100) / 100; };
  return {{"value", round2(p.value)}, {"evidence_strength", round2(p.evidence)}, {"examples", p.examples}};
}

}  // namespace

std::string unfenceJson(const std::string& text) {
  std::string t = trim(text);
  if (t.rfind("```", 0) != 0 || t.size() < 6 || t.compare(t.size() - 3, 3, "```") != 0) return t;
  size_t firstLine = t.find('\n');
  if (firstLine == std::string::npos) return t;
  return trim(t.substr(firstLine + 1, t.size() - 3 - (firstLine + 1)));
}

std::optional<StructureReply> parseStructureReply(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_discarded()) {
    why = "not JSON";
    return std::nullopt;
  }
  if (!j.is_object()) {
    why = "not a JSON object";
    return std::nullopt;
  }
  if (!need(j, "primary_action", json::value_t::string, why) ||
      !need(j, "asset_action", json::value_t::string, why) ||
      !need(j, "confidence", json::value_t::number_float, why) ||
      !need(j, "reason", json::value_t::string, why) ||
      !need(j, "show_suggestion", json::value_t::boolean, why))
    return std::nullopt;
  StructureReply r;
  r.primaryAction = j["primary_action"].get<std::string>();
  r.assetAction = j["asset_action"].get<std::string>();
  r.confidence = j["confidence"].get<double>();
  r.reason = j["reason"].get<std::string>();
  r.showSuggestion = j["show_suggestion"].get<bool>();
  if (!optionalString(j, "asset_reason", false, r.assetReason, why) ||
      !optionalString(j, "title", true, r.title, why))
    return std::nullopt;
  if (!validStructureReply(r, why)) return std::nullopt;
  return r;
}

std::optional<CapsuleDraft> parseExtractionReply(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    why = "not a JSON object";
    return std::nullopt;
  }
  if (j.size() != 4) {
    why = "expected exactly the keys name, requires_human_review, instruction, example";
    return std::nullopt;
  }
  auto str = [&](const char* k) { return j.contains(k) && j[k].is_string(); };
  if (!str("name") || !str("instruction") || !str("example") || !j.contains("requires_human_review") ||
      !j["requires_human_review"].is_boolean()) {
    why = "a key is missing or has the wrong type";
    return std::nullopt;
  }
  CapsuleDraft d;
  d.name = j["name"].get<std::string>();
  d.instruction = j["instruction"].get<std::string>();
  d.example = j["example"].get<std::string>();
  d.requiresReview = j["requires_human_review"].get<bool>();
  return draftFromModel(std::move(d), why);
}

std::optional<BoardAnalysis> parseBoardAnalysisReply(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    why = "not a JSON object";
    return std::nullopt;
  }
  BoardAnalysis a;
  auto str = [&](const char* k, std::optional<std::string>& out) {
    if (j.contains(k) && j[k].is_string()) out = j[k].get<std::string>();
  };
  str("title", a.title);
  str("summary", a.summary);
  str("context", a.context);
  if (j.contains("tags") && j["tags"].is_array()) {
    std::vector<std::string> tags;
    for (const auto& t : j["tags"])
      if (t.is_string()) tags.push_back(t.get<std::string>());
    a.tags = std::move(tags);
  }
  if (!a.title && !a.summary && !a.context && !a.tags) {
    why = "none of title, summary, tags, context";
    return std::nullopt;
  }
  return a;
}

std::optional<std::vector<ScoredId>> parseBoardScoresReply(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_object() && j.size() == 1 && j.contains("scores")) j = j["scores"];
  if (j.is_discarded() || !j.is_array()) {
    why = "not {\"scores\": [...]} or an array";
    return std::nullopt;
  }
  std::vector<ScoredId> out;
  for (const auto& e : j) {
    if (!e.is_object() || !e.contains("id") || !e["id"].is_string() || !e.contains("score") ||
        !e["score"].is_number()) {
      why = "an entry is not {id: string, score: number}";
      return std::nullopt;
    }
    out.push_back({e["id"].get<std::string>(), e["score"].get<double>()});
  }
  return out;
}

std::optional<std::vector<Regrouping>> parseBoardRegroupReply(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_object() && j.contains("groups")) j = j["groups"];
  if (j.is_discarded() || !j.is_array()) {
    why = "not {\"groups\": [...]} or an array";
    return std::nullopt;
  }
  std::vector<Regrouping> out;
  for (const auto& g : j) {
    if (!g.is_object() || !g.contains("itemIds") || !g["itemIds"].is_array()) {
      why = "a group is not {title, summary, itemIds: [string]}";
      return std::nullopt;
    }
    Regrouping r;
    if (g.contains("title") && g["title"].is_string()) r.title = g["title"].get<std::string>();
    if (g.contains("summary") && g["summary"].is_string()) r.summary = g["summary"].get<std::string>();
    for (const auto& id : g["itemIds"]) {
      if (!id.is_string()) {
        why = "an itemIds entry is not a string";
        return std::nullopt;
      }
      r.itemIds.push_back(id.get<std::string>());
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::optional<GroupDescription> parseBoardGroupNameReply(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    why = "not a JSON object";
    return std::nullopt;
  }
  GroupDescription d;
  if (j.contains("title") && j["title"].is_string()) d.title = j["title"].get<std::string>();
  if (j.contains("summary") && j["summary"].is_string()) d.summary = j["summary"].get<std::string>();
  return d;
}

std::string userModelJson(const UserModel& m) {
  if (m.events == 0) return "";
  json j{{"stage", m.stage},
         {"events", m.events},
         {"preferences",
          {{"branching", toJson(m.branching)},
           {"returning", toJson(m.returning)},
           {"extracting", toJson(m.extracting)},
           {"granularity", toJson(m.granularity)}}}};
  return j.dump();
}

}  // namespace grove::llm
