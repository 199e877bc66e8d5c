#include "llm/KnowledgeReplies.h"

#include <cstdint>

#include <nlohmann/json.hpp>

#include "llm/ModelReplies.h"

namespace grove::llm {

using knowledge::KnowledgeOp;
using knowledge::OpKind;
using nlohmann::json;

namespace {

// A plan longer than this is a runaway reply, not an edit.
constexpr size_t kMaxPlanOps = 50;
// Suggest asks for at most 5; a list this long is a runaway reply.
constexpr size_t kMaxProposedChildren = 20;

// Reads one op; a thrown std::string is the reason it is unusable.
struct OpReader {
  const json& j;

  std::string text(const char* k, bool required) const {
    auto it = j.find(k);
    if (it == j.end() || it->is_null()) {
      if (required) throw std::string("missing ") + k;
      return "";
    }
    if (!it->is_string()) throw std::string(k) + " is not a string";
    return it->get<std::string>();
  }
  std::optional<std::string> optText(const char* k) const {
    if (!j.contains(k) || j[k].is_null()) return std::nullopt;
    return text(k, true);
  }
  // Absent, null, or a string (Field's three states).
  Field<std::string> field(const char* k) const {
    if (!j.contains(k)) return std::nullopt;
    if (j[k].is_null()) return std::optional<std::string>();
    return std::optional<std::string>(text(k, true));
  }
  bool flag(const char* k) const {
    auto it = j.find(k);
    if (it == j.end() || it->is_null()) return false;
    if (!it->is_boolean()) throw std::string(k) + " is not a boolean";
    return it->get<bool>();
  }
};

KnowledgeOp readOp(const json& j) {
  if (!j.is_object()) throw std::string("an op is not an object");
  OpReader r{j};
  std::string name = r.text("op", true);
  auto kind = knowledge::opKindFrom(name);
  if (!kind) throw "unknown op " + name;
  KnowledgeOp op;
  op.kind = *kind;
  op.ref = r.optText("ref");
  if (op.ref && !op.ref->empty() && (*op.ref)[0] == '$') op.ref = op.ref->substr(1);  // "$a" for "a"
  switch (op.kind) {
    case OpKind::AddNode:
      op.title = r.text("title", true);
      op.details = r.optText("details");
      op.parentId = r.field("parentId");
      op.label = r.field("label");
      op.origin = knowledge::Origin::User;  // the user asked for it; the model only spelled it
      break;
    case OpKind::UpdateNode:
      op.id = r.text("id", true);
      op.title = r.optText("title");
      op.details = r.optText("details");
      break;
    case OpKind::DeleteNode:
      op.id = r.text("id", true);
      op.subtree = r.flag("subtree");
      break;
    case OpKind::AddEdge:
      op.from = r.text("from", true);
      op.to = r.text("to", true);
      op.label = r.field("label");
      op.hierarchy = r.flag("hierarchy");
      break;
    case OpKind::UpdateEdge:
    case OpKind::DeleteEdge:
      op.id = r.text("id", false);
      if (op.id.empty()) {
        op.from = r.text("from", true);
        op.to = r.text("to", true);
      }
      op.label = r.field("label");
      break;
    case OpKind::Reparent:
      op.id = r.text("id", true);
      if (!j.contains("parentId")) throw std::string("missing parentId");
      op.parentId = r.field("parentId");
      op.label = r.field("label");
      break;
    case OpKind::Group: {
      auto it = j.find("nodeIds");
      if (it == j.end() || !it->is_array()) throw std::string("nodeIds is not an array");
      for (const auto& id : *it) {
        if (!id.is_string()) throw std::string("nodeIds holds a non-string");
        op.nodeIds.push_back(id.get<std::string>());
      }
      op.title = r.optText("title");
      break;
    }
    case OpKind::Ungroup: op.id = r.text("id", true); break;
  }
  return op;
}

json parsed(const std::string& text, std::string& why) {
  json j = json::parse(unfenceJson(text), nullptr, false);
  if (j.is_discarded()) why = "not JSON";
  return j;
}

json nullable(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

json opJson(const KnowledgeOp& op) {
  json j{{"op", knowledge::opKindName(op.kind)}};
  if (op.ref) j["ref"] = *op.ref;
  if (!op.id.empty()) j["id"] = op.id;
  if (op.title) j["title"] = *op.title;
  if (op.details) j["details"] = *op.details;
  if (op.parentId) j["parentId"] = nullable(*op.parentId);
  if (!op.from.empty()) j["from"] = op.from;
  if (!op.to.empty()) j["to"] = op.to;
  if (op.label) j["label"] = nullable(*op.label);
  if (op.kind == OpKind::AddEdge && op.hierarchy) j["hierarchy"] = true;
  if (op.kind == OpKind::DeleteNode && op.subtree) j["subtree"] = true;
  if (op.kind == OpKind::Group) j["nodeIds"] = op.nodeIds;
  return j;
}

}  // namespace

std::optional<std::vector<KnowledgeOp>> parseKnowledgePlanReply(const std::string& text, std::string& why) {
  json j = parsed(text, why);
  if (j.is_discarded()) return std::nullopt;
  const json* ops = &j;
  if (j.is_object()) {
    if (!j.contains("ops")) {
      why = "missing key ops";
      return std::nullopt;
    }
    ops = &j["ops"];
  }
  if (!ops->is_array() || ops->empty() || ops->size() > kMaxPlanOps) {
    why = "ops is not a list of 1 to " + std::to_string(kMaxPlanOps) + " ops";
    return std::nullopt;
  }
  std::vector<KnowledgeOp> out;
  try {
    for (const auto& op : *ops) out.push_back(readOp(op));
  } catch (const std::string& e) {
    why = "op " + std::to_string(out.size()) + ": " + e;
    return std::nullopt;
  }
  return out;
}

std::optional<KnowledgeOp> parseKnowledgeOpReply(const std::string& text, std::string& why) {
  json j = parsed(text, why);
  if (j.is_discarded()) return std::nullopt;
  if (j.is_object() && j.contains("op") && j["op"].is_object()) j = json(j["op"]);
  try {
    return readOp(j);
  } catch (const std::string& e) {
    why = e;
    return std::nullopt;
  }
}

std::optional<ModelIntent> parseKnowledgeIntentReply(const std::string& text, std::string& why) {
  json j = parsed(text, why);
  if (j.is_discarded()) return std::nullopt;
  if (!j.is_object() || !j.contains("label") || !j["label"].is_string()) {
    why = "no string label";
    return std::nullopt;
  }
  ModelIntent out;
  auto label = knowledge::intentFrom(j["label"].get<std::string>());
  if (!label) {
    why = "label is not search, edit or expansion";
    return std::nullopt;
  }
  out.label = *label;
  if (j.contains("confidence") && !j["confidence"].is_null()) {
    const json& c = j["confidence"];
    if (!c.is_number() || c.get<double>() < 0 || c.get<double>() > 1) {
      why = "confidence is not a number in [0, 1]";
      return std::nullopt;
    }
    out.confidence = c.get<double>();
  }
  if (!j.contains("rewritten") || !j["rewritten"].is_string() ||
      j["rewritten"].get<std::string>().find_first_not_of(" \t\r\n") == std::string::npos) {
    why = "no rewritten text";
    return std::nullopt;
  }
  out.rewritten = j["rewritten"].get<std::string>();
  return out;
}

std::optional<std::vector<knowledge::ProposedChild>> parseKnowledgeChildrenReply(const std::string& text,
                                                                                 std::string& why) {
  json j = parsed(text, why);
  if (j.is_discarded()) return std::nullopt;
  const json* children = &j;
  if (j.is_object()) {
    if (!j.contains("children")) {
      why = "missing key children";
      return std::nullopt;
    }
    children = &j["children"];
  }
  if (!children->is_array() || children->size() > kMaxProposedChildren) {
    why = "children is not a list of at most " + std::to_string(kMaxProposedChildren);
    return std::nullopt;
  }
  std::vector<knowledge::ProposedChild> out;
  try {
    for (const auto& c : *children) {
      if (!c.is_object()) throw std::string("not an object");
      OpReader r{c};
      knowledge::ProposedChild child;
      child.title = r.text("title", true);
      child.relation = r.text("relation", false);
      child.details = r.text("details", false);
      auto source = c.find("source");
      if (source == c.end() || !source->is_number_integer()) throw std::string("source is not a passage number");
      int64_t n = source->get<int64_t>();
      child.source = n < 1 || n > 1000 ? 0 : static_cast<int>(n);  // 0: no passage (judged later)
      out.push_back(std::move(child));
    }
  } catch (const std::string& e) {
    why = "child " + std::to_string(out.size()) + ": " + e;
    return std::nullopt;
  }
  return out;
}

std::string knowledgeOpsJson(const std::vector<KnowledgeOp>& ops) {
  json out = json::array();
  for (const auto& op : ops) out.push_back(opJson(op));
  return json{{"ops", out}}.dump();
}

std::string knowledgeOpJson(const KnowledgeOp& op) { return opJson(op).dump(); }

}  // namespace grove::llm
