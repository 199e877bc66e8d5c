// grove/project/*: create, list, get, structure, branches, rename, delete (to
// the trash), restore, setCursor.
#include "protocol/Convert.h"
#include "protocol/UnitText.h"
#include "support/Error.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

namespace {

// Without a limit a page holds this many units (about 1 MB of chat).
constexpr int kDefaultPageUnits = 1000;

std::string dumped(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// grove/project/get's result as text, keys in the order the library writes
// them (sorted); `branches` (already text) and `nextAfterSeq` when given.
// Written, not built as a json tree: a whole 100,000-unit tree is 76 MiB of it.
std::string treeText(const Project& project, const std::vector<Unit>& units, const std::string* branches,
                     const json* nextAfterSeq) {
  const std::string projectText = dumped(toJson(project));
  std::string out;
  out.reserve(proto::unitsJsonSize(units) + projectText.size() + (branches ? branches->size() : 0) + 64);
  out += '{';
  if (branches) out += "\"branches\":" + *branches + ',';
  if (nextAfterSeq) out += "\"nextAfterSeq\":" + dumped(*nextAfterSeq) + ',';
  out += "\"project\":" + projectText + ",\"units\":";
  proto::appendUnitsJson(out, units);
  out += '}';
  return out;
}

// A page of grove/project/get. The first (afterSeq absent or 0) also carries
// the branches, read from the outline: without the text, so the page stays
// the size of its units and the tree's ids.
std::string pageText(RequestContext& c, const std::string& projectId, int afterSeq, int limit) {
  ProjectPage page = c.engine.projectPage(projectId, afterSeq, limit);
  const json next = page.nextAfterSeq ? json(*page.nextAfterSeq) : json(nullptr);
  if (afterSeq != 0) return treeText(page.project, page.units, nullptr, &next);
  std::string branches;
  proto::appendBranchesText(branches, c.engine.projectOutline(projectId, 0), proto::OutlineForm::Columns);
  return treeText(page.project, page.units, &branches, &next);
}

}  // namespace

void registerProjectHandlers(MethodTable& t) {
  t.add("grove/project/create", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.createProject(p.str("title"), p.optStr("workspaceUri")));
  });
  t.add("grove/project/list", kRead, [](RequestContext& c, const Params& p) {
    json list = json::array();
    for (const auto& pr : c.engine.listProjects(p.optStr("workspaceUri"), p.flag("includeDeleted", false)))
      list.push_back(toJson(pr));
    return json{{"projects", list}};
  });
  t.addWithReply("grove/project/get", kRead, [](RequestContext& c, const Params& p, Reply reply) {
    const std::optional<int> limit = p.optInt("limit"), afterSeq = p.optInt("afterSeq");
    if (limit || afterSeq)
      return reply.sendText(pageText(c, p.str("projectId"), afterSeq.value_or(0), limit.value_or(kDefaultPageUnits)));
    ProjectSnapshot s = c.engine.getProject(p.str("projectId"));
    json branches = json::array();
    for (const auto& b : s.branches) branches.push_back(toJson(b));
    const std::string branchesText = dumped(branches);
    reply.sendText(treeText(s.project, s.units, &branchesText, nullptr));
  });
  t.addWithReply("grove/project/structure", kRead, [](RequestContext& c, const Params& p, Reply reply) {
    // Written as text: a 100,000-unit map is about 20 MB of JSON.
    const int headChars = p.optInt("headChars").value_or(Engine::kOutlineHeadChars);
    const bool compact = p.flag("compact", false), packed = p.flag("packed", false);
    const auto form = packed ? proto::OutlineForm::Packed : compact ? proto::OutlineForm::Compact : proto::OutlineForm::Columns;
    reply.sendText(proto::outlineText(c.engine.projectOutline(p.str("projectId"), headChars), form));
  });
  t.add("grove/project/branches", kRead, [](RequestContext& c, const Params& p) {
    // What an editor's lists and pickers show of a conversation (its branches,
    // how long each is, where it ends), without the whole tree: read from the
    // outline, so its size is the branches', not the units'.
    const std::optional<std::string> unitId = p.optStr("unitId");
    const ProjectOutline o = c.engine.projectOutline(p.str("projectId"));
    json out = proto::branchSummaries(o);
    if (unitId) {
      auto b = o.branchHolding(*unitId);
      if (!b) throw Error::notFound("unitNotFound", *unitId);
      out["unitBranch"] = o.branches[*b].branch.headId;
    }
    return out;
  });
  t.add("grove/project/rename", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.renameProject(p.str("projectId"), p.str("title")));
  });
  t.add("grove/project/delete", kChange, [](RequestContext& c, const Params& p) {
    c.engine.deleteProject(p.str("projectId"));
    return json::object();
  });
  t.add("grove/project/restore", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.restoreProject(p.str("projectId")));
  });
  t.add("grove/project/setCursor", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.session.setCursor(p.str("projectId"), p.nullableStr("cursorId")));
  });
}

}  // namespace grove::server
