#include "protocol/Convert.h"

#include <ctime>
#include <string_view>
#include <unordered_map>

#include "protocol/JsonText.h"
#include "support/Error.h"
#include "support/HugePages.h"

namespace grove::proto {
namespace {

json opt(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

}  // namespace

std::string isoTime(int64_t ms) {
  // Floor division: an imported time before 1970 keeps a positive millisecond part.
  int64_t millis = ((ms % 1000) + 1000) % 1000;
  std::time_t secs = static_cast<std::time_t>((ms - millis) / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];  // room for any year an int holds
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(millis));
  return buf;
}

json toJson(const Project& p) {
  return json{{"id", p.id},
              {"title", p.title},
              {"workspaceUri", opt(p.workspaceUri)},
              {"mainlineStartId", opt(p.mainlineStartId)},
              {"mainlineEndId", opt(p.mainlineEndId)},
              {"cursorId", opt(p.cursorId)},
              {"revision", p.revision},
              {"createdAt", isoTime(p.createdAt)},
              {"updatedAt", isoTime(p.updatedAt)},
              {"deletedAt", p.deletedAt ? json(isoTime(*p.deletedAt)) : json(nullptr)}};
}

json toJson(const Range& r) {
  return {{"start", {{"line", r.start.line}, {"character", r.start.character}}},
          {"end", {{"line", r.end.line}, {"character", r.end.character}}}};
}

json toJson(const Anchor& a) {
  return json{{"state", toString(a.state)},
              {"checkedAt", a.checkedAt ? json(isoTime(*a.checkedAt)) : json(nullptr)},
              {"diffSummary", opt(a.diffSummary)}};
}

json toJson(const Source& s) {
  return json{{"uri", s.uri},
              {"range", toJson(s.range)},
              {"languageId", s.languageId},
              {"memo", s.memo},
              {"symbol", opt(s.symbol)},
              {"gitCommit", opt(s.gitCommit)},
              {"contentHash", s.contentHash},
              {"gitBranch", opt(s.gitBranch)},
              {"dirty", s.dirty ? json(*s.dirty) : json(nullptr)},
              // A source stored before issue 16 was captured where it is now.
              {"capturedRange", toJson(s.capturedRange.value_or(s.range))},
              {"anchor", toJson(s.anchor)}};
}

// Keep in step with protocol/UnitText.cpp, which writes the same as text
// (JsonText.UnitsAreWrittenAsTheLibraryWritesThem compares them).
json toJson(const Unit& u) {
  json j{{"id", u.id},
         {"projectId", u.projectId},
         {"parentId", opt(u.parentId)},
         {"role", toString(u.role)},
         {"kind", toString(u.kind)},
         {"content", u.content},
         {"status", toString(u.status)},
         {"scope", toString(u.scope)},
         {"seq", u.seq},
         {"startsBranch", u.startsBranch},
         {"createdAt", isoTime(u.createdAt)},
         {"editedAt", u.editedAt ? json(isoTime(*u.editedAt)) : json(nullptr)}};
  j["source"] = u.source ? toJson(*u.source) : json(nullptr);
  return j;
}

void appendBranchesText(std::string& out, const ProjectOutline& s, OutlineForm form) {
  out += '[';
  for (size_t b = 0; b < s.branches.size(); ++b) {
    if (b) out += ',';
    // The unit list sorts last: the other fields, then the list written here
    // (a compact answer names the units by row: ids are most of the rest).
    out += branchFields(s.branches[b].branch).dump(-1, ' ', false, json::error_handler_t::replace);
    out.pop_back();
    out += form == OutlineForm::Packed ? ",\"unitRowSteps\":[" : form == OutlineForm::Compact ? ",\"unitRows\":[" : ",\"unitIds\":[";
    const auto& rows = s.branches[b].unitRows;
    for (size_t i = 0; i < rows.size(); ++i) {
      if (i) out += ',';
      if (form == OutlineForm::Packed)
        appendJsonInt(out, static_cast<int64_t>(rows[i]) - (i ? static_cast<int64_t>(rows[i - 1]) : 0));
      else if (form == OutlineForm::Compact)
        appendJsonInt(out, rows[i]);
      else
        appendJsonString(out, s.units.id(rows[i]));
    }
    out += "]}";
  }
  out += ']';
}

namespace {

// An id as the packed form writes it: how many characters it shares with
// the id before it (at most 35, as one base-36 digit), then the rest. Ids
// lead with their time, so neighbours in seq order share about half.
void appendIdFront(std::string& out, std::string& scratch, std::string_view id, std::string_view before) {
  size_t shared = 0;
  while (shared < 35 && shared < id.size() && shared < before.size() && id[shared] == before[shared]) ++shared;
  scratch.assign(1, "0123456789abcdefghijklmnopqrstuvwxyz"[shared]);
  scratch.append(id.substr(shared));
  appendJsonString(out, scratch);
}

}  // namespace

std::string outlineText(const ProjectOutline& s, OutlineForm form) {
  const UnitOutline& u = s.units;
  const size_t n = u.size();
  const bool compact = form != OutlineForm::Columns;
  const bool packed = form == OutlineForm::Packed;
  std::string out;
  // About what it will hold (measured: ~200 bytes a unit with 100-character
  // heads), so the text is rarely copied while it grows.
  out.reserve(256 + u.text.size() + n * (compact ? 40 : 120));
  adviseHugePages(out.data(), out.capacity());
  auto dump = [&out](const json& j) { out += j.dump(-1, ' ', false, json::error_handler_t::replace); };
  // Keys in the order the library writes them (sorted), so the bytes are
  // those of the json tree this replaces.
  out += "{\"branches\":";
  appendBranchesText(out, s, form);
  out += ",\"project\":";
  dump(toJson(s.project));
  auto column = [&](const char* name, auto&& write) {
    out += '"';
    out += name;
    out += "\":[";
    for (size_t i = 0; i < n; ++i) {
      if (i) out += ',';
      write(i);
    }
    out += ']';
  };
  // A value per unit as its first letter, all in one string (compact).
  auto letters = [&](const char* name, auto&& value) {
    out += '"';
    out += name;
    out += "\":\"";
    for (size_t i = 0; i < n; ++i) out += value(i)[0];
    out += '"';
  };
  auto text = [&](std::string_view v) { appendJsonString(out, v); };
  out += ",\"units\":{";
  if (!compact || s.withHeads) {
    column("head", [&](size_t i) { text(u.head(i)); });
    out += ',';
  }
  if (packed) {
    std::string scratch;
    column("idFronts", [&](size_t i) { appendIdFront(out, scratch, u.id(i), i ? u.id(i - 1) : std::string_view()); });
  } else {
    column("id", [&](size_t i) { text(u.id(i)); });
  }
  out += ',';
  if (compact)
    letters("kind", [&](size_t i) { return toString(u.rows[i].kind); });
  else
    column("kind", [&](size_t i) { text(toString(u.rows[i].kind)); });
  out += ',';
  if (packed)  // a parent is always an earlier row; 0: none listed
    column("parentGaps", [&](size_t i) { appendJsonInt(out, u.rows[i].parent < 0 ? 0 : static_cast<int64_t>(i) - u.rows[i].parent); });
  else
    column("parent", [&](size_t i) { appendJsonInt(out, u.rows[i].parent); });
  out += ',';
  if (compact)
    letters("role", [&](size_t i) { return toString(u.rows[i].role); });
  else
    column("role", [&](size_t i) { text(toString(u.rows[i].role)); });
  out += ',';
  if (compact)
    letters("scope", [&](size_t i) { return toString(u.rows[i].scope); });
  else
    column("scope", [&](size_t i) { text(toString(u.rows[i].scope)); });
  out += ',';
  if (packed)
    column("seqSteps", [&](size_t i) { appendJsonInt(out, u.rows[i].seq - (i ? u.rows[i - 1].seq : 0)); });
  else
    column("seq", [&](size_t i) { appendJsonInt(out, u.rows[i].seq); });
  out += ',';
  if (compact) {
    // The rows that have a source, with it: [[row, Source], ...].
    out += "\"source\":[";
    for (size_t k = 0; k < u.sources.size(); ++k) {
      if (k) out += ',';
      out += '[';
      appendJsonInt(out, static_cast<int64_t>(u.sources[k].first));
      out += ',';
      dump(toJson(u.sources[k].second));
      out += ']';
    }
    out += "],\"startsBranch\":[";
    bool first = true;
    for (size_t i = 0; i < n; ++i) {
      if (!u.rows[i].startsBranch) continue;
      if (!first) out += ',';
      first = false;
      appendJsonInt(out, static_cast<int64_t>(i));
    }
    out += "],";
    letters("status", [&](size_t i) { return toString(u.rows[i].status); });
  } else {
    size_t nextSource = 0;
    column("source", [&](size_t i) {
      if (nextSource < u.sources.size() && u.sources[nextSource].first == i)
        dump(toJson(u.sources[nextSource++].second));
      else
        out += "null";
    });
    out += ',';
    column("startsBranch", [&](size_t i) { out += u.rows[i].startsBranch ? "true" : "false"; });
    out += ',';
    column("status", [&](size_t i) { text(toString(u.rows[i].status)); });
  }
  out += "}}";
  return out;
}

json branchFields(const Branch& b) {
  return json{{"headId", b.headId},   {"anchorId", opt(b.anchorId)}, {"title", opt(b.title)},
              {"intent", opt(b.intent)}, {"status", toString(b.status)},
              {"summary", opt(b.summary)}, {"isMainline", b.isMainline}};
}

json branchSummaries(const ProjectOutline& o) {
  json branches = json::array();
  for (const auto& b : o.branches) {
    json j = branchFields(b.branch);
    j["unitCount"] = b.unitRows.size();
    j["tipId"] = b.unitRows.empty() ? json(nullptr) : json(std::string(o.units.id(b.unitRows.back())));
    j["head"] = b.unitRows.empty() ? std::string() : std::string(o.units.head(b.unitRows.front()));
    branches.push_back(std::move(j));
  }
  return json{{"project", toJson(o.project)}, {"branches", std::move(branches)}};
}

json toJson(const Branch& b) {
  json j = branchFields(b);
  j["unitIds"] = b.unitIds;
  return j;
}

json toJson(const SearchHit& h) {
  return json{{"unitId", h.unitId}, {"projectId", h.projectId}, {"snippet", h.snippet},
              {"score", h.score}};
}

json toJson(const Revision& r) {
  return json{{"content", r.content}, {"editedAt", isoTime(r.editedAt)}};
}

json toJson(const DeleteResult& d) {
  return json{{"removed", d.removed}, {"placeholders", d.placeholders}};
}

json toJson(const ChangeEvent& e) {
  return json{{"projectId", e.projectId}, {"revision", e.revision}, {"op", toString(e.op)}, {"actor", e.actor},
              {"unitIds", e.unitIds}};
}

namespace {

int intAt(const json& j, const char* key, const std::string& path) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer() || it->get<long long>() < 0 ||
      it->get<long long>() > 1000000000)
    Params::fail(path + "." + key, path + "." + key + " must be a non-negative integer");
  return static_cast<int>(it->get<long long>());
}

Position positionFrom(const json& j, const std::string& path) {
  if (!j.is_object()) Params::fail(path, path + " must be {line, character}");
  return {intAt(j, "line", path), intAt(j, "character", path)};
}

std::string strAt(const json& j, const char* key, const std::string& path, bool required) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) Params::fail(path + "." + key, path + "." + key + " is required");
    return {};
  }
  if (!it->is_string()) Params::fail(path + "." + key, path + "." + key + " must be a string");
  return it->get<std::string>();
}

}  // namespace

Range rangeFrom(const json& r, const std::string& path) {
  if (!r.is_object()) Params::fail(path, path + " is required");
  Range out;
  out.start = positionFrom(r.value("start", json()), path + ".start");
  out.end = positionFrom(r.value("end", json()), path + ".end");
  if (out.end.line < out.start.line ||
      (out.end.line == out.start.line && out.end.character < out.start.character))
    Params::fail(path, path + " ends before it starts");
  return out;
}

// capturedRange and anchor are the core's to set: a client's are ignored.
// gitBranch and dirty are optional, so older clients keep working (the core
// then finds them through git).
Source sourceFrom(const json& j) {
  if (!j.is_object()) Params::fail("source", "source must be an object");
  Source s;
  s.uri = strAt(j, "uri", "source", true);
  s.range = rangeFrom(j.value("range", json()), "source.range");
  if (auto v = strAt(j, "gitBranch", "source", false); !v.empty()) s.gitBranch = v;
  if (auto d = j.find("dirty"); d != j.end() && !d->is_null()) {
    if (!d->is_boolean()) Params::fail("source.dirty", "source.dirty must be a boolean or null");
    s.dirty = d->get<bool>();
  }
  s.languageId = strAt(j, "languageId", "source", false);
  s.memo = strAt(j, "memo", "source", false);
  if (auto v = strAt(j, "symbol", "source", false); !v.empty()) s.symbol = v;
  if (auto v = strAt(j, "gitCommit", "source", false); !v.empty()) s.gitCommit = v;
  s.contentHash = strAt(j, "contentHash", "source", false);
  return s;
}

std::optional<AppendRequest::BranchInfo> branchInfoFrom(const Params& p) {
  std::optional<AppendRequest::BranchInfo> out;
  // `branch: {}` opens an untitled branch; Neovim 0.7 sends {} as [], and a
  // bare `true` is accepted too.
  const json& raw = p.raw();
  auto bit = raw.find("branch");
  if (bit != raw.end() && (bit->is_boolean() || (bit->is_array() && bit->empty()))) {
    if (bit->is_array() || bit->get<bool>()) out = AppendRequest::BranchInfo{};
  } else if (const json* b = p.object("branch")) {
    Params bp(*b);
    AppendRequest::BranchInfo info;
    try {
      info.title = bp.optStr("title");
      info.intent = bp.optStr("intent");
    } catch (const Error& e) {
      Params::fail("branch." + e.field(), e.what());
    }
    out = info;
  }
  return out;
}

AppendRequest appendFrom(const Params& p) {
  AppendRequest r;
  r.projectId = p.str("projectId");
  r.parentId = p.nullableStr("parentId");
  auto role = parseRole(p.str("role"));
  if (!role) Params::fail("role", "role must be user, assistant or system");
  r.role = *role;
  if (auto k = p.optStr("kind")) {
    auto kind = parseKind(*k);
    if (!kind) Params::fail("kind", "kind must be message, code or note");
    r.kind = *kind;
  }
  r.content = p.str("content");
  if (const json* s = p.object("source")) r.source = sourceFrom(*s);
  r.branch = branchInfoFrom(p);
  return r;
}

ScopeChange scopeChangeFrom(const Params& p) {
  std::string s = p.str("scope");
  if (s == "auto") return ScopeChange::Auto;
  if (s == "included") return ScopeChange::Included;
  if (s == "excluded") return ScopeChange::Excluded;
  if (s == "toggle") return ScopeChange::Toggle;
  Params::fail("scope", "scope must be auto, included, excluded or toggle");
}

BranchUpdate branchUpdateFrom(const Params& p) {
  BranchUpdate u;
  u.title = p.field("title");
  u.intent = p.field("intent");
  if (auto s = p.optStr("status")) {
    auto st = parseBranchStatus(*s);
    if (!st) Params::fail("status", "status must be open, completed or abandoned");
    u.status = *st;
  }
  return u;
}

}  // namespace grove::proto
