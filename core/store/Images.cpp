#include "store/Images.h"

#include <nlohmann/json.hpp>

#include "support/Error.h"

namespace grove::images {
namespace {

using nlohmann::json;

json optStr(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

std::optional<std::string> readOptStr(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<std::string>();
}

json rangeJson(const Range& r) {
  return {{"start", {{"line", r.start.line}, {"character", r.start.character}}},
          {"end", {{"line", r.end.line}, {"character", r.end.character}}}};
}

Range rangeFrom(const json& r) {
  Range out;
  out.start.line = r.at("start").at("line").get<int>();
  out.start.character = r.at("start").at("character").get<int>();
  out.end.line = r.at("end").at("line").get<int>();
  out.end.character = r.at("end").at("character").get<int>();
  return out;
}

json sourceJson(const Source& s) {
  return json{{"uri", s.uri},
              {"range", rangeJson(s.range)},
              {"languageId", s.languageId},
              {"memo", s.memo},
              {"symbol", optStr(s.symbol)},
              {"gitCommit", optStr(s.gitCommit)},
              {"contentHash", s.contentHash},
              {"gitBranch", optStr(s.gitBranch)},
              {"dirty", s.dirty ? json(*s.dirty) : json(nullptr)},
              {"capturedRange", s.capturedRange ? rangeJson(*s.capturedRange) : json(nullptr)},
              {"anchor",
               {{"state", toString(s.anchor.state)},
                {"checkedAt", s.anchor.checkedAt ? json(*s.anchor.checkedAt) : json(nullptr)},
                {"diffSummary", optStr(s.anchor.diffSummary)}}}};
}

// Sources stored before issue 16 have no git branch, dirty flag, captured
// range or anchor: they read as unknown and unchecked.
Source sourceFrom(const json& j) {
  Source s;
  s.uri = j.value("uri", "");
  s.range = rangeFrom(j.at("range"));
  s.languageId = j.value("languageId", "");
  s.memo = j.value("memo", "");
  s.symbol = readOptStr(j, "symbol");
  s.gitCommit = readOptStr(j, "gitCommit");
  s.contentHash = j.value("contentHash", "");
  s.gitBranch = readOptStr(j, "gitBranch");
  if (auto d = j.find("dirty"); d != j.end() && d->is_boolean()) s.dirty = d->get<bool>();
  if (auto c = j.find("capturedRange"); c != j.end() && c->is_object()) s.capturedRange = rangeFrom(*c);
  if (auto a = j.find("anchor"); a != j.end() && a->is_object()) {
    s.anchor.state = parseAnchorState(a->value("state", "")).value_or(AnchorState::Unchecked);
    if (auto t = a->find("checkedAt"); t != a->end() && t->is_number_integer())
      s.anchor.checkedAt = t->get<int64_t>();
    s.anchor.diffSummary = readOptStr(*a, "diffSummary");
  }
  return s;
}

json unitJson(const Unit& u) {
  return json{{"id", u.id},
              {"projectId", u.projectId},
              {"parentId", optStr(u.parentId)},
              {"role", toString(u.role)},
              {"kind", toString(u.kind)},
              {"content", u.content},
              {"status", toString(u.status)},
              {"scope", toString(u.scope)},
              {"seq", u.seq},
              {"createdAt", u.createdAt},
              {"editedAt", u.editedAt ? json(*u.editedAt) : json(nullptr)},
              {"source", u.source ? sourceJson(*u.source) : json(nullptr)},
              {"startsBranch", u.startsBranch},
              {"removed", u.removed},
              {"author", u.author}};
}

Unit unitFrom(const json& j) {
  Unit u;
  u.id = j.at("id").get<std::string>();
  u.projectId = j.at("projectId").get<std::string>();
  u.parentId = readOptStr(j, "parentId");
  u.role = parseRole(j.at("role").get<std::string>()).value_or(Role::User);
  u.kind = parseKind(j.at("kind").get<std::string>()).value_or(Kind::Message);
  u.content = j.at("content").get<std::string>();
  u.status = parseStatus(j.at("status").get<std::string>()).value_or(Status::Complete);
  u.scope = parseScope(j.at("scope").get<std::string>()).value_or(ScopeState::Auto);
  u.seq = j.at("seq").get<int64_t>();
  u.createdAt = j.at("createdAt").get<int64_t>();
  if (!j.at("editedAt").is_null()) u.editedAt = j.at("editedAt").get<int64_t>();
  if (!j.at("source").is_null()) u.source = sourceFrom(j.at("source"));
  u.startsBranch = j.at("startsBranch").get<bool>();
  u.removed = j.at("removed").get<bool>();
  u.author = j.value("author", "");
  return u;
}

json branchJson(const std::optional<BranchMeta>& b) {
  if (!b) return nullptr;
  return json{{"projectId", b->projectId}, {"headId", b->headId},     {"title", optStr(b->title)},
              {"intent", optStr(b->intent)}, {"status", toString(b->status)},
              {"summary", optStr(b->summary)}};
}

std::optional<BranchMeta> branchFrom(const json& j) {
  if (j.is_null()) return std::nullopt;
  BranchMeta b;
  b.projectId = j.at("projectId").get<std::string>();
  b.headId = j.at("headId").get<std::string>();
  b.title = readOptStr(j, "title");
  b.intent = readOptStr(j, "intent");
  b.status = parseBranchStatus(j.at("status").get<std::string>()).value_or(BranchStatus::Open);
  b.summary = readOptStr(j, "summary");
  return b;
}

json marksJson(const Marks& m) {
  return json{{"start", optStr(m.mainlineStartId)}, {"end", optStr(m.mainlineEndId)}};
}

Marks marksFrom(const json& j) { return Marks{readOptStr(j, "start"), readOptStr(j, "end")}; }

}  // namespace

std::string sourceToText(const Source& s) { return sourceJson(s).dump(); }

Source sourceFromText(const std::string& text) {
  try {
    return sourceFrom(json::parse(text));
  } catch (const json::exception& e) {
    throw Error::storage(std::string("store: unreadable unit source: ") + e.what());
  }
}

namespace {

// One JSON value as nlohmann writes it: a string (escaped as it escapes
// them) or null.
void putString(std::string& out, const std::optional<std::string>& s) {
  out += s ? json(*s).dump() : "null";
}

void putMarks(std::string& out, const Marks& m) {
  out += "{\"end\":";
  putString(out, m.mainlineEndId);
  out += ",\"start\":";
  putString(out, m.mainlineStartId);
  out += '}';
}

// The payload of an operation that only created units (every append),
// written straight out: byte for byte what the general form below writes,
// without building its tree of objects on every append.
std::optional<std::string> createdOnlyPayload(const Operation& op) {
  if (!op.branches.empty()) return std::nullopt;
  for (const auto& c : op.units)
    if (!c.created) return std::nullopt;
  std::string out = "{\"branches\":[],\"marksAfter\":";
  putMarks(out, op.marksAfter);
  out += ",\"marksBefore\":";
  putMarks(out, op.marksBefore);
  out += ",\"units\":[";
  for (size_t i = 0; i < op.units.size(); ++i) {
    out += i ? ",{\"created\":" : "{\"created\":";
    putString(out, op.units[i].after.id);
    out += '}';
  }
  out += "]}";
  return out;
}

}  // namespace

std::string operationPayload(const Operation& op) {
  if (auto fast = createdOnlyPayload(op)) return std::move(*fast);
  json units = json::array();
  for (const auto& c : op.units) {
    if (c.created)
      units.push_back({{"created", c.after.id}});
    else
      units.push_back({{"before", unitJson(c.before)}, {"after", unitJson(c.after)}});
  }
  json branches = json::array();
  for (const auto& b : op.branches)
    branches.push_back({{"headId", b.headId}, {"before", branchJson(b.before)}, {"after", branchJson(b.after)}});
  return json{{"units", units},
              {"branches", branches},
              {"marksBefore", marksJson(op.marksBefore)},
              {"marksAfter", marksJson(op.marksAfter)}}
      .dump();
}

void readOperationPayload(const std::string& text, Operation& op) {
  try {
    json j = json::parse(text);
    for (const auto& c : j.at("units")) {
      if (c.contains("created")) {
        UnitChange change;
        change.created = true;
        change.before.id = change.after.id = c.at("created").get<std::string>();
        op.units.push_back(std::move(change));
      } else {
        op.units.push_back({unitFrom(c.at("before")), unitFrom(c.at("after"))});
      }
    }
    for (const auto& b : j.at("branches"))
      op.branches.push_back({b.at("headId").get<std::string>(), branchFrom(b.at("before")), branchFrom(b.at("after"))});
    op.marksBefore = marksFrom(j.at("marksBefore"));
    op.marksAfter = marksFrom(j.at("marksAfter"));
  } catch (const json::exception& e) {
    throw Error::storage(std::string("store: unreadable operation log entry: ") + e.what());
  }
}

}  // namespace grove::images
