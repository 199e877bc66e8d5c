#include "session/KnowledgeUnits.h"

#include "knowledge/NodeNote.h"
#include "support/Error.h"

namespace grove::session {

Unit knowledgeToUnit(Engine& engine, const std::string& workspaceUri, const std::vector<std::string>& nodeIds,
                     const std::string& projectId, const std::optional<std::string>& parentId) {
  if (nodeIds.empty()) throw Error::invalidArg("nodeIds", "nodeIds must name at least one node");
  AppendRequest r;
  r.projectId = projectId;
  r.parentId = parentId;
  r.role = Role::User;
  r.kind = Kind::Note;
  r.content = knowledge::nodesAsNote(engine.knowledgeMap(workspaceUri), nodeIds);
  return engine.append(r);
}

}  // namespace grove::session
