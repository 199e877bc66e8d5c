#include "interchange/Export.h"

#include <ctime>
#include <unordered_map>
#include <unordered_set>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "support/Error.h"

namespace grove::interchange {
namespace {

// The units an export covers: everything, or the path to a branch's end and
// the subtree under its head.
std::vector<Unit> selectUnits(const ProjectSnapshot& snap, const std::optional<std::string>& headId,
                              Engine& engine) {
  if (!headId) return snap.units;
  Branch branch = engine.branchOf(*headId);
  if (branch.headId != *headId)
    throw Error::invalidOp("notBranchHead", "unit " + *headId + " does not head a branch", *headId);
  std::unordered_map<std::string, const Unit*> byId;
  for (const auto& u : snap.units) byId[u.id] = &u;
  std::unordered_set<std::string> keep;
  for (auto p = byId.count(*headId) ? byId[*headId]->parentId : std::nullopt; p && byId.count(*p); p = byId[*p]->parentId)
    keep.insert(*p);
  keep.insert(*headId);
  for (const auto& u : snap.units)  // seq order: parents before children
    if (u.parentId && keep.count(*u.parentId) && !keep.count(u.id)) {
      bool underHead = false;
      for (auto p = u.parentId; p && byId.count(*p); p = byId[*p]->parentId)
        if (*p == *headId) {
          underHead = true;
          break;
        }
      if (underHead) keep.insert(u.id);
    }
  std::vector<Unit> out;
  for (const auto& u : snap.units)
    if (keep.count(u.id)) out.push_back(u);
  return out;
}

json optStr(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

json sourceJson(const Source& s) {
  auto pos = [](const Position& p) { return json{{"line", p.line}, {"character", p.character}}; };
  json j{{"uri", s.uri},
         {"range", {{"start", pos(s.range.start)}, {"end", pos(s.range.end)}}},
         {"languageId", s.languageId},
         {"memo", s.memo},
         {"contentHash", s.contentHash}};
  if (s.symbol) j["symbol"] = *s.symbol;
  if (s.gitCommit) j["gitCommit"] = *s.gitCommit;
  return j;
}

std::string bundle(Engine& engine, const ProjectSnapshot& snap, const std::vector<Unit>& units) {
  const Project& p = snap.project;
  std::unordered_set<std::string> ids;
  json ju = json::array();
  for (const auto& u : units) {
    ids.insert(u.id);
    json j{{"id", u.id},
           {"parentId", optStr(u.parentId)},
           {"role", toString(u.role)},
           {"kind", toString(u.kind)},
           {"content", u.content},
           {"status", toString(u.status == Status::Streaming ? Status::Interrupted : u.status)},
           {"scope", toString(u.scope)},
           {"createdAt", u.createdAt},
           {"startsBranch", u.startsBranch}};
    if (u.source) j["source"] = sourceJson(*u.source);
    ju.push_back(std::move(j));
  }
  json jb = json::array();
  for (const auto& b : snap.branches) {
    if (!ids.count(b.headId)) continue;
    if (!b.title && !b.intent && !b.summary && b.status == BranchStatus::Open) continue;
    jb.push_back({{"headId", b.headId},
                  {"title", optStr(b.title)},
                  {"intent", optStr(b.intent)},
                  {"status", toString(b.status)},
                  {"summary", optStr(b.summary)}});
  }
  json jc = json::array();
  for (const auto& c : engine.capsules(p.id)) {
    if (c.projectId != p.id) continue;  // only enabled here: it belongs to its own project
    json src = json::array();
    for (const auto& id : c.sourceUnitIds)
      if (ids.count(id)) src.push_back(id);
    bool enabled = std::find(c.enabledIn.begin(), c.enabledIn.end(), p.id) != c.enabledIn.end();
    jc.push_back({{"type", toString(c.type)},
                  {"name", c.name},
                  {"instruction", c.instruction},
                  {"example", c.example},
                  {"source", c.source},
                  {"requiresReview", c.requiresReview},
                  {"reviewed", c.reviewed},
                  {"enabled", enabled},
                  {"sourceUnitIds", src}});
  }
  json jm = json::array();
  for (const auto& m : engine.memolets(p.id)) {
    json src = json::array();
    for (const auto& id : m.sourceUnitIds)
      if (ids.count(id)) src.push_back(id);
    json j{{"id", m.id},         {"title", m.title},     {"keywords", m.keywords}, {"summary", m.summary},
           {"text", m.text},     {"sourceUnitIds", src}, {"manual", m.manual},     {"span", nullptr}};
    if (m.span) j["span"] = {{"unitId", m.span->unitId}, {"start", m.span->start}, {"end", m.span->end}};
    jm.push_back(std::move(j));
  }
  auto inSet = [&](const std::optional<std::string>& id) { return id && ids.count(*id) ? json(*id) : json(nullptr); };
  json out{{"format", kBundleFormat},
           {"version", kGroveBundleVersion},
           {"project",
            {{"id", p.id},
             {"title", p.title},
             {"workspaceUri", optStr(p.workspaceUri)},
             {"mainlineStartId", inSet(p.mainlineStartId)},
             {"mainlineEndId", inSet(p.mainlineEndId)},
             {"cursorId", inSet(p.cursorId)},
             {"createdAt", p.createdAt}}},
           {"units", ju},
           {"branches", jb},
           {"capsules", jc},
           {"memolets", jm}};
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string timeText(int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

void unitMarkdown(std::string& out, const Unit& u) {
  std::string who = u.kind == Kind::Code   ? "Code"
                    : u.kind == Kind::Note ? "Note"
                    : u.role == Role::User ? "You"
                    : u.role == Role::Assistant ? "Assistant"
                                                : "System";
  out += "**" + who + "** · " + timeText(u.createdAt);
  if (u.scope == ScopeState::Excluded) out += " · excluded from context";
  out += "\n\n";
  if (u.kind == Kind::Code && u.source) {
    out += "`" + u.source->uri + "` lines " + std::to_string(u.source->range.start.line + 1) + "–" +
           std::to_string(u.source->range.end.line + 1) + "\n\n```" + u.source->languageId + "\n" + u.content +
           (u.content.empty() || u.content.back() != '\n' ? "\n" : "") + "```\n\n";
    return;
  }
  out += u.content + "\n\n";
}

std::string markdown(const ProjectSnapshot& snap, const std::vector<Unit>& units) {
  const Project& p = snap.project;
  std::unordered_set<std::string> ids;
  std::unordered_map<std::string, const Unit*> byId;
  for (const auto& u : units) {
    ids.insert(u.id);
    byId[u.id] = &u;
  }
  std::string out = "# " + p.title + "\n\n";
  if (p.workspaceUri) out += "Workspace: `" + *p.workspaceUri + "`  \n";
  out += "Exported from Grove: " + std::to_string(units.size()) + " units.\n\n";
  for (const auto& b : snap.branches) {
    std::vector<const Unit*> members;
    for (const auto& id : b.unitIds)
      if (ids.count(id)) members.push_back(byId[id]);
    if (members.empty()) continue;
    if (b.isMainline) {
      out += "## " + (b.title ? *b.title : std::string("Mainline")) + "\n\n";
    } else {
      out += "## Branch: " + (b.title ? *b.title : titleFrom(members.front()->content));
      out += " (" + std::string(toString(b.status)) + ")\n\n";
      if (b.anchorId && byId.count(*b.anchorId))
        out += "_Branches off after: \"" + titleFrom(byId[*b.anchorId]->content) + "\"_\n\n";
    }
    if (b.intent) out += "_Intent: " + *b.intent + "_\n\n";
    for (const Unit* u : members) unitMarkdown(out, *u);
    if (b.summary) out += "> Summary: " + *b.summary + "\n\n";
  }
  return out;
}

}  // namespace

std::optional<ExportFormat> parseExportFormat(const std::string& name) {
  if (name == "markdown") return ExportFormat::Markdown;
  if (name == "json") return ExportFormat::Json;
  return std::nullopt;
}

std::string exportProject(Engine& engine, const std::string& projectId, ExportFormat format,
                          const std::optional<std::string>& headId) {
  ProjectSnapshot snap = engine.getProject(projectId);
  std::vector<Unit> units = selectUnits(snap, headId, engine);
  return format == ExportFormat::Json ? bundle(engine, snap, units) : markdown(snap, units);
}

}  // namespace grove::interchange
