// Grove's own JSON bundle (Export.cpp): read back without loss. The source
// session id is the exported project's id, so importing a bundle twice adds
// nothing.
#include "interchange/Export.h"
#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"

namespace grove::interchange {
namespace {

std::optional<std::string> optStr(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_string()) return std::nullopt;
  return j[key].get<std::string>();
}

int64_t intOf(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_number_integer() ? j[key].get<int64_t>() : 0;
}

const json& member(const json& j, const char* key) {
  static const json kNull;
  return j.is_object() && j.contains(key) ? j[key] : kNull;
}

std::vector<std::string> strList(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key) && j[key].is_array())
    for (const auto& s : j[key])
      if (s.is_string()) out.push_back(s);
  return out;
}

}  // namespace

FileRead readGroveBundle(const std::string& path) {
  FileRead read;
  read.path = path;
  auto doc = readJsonOrRefuse(read);
  if (!doc) return read;
  if (!doc->is_object() || str(*doc, "format") != kBundleFormat || !(*doc)["project"].is_object() ||
      !(*doc)["units"].is_array()) {
    refuse(read, "not a Grove export (no \"format\": \"grove-export\" with a project and units)");
    return read;
  }
  int64_t version = intOf(*doc, "version");
  if (version > kGroveBundleVersion || version < 1) {
    refuse(read, "Grove export version " + std::to_string(version) + " is not one this Grove reads (1 to " +
                     std::to_string(kGroveBundleVersion) + ")");
    return read;
  }
  const json& p = (*doc)["project"];
  ImportedSession s;
  s.kind = "grove";
  s.sourceId = str(p, "id");
  s.title = str(p, "title");
  s.workspaceUri = optStr(p, "workspaceUri");
  s.activeLeaf = optStr(p, "mainlineEndId");
  s.mainlineStart = optStr(p, "mainlineStartId");
  s.cursor = optStr(p, "cursorId");
  if (s.sourceId.empty()) {
    refuse(read, "the export names no project id");
    return read;
  }
  std::unordered_map<std::string, size_t> index;
  for (const auto& u : (*doc)["units"]) {
    ImportedMessage m;
    m.sourceId = str(u, "id");
    auto role = parseRole(str(u, "role"));
    auto kind = parseKind(str(u, "kind"));
    if (m.sourceId.empty() || !role || !kind || *kind == Kind::Placeholder) {
      read.skipped.push_back("unit " + (m.sourceId.empty() ? std::string("without id") : m.sourceId) +
                             ": not a unit this Grove reads, skipped");
      continue;
    }
    m.parentSourceId = optStr(u, "parentId");
    m.role = *role;
    m.kind = *kind;
    m.text = str(u, "content");
    m.status = parseStatus(str(u, "status")).value_or(Status::Complete);
    if (m.status == Status::Streaming) m.status = Status::Interrupted;
    m.createdAt = u.contains("createdAt") && u["createdAt"].is_number_integer() ? u["createdAt"].get<int64_t>() : 0;
    m.scope = parseScope(str(u, "scope"));
    m.startsBranch = u.contains("startsBranch") && u["startsBranch"] == true;
    if (m.kind == Kind::Code) {
      const json& src = member(u, "source");
      const json& range = member(src, "range");
      if (str(src, "uri").empty() || !range.is_object()) {
        read.skipped.push_back("unit " + m.sourceId + ": a code unit without a source, skipped");
        continue;
      }
      m.code = ImportedCode{str(src, "uri"), static_cast<int>(intOf(member(range, "start"), "line")),
                            static_cast<int>(intOf(member(range, "end"), "line")), str(src, "languageId")};
    }
    index[m.sourceId] = s.messages.size();
    s.messages.push_back(std::move(m));
  }
  if (doc->contains("branches") && (*doc)["branches"].is_array())
    for (const auto& b : (*doc)["branches"]) {
      auto it = index.find(str(b, "headId"));
      if (it == index.end()) continue;
      BranchMeta meta;
      meta.headId = it->first;
      meta.title = optStr(b, "title");
      meta.intent = optStr(b, "intent");
      meta.status = parseBranchStatus(str(b, "status")).value_or(BranchStatus::Open);
      meta.summary = optStr(b, "summary");
      s.messages[it->second].branch = meta;
    }
  if (doc->contains("capsules") && (*doc)["capsules"].is_array())
    for (const auto& c : (*doc)["capsules"]) {
      ImportedCapsule cap;
      cap.type = str(c, "type");
      cap.name = str(c, "name");
      cap.instruction = str(c, "instruction");
      cap.example = str(c, "example");
      cap.source = str(c, "source").empty() ? "native" : str(c, "source");
      cap.requiresReview = !c.contains("requiresReview") || c["requiresReview"] == true;
      cap.reviewed = c.contains("reviewed") && c["reviewed"] == true;
      cap.enabled = c.contains("enabled") && c["enabled"] == true;
      cap.sourceIds = strList(c, "sourceUnitIds");
      s.capsules.push_back(std::move(cap));
    }
  if (doc->contains("memolets") && (*doc)["memolets"].is_array())
    for (const auto& m : (*doc)["memolets"]) {
      // Exchange memolets are rebuilt by indexing the imported units; only
      // the ones made by hand need recreating.
      if (!(m.contains("manual") && m["manual"] == true)) continue;
      ImportedMemolet im;
      im.title = optStr(m, "title");
      im.sourceIds = strList(m, "sourceUnitIds");
      if (m.contains("span") && m["span"].is_object()) {
        im.spanSourceId = optStr(m["span"], "unitId");
        im.spanStart = intOf(m["span"], "start");
        im.spanEnd = intOf(m["span"], "end");
      }
      s.memolets.push_back(std::move(im));
    }
  read.sessions.push_back(std::move(s));
  return read;
}

}  // namespace grove::interchange
