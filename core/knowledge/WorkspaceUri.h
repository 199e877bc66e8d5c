// WorkspaceUri: the one spelling of a workspace folder that keys its board
// and its knowledge map, so "file:///a/b/", "file:///a/b" and "file:///a/%62"
// name the same map (design/board-and-knowledge.md, "Workspace URI").
#pragma once

#include <string>

namespace grove::knowledge {

/// No trailing slash (except a bare root), percent-encoding canonical:
/// unreserved characters decoded, other escapes upper-case hex. Throws
/// invalidArg("workspaceUri") for an empty or blank value.
std::string normalizeWorkspaceUri(const std::string& uri);

}  // namespace grove::knowledge
