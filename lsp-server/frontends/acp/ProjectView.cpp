#include "frontends/acp/ProjectView.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace grove::frontends::acp {

using nlohmann::json;

ProjectView::ProjectView(json got) : got_(std::move(got)) {
  if (!got_.contains("units") || !got_["units"].is_array()) got_["units"] = json::array();
  if (!got_.contains("project") || !got_["project"].is_object()) got_["project"] = json::object();
  for (const auto& u : got_["units"]) {
    if (!u.is_object()) continue;
    if (u.contains("id") && u["id"].is_string()) byId_[u["id"].get<std::string>()] = &u;
    if (u.contains("seq") && u["seq"].is_number_integer()) bySeq_[u["seq"].get<long long>()] = &u;
  }
}

std::string ProjectView::projectId() const { return project().value("id", std::string()); }

std::string ProjectView::cursorId() const {
  const json& c = project().contains("cursorId") ? project()["cursorId"] : json();
  return c.is_string() ? c.get<std::string>() : std::string();
}

const json* ProjectView::unit(const std::string& id) const {
  auto it = byId_.find(id);
  return it == byId_.end() ? nullptr : it->second;
}

std::vector<const json*> ProjectView::pathTo(const std::string& unitId) const {
  std::vector<const json*> path;
  std::set<std::string> seen;  // a malformed tree must not loop us forever
  for (const json* u = unit(unitId); u && seen.insert((*u)["id"].get<std::string>()).second;) {
    path.push_back(u);
    const json& parent = u->contains("parentId") ? (*u)["parentId"] : json();
    u = parent.is_string() ? unit(parent.get<std::string>()) : nullptr;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::string ProjectView::handleOf(const json& unit) {
  return unit.contains("seq") && unit["seq"].is_number_integer()
             ? "u" + std::to_string(unit["seq"].get<long long>())
             : std::string("u?");
}

const json* ProjectView::byHandle(const std::string& handle) const {
  if (handle.size() < 2 || (handle[0] != 'u' && handle[0] != 'U')) return nullptr;
  if (!std::all_of(handle.begin() + 1, handle.end(), [](unsigned char c) { return std::isdigit(c); }))
    return nullptr;
  if (handle.size() > 18) return nullptr;
  auto it = bySeq_.find(std::stoll(handle.substr(1)));
  return it == bySeq_.end() ? nullptr : it->second;
}

std::string ProjectView::handle(const std::string& unitId) const {
  const json* u = unit(unitId);
  return u ? handleOf(*u) : std::string("u?");
}

}  // namespace grove::frontends::acp
