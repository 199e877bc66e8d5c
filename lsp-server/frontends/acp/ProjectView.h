// ProjectView: a grove/project/get result seen the way an ACP session needs
// it: units by id and by handle, and the path from the root to the cursor
// (what `session/load` replays and what `/exclude last` looks back along).
//
// Handles: a unit's handle is "u" + its per-project `seq` (`u12`). Seq is
// stable for the unit's life, the same for every client and process, and
// needs no table of our own; `/preview` prints it and `/exclude u12` reads it.
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grove::frontends::acp {

class ProjectView {
public:
  /// `got` is grove/project/get's result: {project, units, branches}.
  explicit ProjectView(nlohmann::json got);

  const nlohmann::json& project() const { return got_["project"]; }
  std::string projectId() const;
  /// The cursor, or "" when the project has none (an empty path).
  std::string cursorId() const;
  const nlohmann::json* unit(const std::string& id) const;
  /// Root first; empty for "" or an unknown id.
  std::vector<const nlohmann::json*> pathTo(const std::string& unitId) const;
  std::vector<const nlohmann::json*> cursorPath() const { return pathTo(cursorId()); }

  static std::string handleOf(const nlohmann::json& unit);
  /// The unit a handle names ("u12", also "U12"), or null.
  const nlohmann::json* byHandle(const std::string& handle) const;
  std::string handle(const std::string& unitId) const;

private:
  nlohmann::json got_;
  std::map<std::string, const nlohmann::json*> byId_;
  std::map<long long, const nlohmann::json*> bySeq_;
};

}  // namespace grove::frontends::acp
