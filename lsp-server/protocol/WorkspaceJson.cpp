#include "protocol/WorkspaceJson.h"

#include "protocol/Convert.h"

namespace grove::proto {
namespace {

json opt(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

session::FileChange changeFrom(const json& j, const std::string& path) {
  if (!j.is_object()) Params::fail(path, path + " must be {uri, type, oldUri?, text?}");
  session::FileChange c;
  auto uri = j.find("uri");
  if (uri == j.end() || !uri->is_string() || uri->get<std::string>().empty())
    Params::fail(path + ".uri", path + ".uri must be a non-empty string");
  c.uri = uri->get<std::string>();
  auto type = j.find("type");
  std::optional<session::FileChangeType> t;
  if (type != j.end() && type->is_string()) t = session::parseFileChangeType(type->get<std::string>());
  if (!t) Params::fail(path + ".type", path + ".type must be created, changed, deleted or renamed");
  c.type = *t;
  for (const char* key : {"oldUri", "text"}) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) continue;
    if (!it->is_string()) Params::fail(path + "." + key, path + "." + key + " must be a string");
    (std::string(key) == "text" ? c.text : c.oldUri) = it->get<std::string>();
  }
  if (c.type == session::FileChangeType::Renamed && !c.oldUri)
    Params::fail(path + ".oldUri", path + ".oldUri is required for a rename");
  return c;
}

}  // namespace

session::RefreshRequest refreshFrom(const Params& p) {
  session::RefreshRequest r;
  r.workspaceUri = p.str("workspaceUri");
  auto it = p.raw().find("changes");
  if (it != p.raw().end() && !it->is_null()) {
    if (!it->is_array()) Params::fail("changes", "changes must be an array");
    r.changes.emplace();
    for (size_t i = 0; i < it->size(); ++i)
      r.changes->push_back(changeFrom((*it)[i], "changes[" + std::to_string(i) + "]"));
  }
  return r;
}

json toJson(const session::RefreshResult& r) {
  json anchors = json::array();
  for (const auto& a : r.anchors)
    anchors.push_back({{"memoletId", opt(a.memoletId)},
                       {"unitId", opt(a.unitId)},
                       {"range", toJson(a.range)},
                       {"anchor", toJson(a.anchor)}});
  return json{{"anchors", std::move(anchors)},
              {"documents",
               {{"added", r.documentsAdded}, {"updated", r.documentsUpdated}, {"removed", r.documentsRemoved}}}};
}

}  // namespace grove::proto
